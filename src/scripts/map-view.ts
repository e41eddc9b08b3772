/**
 * The map's behaviour on top of its static SVG: a tooltip with the title of the hovered or focused
 * point, and highlighting of the papers that match `?q=` and `?tag=` (the home page's search and
 * topic filter), computed by a worker running the site's search engine.
 */
import type { MapSearchRequest, MapSearchResponse } from './map-search-worker';

const papersCount = (n: number) => (n === 1 ? '1 paper' : `${n.toLocaleString('en')} papers`);

class TopicMapView extends HTMLElement {
  private anchors: SVGAElement[] = [];
  private worker: Worker | null = null;
  private lastRequest = 0;

  connectedCallback() {
    const svg = this.querySelector('svg');
    const tooltip = this.querySelector<HTMLElement>('.map-tooltip');
    const form = this.querySelector('form');
    if (!svg || !tooltip || !form) return;
    // Points are in corpus order, the search engine's document numbers: index i is document i.
    this.anchors = [...svg.querySelectorAll<SVGAElement>('.map-points > a')];
    this.wireTooltip(svg, tooltip);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form))
        if (typeof value === 'string' && value) params.append(key, value);
      const query = params.toString();
      history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
      this.highlight(svg, params);
    });
    form.querySelector('.map-clear')?.addEventListener('click', () => {
      form.reset();
      for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        'input, select',
      ))
        field.value = '';
      form.requestSubmit();
    });
    const params = new URLSearchParams(window.location.search);
    this.fillForm(form, params);
    this.highlight(svg, params);
  }

  disconnectedCallback() {
    this.worker?.terminate();
  }

  private wireTooltip(svg: SVGSVGElement, tooltip: HTMLElement) {
    const show = (anchor: Element | null) => {
      const title = anchor?.querySelector('title')?.textContent;
      const circle = anchor?.querySelector('circle');
      if (!title || !circle) {
        tooltip.hidden = true;
        return;
      }
      tooltip.textContent = title;
      tooltip.hidden = false;
      const box = circle.getBoundingClientRect();
      const frame = this.getBoundingClientRect();
      const left = box.left + box.width / 2 - frame.left;
      tooltip.style.left = `${Math.min(Math.max(left, 8), frame.width - 8)}px`;
      tooltip.style.top = `${box.top - frame.top}px`;
      tooltip.classList.toggle('is-right', left > frame.width / 2);
    };
    const anchorOf = (event: Event) =>
      (event.target as Element | null)?.closest('.map-points > a') ?? null;
    svg.addEventListener('pointerover', (event) => show(anchorOf(event)));
    svg.addEventListener('pointerleave', () => show(null));
    svg.addEventListener('focusin', (event) => show(anchorOf(event)));
    svg.addEventListener('focusout', () => show(null));
  }

  private fillForm(form: HTMLFormElement, params: URLSearchParams) {
    const query = form.querySelector<HTMLInputElement>('[name="q"]');
    const tag = form.querySelector<HTMLSelectElement>('[name="tag"]');
    if (query) query.value = params.get('q') ?? '';
    if (tag) tag.value = params.get('tag') ?? '';
  }

  private highlight(svg: SVGSVGElement, params: URLSearchParams) {
    const status = this.querySelector('.map-status');
    const query = (params.get('q') ?? '').trim();
    const tags = params.getAll('tag').filter(Boolean);
    const id = ++this.lastRequest;
    if (!query && tags.length === 0) {
      this.mark(svg, null);
      if (status) status.textContent = '';
      return;
    }
    if (status) status.textContent = 'Finding matching papers…';
    this.worker ??= this.startWorker(svg, status);
    const request: MapSearchRequest = { id, indexUrl: this.dataset.indexUrl ?? '', query, tags };
    this.worker.postMessage(request);
  }

  private startWorker(svg: SVGSVGElement, status: Element | null): Worker {
    const worker = new Worker(new URL('./map-search-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.addEventListener('message', ({ data }: MessageEvent<MapSearchResponse>) => {
      if (data.id !== this.lastRequest) return;
      if (data.type === 'error') {
        if (status)
          status.textContent = 'Search is unavailable right now, so nothing is highlighted.';
        return;
      }
      const hits = data.docCount === this.anchors.length ? data.docs : [];
      this.mark(svg, hits);
      if (status) {
        status.textContent =
          hits.length === 0
            ? 'No paper matches: nothing is highlighted.'
            : `${papersCount(hits.length)} of ${papersCount(this.anchors.length)} match: they are highlighted, the others are dimmed.`;
      }
    });
    return worker;
  }

  /** Highlights the points of `docs`; null shows every point normally. */
  private mark(svg: SVGSVGElement, docs: readonly number[] | null) {
    for (const anchor of svg.querySelectorAll('.map-points > a.is-hit'))
      anchor.classList.remove('is-hit');
    svg.classList.toggle('is-filtering', docs !== null);
    for (const doc of docs ?? []) this.anchors[doc]?.classList.add('is-hit');
  }
}

customElements.define('topic-map-view', TopicMapView);
