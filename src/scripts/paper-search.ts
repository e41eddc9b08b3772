/**
 * <paper-search>: takes over the explorer's search box, facets and list. Queries go to a Web Worker
 * (search-worker.ts) so typing never waits for a search; each request carries an id and only the
 * answer to the latest one is shown. The state lives in the URL (`?q=…&tag=…&type=…`).
 */
import type { SearchResults } from '../lib/search/engine';
import type { SearchWorkerResponse } from '../lib/search/protocol';
import {
  isActive,
  readSearchState,
  toggleFilter,
  writeSearchState,
  type SearchState,
} from '../lib/search/search-url';
import { paperPath, tagPath } from '../lib/site/urls';
import './reading-list';
import { fillSnippet, resultItem, type ResultContext } from './search-render';

const DEBOUNCE_MS = 80;
const PAGE = 50;

const required = <T extends Element>(root: ParentNode, selector: string): T => {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`paper-search: missing ${selector}`);
  return element;
};

class PaperSearch extends HTMLElement {
  private state: SearchState = { query: '', tags: [], types: [] };
  private worker: Worker | undefined;
  private ready = false;
  private latest = 0;
  /** Whether the answer to the latest request continues the list ("Show more") or replaces it. */
  private appendNext = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private staticCounts = new Map<HTMLElement, string>();
  private labels = new Map<string, string>();
  private context!: ResultContext;

  private get input() {
    return required<HTMLInputElement>(this, 'input[name="q"]');
  }
  private get results() {
    return required<HTMLElement>(this, '[data-search-results]');
  }
  private get list() {
    return required<HTMLOListElement>(this, '[data-result-list]');
  }
  private get status() {
    return required<HTMLElement>(this, '[data-search-status]');
  }
  private get facets() {
    return [...this.querySelectorAll<HTMLAnchorElement>('a[data-facet]')];
  }

  connectedCallback() {
    this.context = {
      paperUrl: paperPath,
      tagUrl: (slug) => tagPath(slug),
      tagLabel: (slug) => this.labels.get(slug) ?? slug,
    };
    for (const link of this.facets) {
      this.labels.set(
        link.dataset.tag ?? '',
        link.querySelector('.facet-label')?.textContent ?? '',
      );
      const count = link.querySelector<HTMLElement>('[data-count-for]');
      if (count) this.staticCounts.set(count, count.textContent ?? '');
      link.addEventListener('click', (event) => this.onFacet(event, link));
    }
    required<HTMLFormElement>(this, 'form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.setQuery(this.input.value, 'now');
    });
    this.input.addEventListener('input', () => this.setQuery(this.input.value, 'debounced'));
    this.input.addEventListener('keydown', (event) => this.onInputKey(event));
    this.input.addEventListener('focus', () => this.startWorker(), { once: true });
    this.list.addEventListener('keydown', (event) => this.onListKey(event));
    required(this, '[data-more]').addEventListener('click', () => this.search(this.shownCount()));
    required(this, '[data-clear]').addEventListener('click', () => this.clear());
    required(this, '[data-clear-filters]').addEventListener('click', () => {
      this.state = { ...this.state, tags: [], types: [] };
      this.writeUrl('push');
      this.run();
    });
    document.addEventListener('keydown', (event) => this.onGlobalKey(event));
    window.addEventListener('popstate', () => this.apply(readSearchState(location.search)));
    this.apply(readSearchState(location.search));
    // Without a search in the URL the index is not needed for first paint: fetch it when idle.
    if (!isActive(this.state)) {
      const idle =
        window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
      window.addEventListener('load', () => idle(() => this.startWorker()), { once: true });
    }
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<SearchWorkerResponse>) =>
      this.onMessage(event.data),
    );
    worker.postMessage({ type: 'init', indexUrl: this.dataset.indexUrl });
    this.worker = worker;
    return worker;
  }

  /** Shows a state that came from the URL (page load, back/forward). */
  private apply(state: SearchState) {
    this.state = state;
    this.input.value = state.query;
    this.run();
  }

  private setQuery(query: string, when: 'now' | 'debounced') {
    clearTimeout(this.timer);
    const go = () => {
      const wasActive = isActive(this.state);
      this.state = { ...this.state, query };
      this.writeUrl(wasActive ? 'replace' : 'push');
      this.run();
    };
    if (when === 'now') go();
    else this.timer = setTimeout(go, DEBOUNCE_MS);
  }

  private onFacet(event: MouseEvent, link: HTMLAnchorElement) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const slug = link.dataset.tag ?? '';
    const facet = link.dataset.facet === 'type' ? 'type' : 'tag';
    this.state = toggleFilter(this.state, facet, facet === 'type' ? slug.slice(5) : slug);
    this.writeUrl('push');
    this.run();
  }

  private clear() {
    this.state = { query: '', tags: [], types: [] };
    this.input.value = '';
    this.writeUrl('push');
    this.run();
    this.input.focus();
  }

  private writeUrl(mode: 'push' | 'replace') {
    const url = `${location.pathname}${writeSearchState(this.state)}`;
    if (url === `${location.pathname}${location.search}`) return;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  /** Shows the static list for an empty state, else asks the worker. */
  private run() {
    for (const link of this.facets) {
      const slug = link.dataset.tag ?? '';
      const on =
        this.state.tags.includes(slug) || this.state.types.some((t) => `type-${t}` === slug);
      if (on) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    const map = this.querySelector<HTMLAnchorElement>('[data-map-link]');
    if (map) map.search = writeSearchState(this.state);
    const active = isActive(this.state);
    this.toggleAttribute('data-searching', active);
    this.results.hidden = !active;
    if (!active) {
      this.latest += 1;
      for (const [element, text] of this.staticCounts) element.textContent = text;
      this.status.textContent = '';
      return;
    }
    this.search(0);
  }

  private search(offset: number) {
    this.latest += 1;
    this.appendNext = offset > 0;
    const worker = this.startWorker();
    worker.postMessage({
      type: 'search',
      id: this.latest,
      query: this.state.query,
      filters: { tags: this.state.tags, types: this.state.types },
      limit: PAGE,
      offset,
    });
    if (!this.ready) {
      this.results.setAttribute('aria-busy', 'true');
      this.status.textContent = 'Loading the search index…';
    }
  }

  private onMessage(message: SearchWorkerResponse) {
    if (message.type === 'ready') {
      this.ready = true;
      return;
    }
    if (message.type === 'error') {
      this.results.removeAttribute('aria-busy');
      this.status.textContent = `Search is unavailable: ${message.message}`;
      return;
    }
    if (message.id !== this.latest) return;
    if (message.type === 'results') this.render(message.results);
    else {
      for (const late of message.snippets) {
        const item = this.list.querySelector<HTMLElement>(
          `li[data-slug="${CSS.escape(late.slug)}"]`,
        );
        const snippet = item?.querySelector<HTMLElement>('.search-snippet');
        if (snippet) fillSnippet(snippet, late.snippet, late.snippetRanges);
      }
    }
  }

  private shownCount(): number {
    return this.list.children.length;
  }

  private render(results: SearchResults) {
    this.results.removeAttribute('aria-busy');
    const template = required<HTMLTemplateElement>(this, 'template[data-card-template]');
    const items = results.hits.map((hit) => resultItem(hit, this.context, template));
    if (this.appendNext) this.list.append(...items);
    else this.list.replaceChildren(...items);
    this.updateCounts(results);
    this.status.textContent = describe(results.total, this.state);
    required<HTMLElement>(this, '[data-more]').hidden = this.shownCount() >= results.total;
    this.renderNoResults(results);
  }

  private updateCounts(results: SearchResults) {
    for (const [element] of this.staticCounts) {
      const slug = element.dataset.countFor ?? '';
      const count = slug.startsWith('type-')
        ? (results.facets.types[slug.slice(5) as keyof typeof results.facets.types] ?? 0)
        : (results.facets.tags[slug] ?? 0);
      element.textContent = String(count);
    }
  }

  private renderNoResults(results: SearchResults) {
    const box = required<HTMLElement>(this, '[data-no-results]');
    box.hidden = results.total > 0;
    const suggestions = required<HTMLElement>(this, '[data-suggestions]');
    suggestions.replaceChildren();
    for (const suggestion of results.suggestions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = suggestion;
      button.addEventListener('click', () => {
        this.input.value = suggestion;
        this.setQuery(suggestion, 'now');
      });
      suggestions.append(button);
    }
    required<HTMLElement>(this, '[data-suggestion-intro]').hidden =
      results.suggestions.length === 0;
  }

  private onInputKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (this.input.value) this.setQuery((this.input.value = ''), 'now');
    } else if (event.key === 'ArrowDown' && !this.results.hidden) {
      const first = this.list.querySelector<HTMLAnchorElement>('h3 a');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  private onListKey(event: KeyboardEvent) {
    const links = [...this.list.querySelectorAll<HTMLAnchorElement>('h3 a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown' && at < links.length - 1) links[at + 1]?.focus();
    else if (event.key === 'ArrowUp') (at > 0 ? links[at - 1] : this.input)?.focus();
    else if (event.key === 'Escape') this.input.focus();
    else return;
    event.preventDefault();
  }

  private onGlobalKey(event: KeyboardEvent) {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'))
      return;
    event.preventDefault();
    this.input.focus();
    this.input.select();
  }
}

/** The result count line, e.g. `12 papers match “diffusion” in Graphs`. */
function describe(total: number, state: SearchState): string {
  const papers = total === 1 ? '1 paper matches' : `${total.toLocaleString('en')} papers match`;
  const query = state.query ? ` “${state.query}”` : '';
  const filters = state.tags.length + state.types.length;
  return `${papers}${query}${filters ? ` with ${filters} ${filters === 1 ? 'filter' : 'filters'}` : ''}`;
}

customElements.define('paper-search', PaperSearch);
