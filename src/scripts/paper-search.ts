/**
 * <paper-search>: takes over the explorer's search box, facets and list. Queries go to a Web Worker
 * (search-worker.ts) so typing never waits for a search; each request carries an id and only the
 * answer to the latest one is shown. The state lives in the URL (`?q=…&tag=…&type=…&venue=…&year=…`); the URL
 * always keeps what was typed, even when the engine searched a corrected spelling.
 */
import type { SearchHit, SearchResults } from '../lib/search/engine';
import type { Range } from '../lib/search/snippet';
import type { SearchWorkerResponse } from '../lib/search/protocol';
import {
  isActive,
  readSearchState,
  toggleFilter,
  writeSearchState,
  type FilterFacet,
  type SearchState,
} from '../lib/search/search-url';
import { authorSlug } from '../lib/site/authors';
import { authorPath, paperPath, tagPath } from '../lib/site/urls';
import './reading-list';
import type { SearchBoot } from './search-boot';
import { fillSnippet, resultItem, type ResultContext } from './search-render';
import { formatCount } from '../lib/format';

const DEBOUNCE_MS = 80;
const PAGE = 50;
/**
 * A new query first asks for what fills a phone's screen, and the rest of its first page right
 * after (issue 35: building and laying out 50 cards on a slow phone delayed the first result).
 */
const FIRST_PAGE = 10;
/**
 * Result cards added to the page per task. Building and laying out a card takes ~12 ms on a slow
 * phone (4× slower CPU): the first 10 results were one 130 ms task and the rest of the first page
 * (40) one of 280 ms, blocking any tap meanwhile (Lighthouse's total blocking time). In slices of
 * 4 the browser paints and answers input between them, and the first cards show as soon.
 */
const SLICE = 4;
/**
 * Where the reader was in a search's results when they left the page (sessionStorage). The results
 * are drawn after load, too late for the browser's own scroll restoration: Back from a result
 * landed near the top of the list, not at the card the reader had opened.
 */
const RETURN_KEY = 'paper-explorer:search-return';
/** Most results redrawn to reach the place a reader left: "Show more" pages beyond it are not kept. */
const MAX_RETURN_RESULTS = 500;

/** How long a place returned to is held while the results above it still grow. */
const HOLD_MS = 5_000;
/** What the reader does that ends that hold: their own scrolling wins. */
const READER_MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * A place in a search's results: the page address, the scroll offset, the results shown, and the
 * first result in view with its distance from the screen's top. Back scrolls to that result, not
 * to the offset alone: the results above it are shorter until their snippets come back.
 */
interface ReturnPoint {
  url: string;
  y: number;
  shown: number;
  slug?: string;
  top?: number;
}

/** The place a reader left this page's results, when they came back to it (Back, Forward). */
function returnPoint(): ReturnPoint | null {
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'back_forward') return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as ReturnPoint | null;
    return saved?.url === location.href && Number.isFinite(saved.y) && Number.isFinite(saved.shown)
      ? saved
      : null;
  } catch {
    return null;
  }
}

const required = <T extends Element>(root: ParentNode, selector: string): T => {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`paper-search: missing ${selector}`);
  return element;
};

/** A touch screen without a mouse: focusing a text field there raises the on-screen keyboard. */
function touchScreen(): boolean {
  return matchMedia('(pointer: coarse)').matches && !matchMedia('(any-pointer: fine)').matches;
}

class PaperSearch extends HTMLElement {
  private state: Required<SearchState> = { query: '', tags: [], types: [], venues: [], years: [] };
  private worker: Worker | undefined;
  private ready = false;
  private latest = 0;
  /** Whether the answer to the latest request continues the list ("Show more") or replaces it. */
  private appendNext = false;
  /** The request that replaced the list: late snippets of it and of its follow-ups are shown. */
  private listRequest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** "Search instead for" was chosen: search the words as typed, without corrections, until the query changes. */
  private asTyped = false;
  private staticCounts = new Map<HTMLElement, string>();
  private labels = new Map<string, string>();
  /** Results waiting for their slice (SLICE), in ranking order. */
  private queue: SearchHit[] = [];
  /** Whether a slice is planned (`pump`). */
  private pumping = false;
  /** Snippets that came for results still in the queue, by slug. */
  private waitingSnippets = new Map<string, { snippet: string | null; ranges: Range[] }>();
  private context!: ResultContext;
  /** The slug of the result whose link the reader followed last. */
  private opened: string | undefined;
  /** Where to scroll once the first results are drawn: the reader came Back to them. */
  private returnTo: ReturnPoint | null = null;

  private get input() {
    return required<HTMLInputElement>(this, 'input[name="q"]');
  }
  private get results() {
    return required<HTMLElement>(this, '[data-search-results]');
  }
  private get list() {
    return required<HTMLOListElement>(this, '[data-result-list]');
  }
  private get partialList() {
    return required<HTMLOListElement>(this, '[data-partial-list]');
  }
  /** The result links, complete matches first, for the arrow keys. */
  private get resultLinks() {
    return [...this.querySelectorAll<HTMLAnchorElement>('[data-search-results] li h3 a')];
  }
  private get status() {
    return required<HTMLElement>(this, '[data-search-status]');
  }
  private get facets() {
    return [...this.querySelectorAll<HTMLAnchorElement>('a[data-facet]')];
  }

  connectedCallback() {
    this.foldFiltersOnNarrowScreens();
    this.context = {
      paperUrl: paperPath,
      authorUrl: (name) => authorPath(authorSlug(name)),
      tagUrl: (slug) => tagPath(slug),
      tagLabel: (slug) => this.labels.get(slug) ?? slug,
    };
    for (const link of this.facets) {
      this.labels.set(
        link.dataset.tag ?? '',
        link.querySelector('.facet-label')?.textContent?.trim() ?? '',
      );
      const count = link.querySelector<HTMLElement>('[data-count-for]');
      if (count) this.staticCounts.set(count, count.textContent ?? '');
      link.addEventListener('click', (event) => this.onFacet(event, link));
    }
    required<HTMLFormElement>(this, 'form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.setQuery(this.input.value, 'now');
      // The Search key on a phone: put the keyboard away, so the results are what is seen.
      if (touchScreen()) this.input.blur();
    });
    this.input.addEventListener('input', () => this.setQuery(this.input.value, 'debounced'));
    this.input.addEventListener('keydown', (event) => this.onInputKey(event));
    this.input.addEventListener('focus', () => this.startWorker(), { once: true });
    this.results.addEventListener('keydown', (event) => this.onListKey(event));
    this.results.addEventListener('click', (event) => this.onResultTag(event));
    this.results.addEventListener('click', (event) => {
      const link = (event.target as Element).closest('li[data-slug] h3 a');
      if (link) this.opened = link.closest<HTMLElement>('li[data-slug]')?.dataset.slug;
    });
    required(this, '[data-more]').addEventListener('click', () => this.search(this.listedCount()));
    required(this, '[data-clear]').addEventListener('click', () => this.clearQuery());
    required(this, '[data-clear-filters]').addEventListener('click', () => this.clearFilters());
    required(this, '[data-search-as-typed]').addEventListener('click', () => {
      this.asTyped = true;
      this.search(0);
    });
    document.addEventListener('keydown', (event) => this.onGlobalKey(event));
    window.addEventListener('popstate', () => {
      this.forgetReturnPoint();
      this.apply(readSearchState(location.search));
    });
    window.addEventListener('pagehide', () => this.keepReturnPoint());
    this.returnTo = returnPoint();
    // This page scrolls there itself once the results are in; the browser's own try comes first.
    if (this.returnTo) history.scrollRestoration = 'manual';
    this.apply(readSearchState(location.search));
    // Without a search in the URL the index is not needed for first paint: fetch it when idle.
    if (!isActive(this.state)) {
      const idle =
        window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
      if (document.readyState === 'complete') idle(() => this.startWorker());
      else window.addEventListener('load', () => idle(() => this.startWorker()), { once: true });
    }
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    // A search link's worker was started by the page's first script (ExplorerPage.astro).
    const boot = (window as { paperSearchBoot?: SearchBoot }).paperSearchBoot;
    if (boot) {
      this.worker = boot.worker;
      boot.worker.onmessage = null;
      boot.worker.addEventListener('message', (event: MessageEvent<SearchWorkerResponse>) =>
        this.onMessage(event.data),
      );
      for (const message of boot.early.splice(0)) this.onMessage(message);
      return boot.worker;
    }
    // ExplorerPage.astro gives the worker's URL: the same file search-boot.ts starts.
    const worker = new Worker(this.dataset.workerUrl ?? '', { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<SearchWorkerResponse>) =>
      this.onMessage(event.data),
    );
    worker.postMessage({
      type: 'init',
      indexUrl: this.dataset.indexUrl,
      fullIndexUrl: this.dataset.fullIndexUrl,
    });
    this.worker = worker;
    return worker;
  }

  /** Shows a state that came from the URL (page load, back/forward). */
  private apply(state: Required<SearchState>) {
    this.state = state;
    this.input.value = state.query;
    this.run();
  }

  private setQuery(query: string, when: 'now' | 'debounced') {
    clearTimeout(this.timer);
    const go = () => {
      if (query !== this.state.query) this.asTyped = false;
      const wasActive = isActive(this.state);
      this.state = { ...this.state, query };
      this.writeUrl(wasActive ? 'replace' : 'push');
      this.run();
    };
    if (when === 'now') go();
    else this.timer = setTimeout(go, DEBOUNCE_MS);
  }

  /** Phones: the filters fold under "Filters" so the first paper shows; wide screens: always open. */
  private foldFiltersOnNarrowScreens() {
    const disclosure = this.querySelector<HTMLDetailsElement>('details[data-filters-disclosure]');
    if (!disclosure) return;
    const wide = window.matchMedia('(width >= 60rem)');
    const fit = () => (disclosure.open = wide.matches);
    fit();
    wide.addEventListener('change', fit);
  }

  private onFacet(event: MouseEvent, link: HTMLAnchorElement) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const slug = link.dataset.tag;
    if (!slug) return;
    event.preventDefault();
    this.toggle(slug);
  }

  /** A tag of a result: on the explorer it adds that filter and keeps the query. */
  private onResultTag(event: MouseEvent) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a.tag[data-filter]');
    const slug = link?.dataset.filter;
    if (!slug) return;
    event.preventDefault();
    if (!this.isOn(slug)) this.toggle(slug);
    this.focusInputUnlessTouch();
  }

  /** Back to the words after a filter changes; not on a touch screen, where it raises the keyboard. */
  private focusInputUnlessTouch() {
    if (!touchScreen()) this.input.focus();
  }

  /** Switches a filter (a topic slug, `type-<type>`, `venue:<venue>` or `year:<year>`) on or off. */
  private toggle(slug: string) {
    const [facet, value] = filterOf(slug);
    this.state = {
      ...this.state,
      venues: [],
      years: [],
      ...toggleFilter(this.state, facet, value),
    } as Required<SearchState>;
    this.writeUrl('push');
    this.run();
  }

  private isOn(slug: string): boolean {
    return filterKeys(this.state).includes(slug);
  }

  /** Clears the words and keeps the filters. */
  private clearQuery() {
    this.state = { ...this.state, query: '' };
    this.input.value = '';
    this.asTyped = false;
    this.writeUrl('push');
    this.run();
    this.input.focus();
  }

  /** Clears the filters and keeps the words. */
  private clearFilters() {
    this.state = { ...this.state, tags: [], types: [], venues: [], years: [] };
    this.writeUrl('push');
    this.run();
    this.focusInputUnlessTouch();
  }

  private writeUrl(mode: 'push' | 'replace') {
    // The reader moved on before the results came back: no place of the old results to return to.
    this.forgetReturnPoint();
    const url = `${location.pathname}${writeSearchState(this.state)}`;
    if (url === `${location.pathname}${location.search}`) return;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  /** Shows the static list for an empty state, else asks the worker. */
  private run() {
    for (const link of this.facets) {
      if (this.isOn(link.dataset.tag ?? '')) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    this.renderChips();
    required<HTMLElement>(this, '[data-clear]').hidden = this.state.query.trim() === '';
    const map = this.querySelector<HTMLAnchorElement>('[data-map-link]');
    if (map) map.search = writeSearchState(this.state);
    const active = isActive(this.state);
    this.toggleAttribute('data-searching', active);
    this.results.hidden = !active;
    if (!active) {
      this.forgetReturnPoint();
      this.latest += 1;
      this.queue = [];
      for (const [element, text] of this.staticCounts) setCount(element, text);
      this.status.textContent = '';
      announce(Number(this.dataset.paperCount ?? 0), this.state.query);
      return;
    }
    // Back to results: as many as were shown, so the place the reader left exists again.
    const shown = Math.min(this.returnTo?.shown ?? 0, MAX_RETURN_RESULTS);
    this.search(0, Math.max(FIRST_PAGE, shown));
  }

  /**
   * No place to return to any more. The browser restores scrolling again once the reader moves on
   * (a new query or filter, Back within the page): history entries pushed from this one take its
   * setting. Not right after this page's own scroll: the browser's pending restoration would
   * then undo it.
   */
  private forgetReturnPoint(movingOn = true) {
    this.returnTo = null;
    if (movingOn && history.scrollRestoration === 'manual') history.scrollRestoration = 'auto';
  }

  /**
   * Scrolls so that `item` is `top` pixels from the screen's top, and keeps it there while the
   * page above it grows (the results' snippets come back after them) until the reader scrolls,
   * taps or types, or {@link HOLD_MS} pass.
   */
  private holdInPlace(item: HTMLElement, top: number) {
    const align = () =>
      window.scrollTo({
        top: item.getBoundingClientRect().top + window.scrollY - top,
        behavior: 'instant',
      });
    align();
    // The page's height: what grows above the result (its neighbours' snippets, a notice, the
    // status line) grows the page.
    const observer = new ResizeObserver(align);
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      for (const type of READER_MOVES) window.removeEventListener(type, stop);
    };
    for (const type of READER_MOVES) window.addEventListener(type, stop, { passive: true });
    setTimeout(stop, HOLD_MS);
  }

  /** Remembers where the reader is in the results, for Back (see RETURN_KEY). */
  private keepReturnPoint() {
    if (!isActive(this.state)) return;
    const point: ReturnPoint = { url: location.href, y: window.scrollY, shown: this.listedCount() };
    // The result the reader opened, when it is on the screen; else the first one on it.
    const items = [...this.results.querySelectorAll<HTMLElement>('li[data-slug]')];
    const onScreen = (item: HTMLElement) => {
      const { top, bottom } = item.getBoundingClientRect();
      return bottom > 0 && top < window.innerHeight;
    };
    const opened = items.find((item) => item.dataset.slug === this.opened && onScreen(item));
    const inView = opened ?? items.find((item) => item.getBoundingClientRect().bottom > 0);
    if (inView) {
      point.slug = inView.dataset.slug;
      point.top = inView.getBoundingClientRect().top;
    }
    try {
      sessionStorage.setItem(RETURN_KEY, JSON.stringify(point));
    } catch {
      // Storage refused (private mode, full): Back then starts at the top of the results.
    }
  }

  private search(offset: number, limit = PAGE) {
    this.latest += 1;
    this.appendNext = offset > 0;
    if (offset === 0) this.listRequest = this.latest;
    const worker = this.startWorker();
    worker.postMessage({
      type: 'search',
      id: this.latest,
      query: this.state.query,
      filters: {
        tags: this.state.tags,
        types: this.state.types,
        venues: this.state.venues,
        years: this.state.years,
      },
      limit,
      offset,
      correct: !this.asTyped,
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
      this.forgetReturnPoint();
      this.results.removeAttribute('aria-busy');
      this.toggleAttribute('data-answered', true);
      this.status.textContent = `Search is unavailable: ${message.message}`;
      return;
    }
    if (message.type === 'results') {
      if (message.id === this.latest) this.render(message.results);
    } else if (message.id >= this.listRequest) {
      for (const late of message.snippets) {
        const item = this.results.querySelector<HTMLElement>(
          `li[data-slug="${CSS.escape(late.slug)}"]`,
        );
        const snippet = item?.querySelector<HTMLElement>('.search-snippet');
        if (snippet) fillSnippet(snippet, late.snippet, late.snippetRanges);
        else
          this.waitingSnippets.set(late.slug, {
            snippet: late.snippet,
            ranges: late.snippetRanges,
          });
      }
    }
  }

  /**
   * Adds the next SLICE results of the queue to their lists (complete matches, or some of the
   * words) and plans the next slice in a task of its own.
   */
  private pump = () => {
    const template = required<HTMLTemplateElement>(this, 'template[data-card-template]');
    for (const hit of this.queue.splice(0, SLICE)) {
      const card = resultItem(hit, this.context, template);
      const waiting = this.waitingSnippets.get(hit.slug);
      const snippet = card.querySelector<HTMLElement>('.search-snippet');
      if (waiting && snippet) fillSnippet(snippet, waiting.snippet, waiting.ranges);
      (hit.complete ? this.list : this.partialList).append(card);
    }
    required<HTMLElement>(this, '[data-partial]').hidden = this.partialList.children.length === 0;
    this.pumping = this.queue.length > 0;
    if (this.pumping) setTimeout(this.pump, 0);
    else if (this.returnTo) {
      const { y, slug, top = 0 } = this.returnTo;
      const item = slug
        ? this.results.querySelector<HTMLElement>(`li[data-slug="${CSS.escape(slug)}"]`)
        : null;
      if (item) this.holdInPlace(item, top);
      else window.scrollTo({ top: y, behavior: 'instant' });
      this.forgetReturnPoint(false);
    }
  };

  /** Results shown or queued: where "Show more" continues. */
  private listedCount(): number {
    return this.shownCount() + this.queue.length;
  }

  private shownCount(): number {
    return this.list.children.length + this.partialList.children.length;
  }

  private render(results: SearchResults) {
    this.results.removeAttribute('aria-busy');
    // Ends the room kept for the first results (ExplorerPage.astro).
    this.toggleAttribute('data-answered', true);
    // What the lists will hold once every queued result is in.
    const listedAfter = (this.appendNext ? this.listedCount() : 0) + results.hits.length;
    if (!this.appendNext) {
      this.queue = [];
      this.waitingSnippets.clear();
      this.list.replaceChildren();
      this.partialList.replaceChildren();
    }
    this.queue.push(...results.hits);
    // A new list shows its first slice now; a continuation waits for the slice planned.
    if (!this.appendNext || !this.pumping) this.pump();
    required<HTMLElement>(this, '[data-partial-heading]').textContent =
      results.total > 0
        ? `${countOf(results.partial)} more ${results.partial === 1 ? 'paper matches' : 'papers match'} some of your words`
        : `${countOf(results.partial)} ${results.partial === 1 ? 'paper matches' : 'papers match'} some of your words`;
    this.updateCounts(results);
    this.status.textContent = describe(results, this.state);
    required<HTMLElement>(this, '[data-more]').hidden =
      listedAfter >= results.total + results.partial;
    this.renderCorrection(results);
    this.renderNoResults(results);
    announce(results.total, this.state.query);
    // The first screenful is shown: fetch the rest of the first page.
    if (
      !this.appendNext &&
      listedAfter === FIRST_PAGE &&
      listedAfter < results.total + results.partial
    ) {
      this.search(listedAfter, PAGE - FIRST_PAGE);
    }
  }

  /** The active filters as chips; each removes its filter. */
  private renderChips() {
    const chips = required<HTMLElement>(this, '[data-filter-chips]');
    const slugs = filterKeys(this.state);
    chips.replaceChildren(
      ...slugs.map((slug) => {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.removeFilter = slug;
        const label = this.context.tagLabel(slug);
        button.setAttribute('aria-label', `Remove filter ${label}`);
        const text = document.createElement('span');
        text.textContent = label;
        const cross = document.createElement('span');
        cross.setAttribute('aria-hidden', 'true');
        cross.textContent = '×';
        button.append(text, cross);
        button.addEventListener('click', () => {
          this.toggle(slug);
          const next = chips.querySelector('button') ?? this.input;
          next.focus();
        });
        li.append(button);
        return li;
      }),
    );
    required<HTMLElement>(this, '[data-active-filters]').hidden = slugs.length === 0;
  }

  /** "Showing results for *reinforcement* learning · Search instead for reinforcment learning". */
  private renderCorrection(results: SearchResults) {
    const notice = required<HTMLElement>(this, '[data-correction]');
    notice.hidden = results.corrections.length === 0;
    if (notice.hidden) return;
    const query = this.state.query;
    const corrected = required<HTMLElement>(this, '[data-corrected-query]');
    corrected.replaceChildren();
    let at = 0;
    for (const correction of [...results.corrections].sort((a, b) => a.start - b.start)) {
      corrected.append(query.slice(at, correction.start));
      const word = document.createElement('em');
      word.textContent = correction.to;
      corrected.append(word);
      at = correction.end;
    }
    corrected.append(query.slice(at));
    required<HTMLElement>(this, '[data-search-as-typed]').textContent = shorten(query);
  }

  private updateCounts(results: SearchResults) {
    for (const [element] of this.staticCounts) {
      const [facet, value] = filterOf(element.dataset.countFor ?? '');
      const counts: Record<string, number | undefined> =
        facet === 'type'
          ? results.facets.types
          : facet === 'venue'
            ? results.facets.venues
            : facet === 'year'
              ? results.facets.years
              : results.facets.tags;
      setCount(element, String(counts[value] ?? 0));
    }
  }

  private renderNoResults(results: SearchResults) {
    const box = required<HTMLElement>(this, '[data-no-results]');
    box.hidden = results.total > 0 || results.unsearchable;
    required<HTMLElement>(this, '[data-no-results-message]').textContent =
      results.partial > 0
        ? 'No paper contains all of your words.'
        : 'No paper matches this search.';
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
    required<HTMLElement>(this, '[data-suggestion-row]').hidden = results.suggestions.length === 0;
  }

  private onInputKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (this.input.value) this.setQuery((this.input.value = ''), 'now');
    } else if (event.key === 'ArrowDown' && !this.results.hidden) {
      const first = this.resultLinks[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  private onListKey(event: KeyboardEvent) {
    const links = this.resultLinks;
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

const countOf = formatCount;

/**
 * A facet option's count: its text, and `data-count` on the option (the phone filter sheet in
 * Facets.astro reads it).
 */
function setCount(element: HTMLElement, count: string) {
  // Unchanged counts are left alone: the rest of a first page and "Show more" bring the same
  // counts, and each change wakes the filter sheet's observer (filter-sheet.ts).
  if (element.textContent === count) return;
  element.textContent = count;
  (element.closest<HTMLElement>('[data-facet]') ?? element).dataset.count = count.trim();
}

/**
 * Tells the page that results and facet counts were rendered (Facets.astro's filter sheet listens):
 * `count` is the number of papers matching (every paper when the static list is shown again).
 */
function announce(count: number, query: string) {
  document.dispatchEvent(new CustomEvent('paper-search:results', { detail: { count, query } }));
}

/**
 * A filter as the page keys it (facet links' `data-tag`, chips, counts): a topic slug,
 * `type-<type>`, `venue:<venue>` or `year:<year>`; `filterOf` reads one back.
 */
function filterKeys(state: SearchState): string[] {
  return [
    ...state.tags,
    ...state.types.map((type) => `type-${type}`),
    ...(state.venues ?? []).map((venue) => `venue:${venue}`),
    ...(state.years ?? []).map((year) => `year:${year}`),
  ];
}

function filterOf(key: string): [FilterFacet, string] {
  if (key.startsWith('type-')) return ['type', key.slice(5)];
  if (key.startsWith('venue:')) return ['venue', key.slice(6)];
  if (key.startsWith('year:')) return ['year', key.slice(5)];
  return ['tag', key];
}

/** Longest query quoted in full in the status line, in user-perceived characters. */
const QUOTED_MAX = 60;

/**
 * A query cut for display at a character boundary a reader sees (grapheme clusters), so an emoji
 * or an accented letter is never split into half a surrogate pair or a stray combining mark.
 */
function shorten(text: string, max = QUOTED_MAX): string {
  // At most `max` UTF-16 code units is at most `max` grapheme clusters: nothing to cut, and no
  // Intl.Segmenter. Its first use sets up the browser's text segmentation, which was about half of
  // the task that shows a search link's first results (~60 ms on a slow phone, issue 35).
  if (text.length <= max) return text;
  const segments = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)];
  if (segments.length <= max) return text;
  return `${segments
    .slice(0, max - 1)
    .map((s) => s.segment)
    .join('')}…`;
}

/** The result count line, e.g. `12 papers match “diffusion” with 1 filter`. */
function describe(results: SearchResults, state: SearchState): string {
  const query = state.query ? `“${shorten(state.query)}”` : '';
  if (results.unsearchable) {
    return `${query} has no word to search for: type letters or digits.`;
  }
  const total = results.total;
  const papers = total === 1 ? '1 paper matches' : `${countOf(total)} papers match`;
  const filters = filterKeys(state).length;
  return `${papers}${query ? ` ${query}` : ''}${filters ? ` with ${filters} ${filters === 1 ? 'filter' : 'filters'}` : ''}`;
}

// In a task of its own: the page's last module script runs in the task that then finishes parsing
// the page (its style and a layout), and taking over the explorer (listeners on every filter, the
// first request to the worker) made that one task ~14 ms, ~56 ms on a slow phone (issue 35).
setTimeout(() => customElements.define('paper-search', PaperSearch), 0);
