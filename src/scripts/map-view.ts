/**
 * The map's behaviour on top of its static SVG:
 * - zoom and pan: wheel, pinch, drag, the zoom buttons, and the keyboard (+ − 0 and arrows); dots
 *   and names keep their size on screen while the map grows, so a dense cluster comes apart;
 * - every dot a touch target of at least 24 px, whatever the screen;
 * - family names re-placed, with measured widths, where they cover no dot and no other name;
 * - a tooltip with the title of the hovered or focused point;
 * - highlighting of the papers that match `?q=` and `?tag=` (the home page's search and topic
 *   filter), computed by a worker running the site's search engine, and listed under the map.
 */
import { placeLabels } from '../lib/site/map-labels';
import { readSearchState, writeSearchState } from '../lib/search/search-url';
import { paperPath, withBase } from '../lib/site/urls';
import type { MapSearchRequest, MapSearchResponse } from './map-search-worker';

const papersCount = (n: number) => (n === 1 ? '1 paper' : `${n.toLocaleString('en')} papers`);

/** Dot radius on screen, in CSS pixels: at least 5 (a 10 px dot) however small the map is drawn. */
const MIN_DOT_PX = 5;
const MAX_DOT_PX = 8;
/** Half of the 24 px minimum touch target (WCAG 2.5.8), with room for rounding. */
const HIT_PX = 12.5;
const LABEL_PX = 14;
const MAX_ZOOM = 32;
/** How many highlighted papers the list under the map shows; the rest are a search away. */
const LISTED_HITS = 200;

interface View {
  zoom: number;
  /** Centre of the view, in map units. */
  cx: number;
  cy: number;
}

class TopicMapView extends HTMLElement {
  private anchors: SVGAElement[] = [];
  private worker: Worker | null = null;
  private lastRequest = 0;
  private svg!: SVGSVGElement;
  private size = 1000;
  private builtRadius = 7;
  private view: View = { zoom: 1, cx: 500, cy: 500 };
  private dotUnits = 7;
  /** Dot radius on screen, CSS pixels. */
  private dotPx = 7;
  private labelFrame = 0;
  /** The search whose answer the worker is computing, for the link to the full results. */
  private pendingParams = new URLSearchParams();

  connectedCallback() {
    const svg = this.querySelector<SVGSVGElement>('svg.topic-map');
    const tooltip = this.querySelector<HTMLElement>('.map-tooltip');
    const form = this.querySelector('form');
    if (!svg || !tooltip || !form) return;
    this.svg = svg;
    this.size = Number(svg.dataset.size) || 1000;
    this.builtRadius = Number(svg.dataset.radius) || 7;
    this.view = { zoom: 1, cx: this.size / 2, cy: this.size / 2 };
    // Points are in corpus order, the search engine's document numbers: index i is document i.
    this.anchors = [...svg.querySelectorAll<SVGAElement>('.map-points > a')];
    this.wireTooltip(svg, tooltip);
    this.wireZoom(svg);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form))
        if (typeof value === 'string' && value) params.append(key, value);
      const query = params.toString();
      history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
      this.highlight(params);
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
    this.highlight(params);
    new ResizeObserver(() => this.applyView()).observe(svg);
  }

  disconnectedCallback() {
    this.worker?.terminate();
  }

  // ---- Zoom and pan ----

  /** CSS pixels per map unit at zoom 1 (the SVG keeps its aspect ratio, so the smaller side rules). */
  private basePixelsPerUnit(): number {
    const box = this.svg.getBoundingClientRect();
    return Math.min(box.width, box.height) / this.size || 1;
  }

  private clampView(view: View): View {
    const zoom = Math.min(Math.max(view.zoom, 1), MAX_ZOOM);
    const half = this.size / zoom / 2;
    const clamp = (v: number) => Math.min(Math.max(v, half), this.size - half);
    return { zoom, cx: clamp(view.cx), cy: clamp(view.cy) };
  }

  private setView(view: View) {
    this.view = this.clampView(view);
    this.applyView();
  }

  /** Writes the view into the viewBox and resizes dots, hit areas and names to stay the same on screen. */
  private applyView() {
    const { zoom, cx, cy } = this.view;
    const span = this.size / zoom;
    this.svg.setAttribute('viewBox', `${cx - span / 2} ${cy - span / 2} ${span} ${span}`);
    const pixelsPerUnit = this.basePixelsPerUnit() * zoom;
    const dotPx = Math.min(
      Math.max(this.builtRadius * this.basePixelsPerUnit(), MIN_DOT_PX),
      MAX_DOT_PX,
    );
    this.dotPx = dotPx;
    this.dotUnits = dotPx / pixelsPerUnit;
    for (const shape of this.svg.querySelectorAll('.map-shape')) {
      shape.querySelector('path')?.setAttribute('transform', `scale(${this.dotUnits})`);
      shape.querySelector('.map-hit')?.setAttribute('r', String(HIT_PX / pixelsPerUnit));
    }
    cancelAnimationFrame(this.labelFrame);
    this.labelFrame = requestAnimationFrame(() => this.placeNames(pixelsPerUnit));
  }

  /** Places the family names at the current scale, clear of every dot and of each other. */
  private placeNames(pixelsPerUnit: number) {
    const texts = [...this.svg.querySelectorAll<SVGTextElement>('.map-labels text')];
    const fontUnits = LABEL_PX / pixelsPerUnit;
    for (const text of texts) {
      text.setAttribute('font-size', String(fontUnits));
      text.style.strokeWidth = `${4 / pixelsPerUnit}px`;
    }
    const dots = this.anchors.flatMap((anchor) => {
      const use = anchor.querySelector('use');
      return use
        ? [{ x: use.x.baseVal.value, y: use.y.baseVal.value, r: this.dotUnits * 1.3 }]
        : [];
    });
    const { zoom, cx, cy } = this.view;
    const half = this.size / zoom / 2;
    const visible = { minX: cx - half, minY: cy - half, maxX: cx + half, maxY: cy + half };
    // A name whose cluster is out of view is not shown: drawn at the edge it would name other dots.
    const inView = texts.filter((text) => {
      const [x, y] = [Number(text.dataset.anchorX), Number(text.dataset.anchorY)];
      return x >= visible.minX && x <= visible.maxX && y >= visible.minY && y <= visible.maxY;
    });
    const placed = placeLabels(
      inView.map((text) => ({
        anchor: { x: Number(text.dataset.anchorX), y: Number(text.dataset.anchorY) },
        width: text.getComputedTextLength() + 4 / pixelsPerUnit,
        height: fontUnits * 1.25,
      })),
      dots,
      visible,
      // Far enough to reach the open parts of a small screen: a name a little off its cluster
      // reads better than no name at all.
      { padding: 1 / pixelsPerUnit, rings: 40 },
    );
    const places = texts.map((text) => {
      const at = inView.indexOf(text);
      return at < 0 ? null : placed[at];
    });
    texts.forEach((text, i) => {
      const place = places[i];
      text.setAttribute('visibility', place ? 'visible' : 'hidden');
      if (!place) return;
      text.setAttribute('x', String(place.x));
      text.setAttribute('y', String(place.y));
    });
  }

  /** Zooms by `factor` keeping the map point under (clientX, clientY) where it is. */
  private zoomAt(factor: number, clientX?: number, clientY?: number) {
    const box = this.svg.getBoundingClientRect();
    const { zoom, cx, cy } = this.view;
    const next = Math.min(Math.max(zoom * factor, 1), MAX_ZOOM);
    if (clientX === undefined || clientY === undefined) {
      this.setView({ zoom: next, cx, cy });
      return;
    }
    const perUnit = this.basePixelsPerUnit() * zoom;
    const offsetX = (clientX - (box.left + box.width / 2)) / perUnit;
    const offsetY = (clientY - (box.top + box.height / 2)) / perUnit;
    const ratio = zoom / next;
    this.setView({
      zoom: next,
      cx: cx + offsetX - offsetX * ratio,
      cy: cy + offsetY - offsetY * ratio,
    });
  }

  /** Moves the view by a distance in CSS pixels. */
  private panBy(dxPx: number, dyPx: number) {
    const perUnit = this.basePixelsPerUnit() * this.view.zoom;
    this.setView({
      ...this.view,
      cx: this.view.cx - dxPx / perUnit,
      cy: this.view.cy - dyPx / perUnit,
    });
  }

  private wireZoom(svg: SVGSVGElement) {
    const buttons = this.querySelector<HTMLElement>('.map-zoom');
    if (buttons) buttons.hidden = false;
    buttons?.addEventListener('click', (event) => {
      const kind = (event.target as Element).closest<HTMLElement>('[data-zoom]')?.dataset.zoom;
      if (kind === 'in') this.zoomAt(2);
      else if (kind === 'out') this.zoomAt(0.5);
      else if (kind === 'reset') this.setView({ zoom: 1, cx: this.size / 2, cy: this.size / 2 });
    });
    svg.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        this.zoomAt(
          Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002)),
          event.clientX,
          event.clientY,
        );
      },
      { passive: false },
    );
    // Pointers: one drags the map, two pinch it. A drag must not also open the dot it started on.
    const pointers = new Map<number, { x: number; y: number }>();
    let dragged = false;
    let pinch = 0;
    svg.addEventListener('pointerdown', (event) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      dragged = false;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      }
    });
    svg.addEventListener('pointermove', (event) => {
      const last = pointers.get(event.pointerId);
      if (!last) return;
      const now = { x: event.clientX, y: event.clientY };
      if (pointers.size === 1) {
        const [dx, dy] = [now.x - last.x, now.y - last.y];
        if (!dragged && Math.hypot(dx, dy) < 4) return;
        dragged = true;
        pointers.set(event.pointerId, now);
        this.panBy(dx, dy);
        return;
      }
      pointers.set(event.pointerId, now);
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (pinch > 0 && distance > 0)
        this.zoomAt(distance / pinch, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
      pinch = distance;
      dragged = true;
    });
    const release = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = 0;
    };
    svg.addEventListener('pointerup', release);
    svg.addEventListener('pointercancel', release);
    svg.addEventListener(
      'click',
      (event) => {
        if (!dragged) return;
        event.preventDefault();
        event.stopPropagation();
        dragged = false;
      },
      true,
    );
    // Keyboard, while focus is in the map or on its zoom buttons.
    this.querySelector('.map-frame')?.addEventListener('keydown', (event) => {
      const key = (event as KeyboardEvent).key;
      const step = 60;
      const actions: Record<string, () => void> = {
        '+': () => this.zoomAt(2),
        '=': () => this.zoomAt(2),
        '-': () => this.zoomAt(0.5),
        '0': () => this.setView({ zoom: 1, cx: this.size / 2, cy: this.size / 2 }),
        ArrowLeft: () => this.panBy(step, 0),
        ArrowRight: () => this.panBy(-step, 0),
        ArrowUp: () => this.panBy(0, step),
        ArrowDown: () => this.panBy(0, -step),
      };
      const action = actions[key];
      const { altKey, ctrlKey, metaKey } = event as KeyboardEvent;
      if (!action || altKey || ctrlKey || metaKey) return;
      if (key.startsWith('Arrow') && this.view.zoom === 1) return;
      event.preventDefault();
      action();
    });
    // A dot reached with Tab while zoomed in is brought into view.
    svg.addEventListener('focusin', (event) => {
      const use = (event.target as Element).closest('.map-points > a')?.querySelector('use');
      if (!use || this.view.zoom === 1) return;
      const [x, y] = [use.x.baseVal.value, use.y.baseVal.value];
      const half = this.size / this.view.zoom / 2;
      if (Math.abs(x - this.view.cx) > half * 0.9 || Math.abs(y - this.view.cy) > half * 0.9)
        this.setView({ ...this.view, cx: x, cy: y });
    });
  }

  // ---- Tooltip ----

  private wireTooltip(svg: SVGSVGElement, tooltip: HTMLElement) {
    const show = (anchor: Element | null) => {
      const title = anchor?.querySelector('title')?.textContent;
      const dot = anchor?.querySelector('use');
      if (!title || !dot) {
        tooltip.hidden = true;
        return;
      }
      tooltip.textContent = title;
      tooltip.hidden = false;
      const box = dot.getBoundingClientRect();
      const frame = this.querySelector('.map-frame')!.getBoundingClientRect();
      const left = box.left + box.width / 2 - frame.left;
      tooltip.style.left = `${Math.min(Math.max(left, 8), frame.width - 8)}px`;
      tooltip.style.top = `${box.top + box.height / 2 - frame.top - this.dotPx}px`;
      tooltip.classList.toggle('is-right', left > frame.width / 2);
    };
    const anchorOf = (event: Event) =>
      (event.target as Element | null)?.closest('.map-points > a') ?? null;
    svg.addEventListener('pointerover', (event) => show(anchorOf(event)));
    svg.addEventListener('pointerleave', () => show(null));
    svg.addEventListener('focusin', (event) => show(anchorOf(event)));
    svg.addEventListener('focusout', () => show(null));
  }

  // ---- Highlighting ----

  private fillForm(form: HTMLFormElement, params: URLSearchParams) {
    const query = form.querySelector<HTMLInputElement>('[name="q"]');
    const tag = form.querySelector<HTMLSelectElement>('[name="tag"]');
    if (query) query.value = params.get('q') ?? '';
    if (tag) tag.value = params.get('tag') ?? '';
  }

  private highlight(params: URLSearchParams) {
    const status = this.querySelector('.map-status');
    const query = (params.get('q') ?? '').trim();
    const tags = params.getAll('tag').filter(Boolean);
    const id = ++this.lastRequest;
    if (!query && tags.length === 0) {
      this.mark(null, params);
      if (status) status.textContent = '';
      return;
    }
    if (status) status.textContent = 'Finding matching papers…';
    this.worker ??= this.startWorker(status);
    const request: MapSearchRequest = { id, indexUrl: this.dataset.indexUrl ?? '', query, tags };
    this.worker.postMessage(request);
    this.pendingParams = params;
  }

  private startWorker(status: Element | null): Worker {
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
      this.mark(hits, this.pendingParams);
      if (status) {
        status.textContent =
          hits.length === 0
            ? 'No paper matches: nothing is highlighted.'
            : `${papersCount(hits.length)} of ${papersCount(this.anchors.length)} match: they are highlighted, the others are dimmed, and they are listed under the map.`;
      }
    });
    return worker;
  }

  /** Highlights the points of `docs` and lists them under the map; null shows every point normally. */
  private mark(docs: readonly number[] | null, params: URLSearchParams) {
    for (const anchor of this.svg.querySelectorAll('.map-points > a.is-hit'))
      anchor.classList.remove('is-hit');
    this.svg.classList.toggle('is-filtering', docs !== null);
    for (const doc of docs ?? []) this.anchors[doc]?.classList.add('is-hit');
    const section = this.querySelector<HTMLElement>('.map-hits');
    const list = this.querySelector('.map-hits-list');
    const more = this.querySelector('.map-hits-more');
    if (!section || !list || !more) return;
    section.hidden = !docs || docs.length === 0;
    list.replaceChildren(
      ...(docs ?? []).slice(0, LISTED_HITS).flatMap((doc) => {
        const anchor = this.anchors[doc];
        const title = anchor?.querySelector('title')?.textContent;
        const slug = anchor?.getAttribute('href')?.match(/\/papers\/([^/]+)\/$/)?.[1];
        if (!title || !slug) return [];
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = paperPath(slug);
        link.textContent = title;
        item.append(link);
        return [item];
      }),
    );
    more.replaceChildren();
    if (docs && docs.length > LISTED_HITS) {
      const link = document.createElement('a');
      link.href = `${withBase('/')}${writeSearchState(readSearchState(params.toString()))}`;
      link.textContent = `All ${papersCount(docs.length)} in the paper search`;
      more.append(`${papersCount(docs.length - LISTED_HITS)} more: `, link);
    }
  }
}

customElements.define('topic-map-view', TopicMapView);
