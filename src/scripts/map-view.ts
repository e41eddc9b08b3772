/**
 * The topic map (`/map/`): the page ships no dots; this script fetches the compact layout
 * (`/map-layout.json`, made by src/components/map/map-data.ts) after the page shows and draws it on
 * a canvas. On top of it:
 * - zoom and pan: wheel, drag, the zoom buttons, and the keyboard (+ − 0, arrows), or two fingers
 *   (pinch and move); dots keep their size on screen up to the size their separation allows, so no
 *   two ever overlap;
 * - cooperative gestures on touch screens: one finger scrolls the page (a phone's map is half its
 *   screen, and a reader must never be trapped in it) and says to use two fingers; two fingers move
 *   and zoom the map; in lasso mode one finger draws the lasso;
 * - a tap or click picks the dot whose centre is nearest (within a finger's reach) and opens a
 *   preview (title, authors, venue, summary, Save, Open) instead of leaving the page;
 * - names of the areas in view, computed from the papers in view at every zoom (map-labels.ts),
 *   and, zoomed in, the titles of the papers in view; the same areas as buttons under the map, each
 *   listing its papers: the keyboard and screen-reader path to every paper in view;
 * - a lasso ("Select an area", or Shift + drag) lists the papers it holds with their keywords;
 * - highlighting of the papers that match `?q=` and `?tag=` (the home page's search and topic
 *   filter), computed by a worker running the site's search engine, and listed under the map.
 * Titles and keywords come from `/map-shards/<n>.json` (papers grouped by place), fetched for what is
 * shown; summaries and authors from the reading list's `/paper-cards/<n>.json`.
 */
import './reading-list';
import { DIMMED, Specks, Sprites, readPalette, type Palette, type DotStyle } from './map-draw';
import { loadCard, setPaperCount } from './paper-cards';
import {
  areasInView,
  insidePolygon,
  placeBoxes,
  spotsAround,
  type Box,
  type Point,
} from '../lib/site/map-labels';
import { MAP_LAYOUT_VERSION, type MapLayoutData, type MapShardData } from '../lib/site/map-layout';
import { readSearchState, writeSearchState } from '../lib/search/search-url';
import type { Shape } from '../lib/site/topic-families';
import { paperPath, withBase } from '../lib/site/urls';
import { venueYearText } from '../lib/site/venues';
import type { MapSearchRequest, MapSearchResponse } from './map-search-worker';
import { formatCount } from '../lib/format';

const papersCount = (n: number) => (n === 1 ? '1 paper' : `${formatCount(n)} papers`);

/** Largest dot radius on screen, CSS pixels. */
const MAX_DOT_PX = 7;
/** Smallest: a 2 px speck, so a large map zoomed out still shows its density. */
const MIN_DOT_PX = 1;
/** Dot radius as a share of the separation: the widest shape (1.35 r) stays inside half of it. */
const DOT_SHARE = 0.36;
/** A tap picks the nearest dot centre within this distance (a 44 px finger pad). */
const REACH_PX = 22;
/** Movement that turns a press into a drag. */
const DRAG_PX = 6;
/** How long "Use two fingers to move the map" stays up, then how long it takes to fade. */
const HINT_MS = 1500;
const HINT_FADE_MS = 400;
/** How many papers a list under the map shows; the rest are a zoom or a search away. */
const LISTED = 200;
/** Most papers that may get a title at once (those nearest the middle). */
const TITLE_CANDIDATES = 150;
/** Room around the map inside the canvas, as a share of its side. */
const PADDING = 0.03;

interface View {
  zoom: number;
  /** Centre of the view, in unit-square coordinates. */
  cx: number;
  cy: number;
}

/** The layout, decoded into typed arrays. */
interface Layout {
  count: number;
  xs: Float32Array;
  ys: Float32Array;
  topic: Uint16Array;
  family: Uint8Array;
  shard: Uint16Array;
  separation: number;
  topics: MapLayoutData['topics'];
  families: MapLayoutData['families'];
  /** Grid over the unit square: cell c holds `cellItems[cellStart[c] … cellStart[c + 1]]`. */
  side: number;
  cellStart: Int32Array;
  cellItems: Int32Array;
}

function decode(data: MapLayoutData): Layout {
  if (data.version !== MAP_LAYOUT_VERSION) throw new Error(`map layout version ${data.version}`);
  const count = data.count;
  const xs = Float32Array.from(data.x, (v) => v / data.scale);
  const ys = Float32Array.from(data.y, (v) => v / data.scale);
  const topic = Uint16Array.from(data.topic);
  const family = Uint8Array.from(data.topic, (t) => data.topics[t]?.family ?? 0);
  const side = Math.max(1, Math.min(512, Math.round(Math.sqrt(count / 2))));
  const cellOf = (i: number) =>
    Math.min(side - 1, Math.floor(xs[i]! * side)) * side +
    Math.min(side - 1, Math.floor(ys[i]! * side));
  const cellStart = new Int32Array(side * side + 1);
  for (let i = 0; i < count; i += 1) cellStart[cellOf(i) + 1]! += 1;
  for (let c = 0; c < side * side; c += 1) cellStart[c + 1]! += cellStart[c]!;
  const fill = cellStart.slice(0, side * side);
  const cellItems = new Int32Array(count);
  for (let i = 0; i < count; i += 1) cellItems[fill[cellOf(i)]!++] = i;
  return {
    count,
    xs,
    ys,
    topic,
    family,
    shard: Uint16Array.from(data.shard),
    separation: data.separation / data.scale,
    topics: data.topics,
    families: data.families,
    side,
    cellStart,
    cellItems,
  };
}

/** A list under the map: papers of an area, a lasso, or a search. */
interface Selection {
  members: number[];
  heading: string;
  polygon?: Point[];
}

class TopicMapView extends HTMLElement {
  private layout: Layout | null = null;
  private view: View = { zoom: 1, cx: 0.5, cy: 0.5 };
  private stage!: HTMLElement;
  private canvas!: HTMLCanvasElement;
  private overlay!: HTMLElement;
  private lasso!: SVGPathElement;
  private tooltip!: HTMLElement;
  private hint!: HTMLElement;
  private hintTimer = 0;
  private preview!: HTMLElement;
  private width = 0;
  private height = 0;
  private palette: Palette | null = null;
  private sprites: Sprites | null = null;
  private specks = new Specks();
  private frame = 0;
  private settleTimer = 0;
  /** The view the overlay was laid out for (it follows pans and zooms by a transform till then). */
  private overlayView: View | null = null;
  /** Areas in view and where their names went, for clicks on a name. */
  private areas: { label: string; members: number[]; box: Box | null }[] = [];
  private titleBoxes: { index: number; box: Box }[] = [];
  private hits: Uint8Array | null = null;
  private selected: Uint8Array | null = null;
  private selection: Selection | null = null;
  private previewIndex = -1;
  private shards = new Map<number, Promise<MapShardData>>();
  private loadedShards = new Map<number, MapShardData>();
  private worker: Worker | null = null;
  private lastRequest = 0;
  private pendingParams = new URLSearchParams();
  private lassoMode = false;
  private keyboardFocus = false;

  connectedCallback() {
    const stage = this.querySelector<HTMLElement>('.map-stage');
    const form = this.querySelector('form');
    if (!stage || !form) return;
    this.stage = stage;
    this.canvas = stage.querySelector('canvas')!;
    this.overlay = stage.querySelector('.map-overlay')!;
    this.lasso = stage.querySelector('.map-lasso path')!;
    this.tooltip = stage.querySelector('.map-tooltip')!;
    this.hint = stage.querySelector('.map-hint')!;
    this.preview = this.querySelector('.map-preview')!;
    setPaperCount(Number(this.dataset.paperCount) || 1);
    this.wireForm(form);
    void this.load();
  }

  disconnectedCallback() {
    this.worker?.terminate();
  }

  // ---- For tests and tools: where a paper's dot is on screen, and the view. ----

  /** The viewport (client) position of paper `index`'s dot, or null before the map is drawn. */
  screenPointOf(index: number): Point | null {
    if (!this.layout || index < 0 || index >= this.layout.count) return null;
    const box = this.stage.getBoundingClientRect();
    const p = this.toScreen(index);
    return { x: box.left + p.x, y: box.top + p.y };
  }

  get currentView(): View & { dotRadius: number } {
    return { ...this.view, dotRadius: this.dotRadius() };
  }

  // ---- Loading ----

  private async load() {
    const loading = this.querySelector<HTMLElement>('.map-loading');
    try {
      const response = await fetch(this.dataset.layoutUrl ?? '');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      this.layout = decode((await response.json()) as MapLayoutData);
    } catch {
      if (loading)
        loading.textContent = 'The map could not be loaded. The key below lists every topic.';
      return;
    }
    loading?.remove();
    this.querySelector<HTMLElement>('.map-toolbar')?.removeAttribute('hidden');
    this.readColours();
    this.wireStage();
    this.wireToolbar();
    new ResizeObserver(() => this.resize()).observe(this.stage);
    const onTheme = () => {
      this.readColours();
      this.draw();
    };
    new MutationObserver(onTheme).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class', 'style'],
    });
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', onTheme);
    this.resize();
    this.highlight(new URLSearchParams(window.location.search));
  }

  private readColours() {
    if (!this.layout) return;
    this.palette = readPalette(
      this.stage,
      this.layout.families.map((f) => f.id),
    );
    this.sprites = null;
  }

  private resize() {
    const box = this.stage.getBoundingClientRect();
    this.width = box.width;
    this.height = box.height;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(this.width * dpr);
    this.canvas.height = Math.round(this.height * dpr);
    this.sprites = null;
    this.setView(this.view);
  }

  // ---- Geometry ----

  /** CSS pixels per unit of the square at the current zoom. */
  private pixelsPerUnit(view = this.view): number {
    return Math.min(this.width, this.height) * (1 - 2 * PADDING) * view.zoom;
  }

  private dotRadius(): number {
    const sep = this.layout?.separation ?? 0.05;
    return Math.min(MAX_DOT_PX, Math.max(MIN_DOT_PX, DOT_SHARE * sep * this.pixelsPerUnit()));
  }

  /** Zoom at which dots reach their full size and sit 6 radii apart (room for titles), or 8. */
  private maxZoom(): number {
    const sep = this.layout?.separation ?? 0.05;
    const base = Math.min(this.width, this.height) * (1 - 2 * PADDING) || 1;
    return Math.max(8, Math.ceil((MAX_DOT_PX * 6) / (sep * base)));
  }

  private toScreen(index: number, view = this.view): Point {
    const ppu = this.pixelsPerUnit(view);
    return {
      x: this.width / 2 + (this.layout!.xs[index]! - view.cx) * ppu,
      y: this.height / 2 + (this.layout!.ys[index]! - view.cy) * ppu,
    };
  }

  private toUnit(x: number, y: number): Point {
    const ppu = this.pixelsPerUnit();
    return {
      x: this.view.cx + (x - this.width / 2) / ppu,
      y: this.view.cy + (y - this.height / 2) / ppu,
    };
  }

  /** The dots whose centres lie in a box of the unit square. */
  private within(minX: number, minY: number, maxX: number, maxY: number): number[] {
    const layout = this.layout!;
    const { side, cellStart, cellItems, xs, ys } = layout;
    const cell = (v: number) => Math.min(side - 1, Math.max(0, Math.floor(v * side)));
    const found: number[] = [];
    for (let gx = cell(minX); gx <= cell(maxX); gx += 1) {
      for (let gy = cell(minY); gy <= cell(maxY); gy += 1) {
        const c = gx * side + gy;
        for (let k = cellStart[c]!; k < cellStart[c + 1]!; k += 1) {
          const i = cellItems[k]!;
          if (xs[i]! >= minX && xs[i]! <= maxX && ys[i]! >= minY && ys[i]! <= maxY) found.push(i);
        }
      }
    }
    // Corpus order: a typed array sorts numbers without a comparator.
    return Array.from(Int32Array.from(found).sort());
  }

  /** Papers whose dots are in view, in corpus order. */
  private visible(): number[] {
    const ppu = this.pixelsPerUnit();
    const [hw, hh] = [this.width / 2 / ppu, this.height / 2 / ppu];
    const { cx, cy } = this.view;
    return this.within(cx - hw, cy - hh, cx + hw, cy + hh);
  }

  /** The dot whose centre is nearest to a stage position, within reach; -1 when none. */
  private pick(x: number, y: number): number {
    if (!this.layout) return -1;
    const ppu = this.pixelsPerUnit();
    const reach = Math.max(REACH_PX, this.dotRadius() * 1.5) / ppu;
    const at = this.toUnit(x, y);
    let best = -1;
    let bestDistance = Infinity;
    for (const i of this.within(at.x - reach, at.y - reach, at.x + reach, at.y + reach)) {
      const d = Math.hypot(this.layout.xs[i]! - at.x, this.layout.ys[i]! - at.y);
      if (d <= reach && d < bestDistance) [best, bestDistance] = [i, d];
    }
    return best;
  }

  private clampView(view: View): View {
    const zoom = Math.min(Math.max(view.zoom, 1), this.maxZoom());
    const ppu = this.pixelsPerUnit({ ...view, zoom });
    // The map may not leave the view: its edges (and their padding) stop at the view's edges, and
    // a map narrower than the view stays in its middle.
    const pad = (PADDING * Math.min(this.width, this.height)) / ppu;
    const clamp = (v: number, half: number) => {
      const [low, high] = [half - pad, 1 - half + pad];
      return low >= high ? 0.5 : Math.min(Math.max(v, low), high);
    };
    return {
      zoom,
      cx: clamp(view.cx, this.width / 2 / ppu),
      cy: clamp(view.cy, this.height / 2 / ppu),
    };
  }

  private setView(view: View) {
    this.view = this.clampView(view);
    this.sprites = null;
    this.draw();
    this.moveOverlay();
    this.positionPreview();
    clearTimeout(this.settleTimer);
    this.settleTimer = window.setTimeout(() => this.updateOverlay(), 150);
  }

  private zoomAt(factor: number, x = this.width / 2, y = this.height / 2) {
    const { zoom, cx, cy } = this.view;
    const next = Math.min(Math.max(zoom * factor, 1), this.maxZoom());
    const before = this.toUnit(x, y);
    const ppu = this.pixelsPerUnit({ zoom: next, cx, cy });
    // Keep the point under (x, y) where it is.
    this.setView({
      zoom: next,
      cx: before.x - (x - this.width / 2) / ppu,
      cy: before.y - (y - this.height / 2) / ppu,
    });
  }

  private panBy(dx: number, dy: number) {
    const ppu = this.pixelsPerUnit();
    this.setView({ ...this.view, cx: this.view.cx - dx / ppu, cy: this.view.cy - dy / ppu });
  }

  private resetView() {
    this.setView({ zoom: 1, cx: 0.5, cy: 0.5 });
  }

  // ---- Drawing ----

  private draw() {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.paint());
  }

  private paint() {
    const layout = this.layout;
    const palette = this.palette;
    const ctx = this.canvas.getContext('2d');
    if (!layout || !palette || !ctx || this.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const radius = this.dotRadius();
    if (!this.sprites || this.sprites.radius !== radius) {
      this.sprites = new Sprites(
        palette,
        layout.families.map((f) => f.shape as Shape),
        radius,
        dpr,
      );
    }
    const sprites = this.sprites;
    const reach = sprites.reach;
    const ppu = this.pixelsPerUnit();
    const { cx, cy } = this.view;
    const [halfW, halfH] = [this.width / 2, this.height / 2];
    const margin = reach / ppu;
    // Only the dots in view (and just outside, for the part of them that shows).
    const inView = this.within(
      cx - halfW / ppu - margin,
      cy - halfH / ppu - margin,
      cx + halfW / ppu + margin,
      cy + halfH / ppu + margin,
    );
    const { xs, ys, family } = layout;
    const stamp = (i: number, style: DotStyle) => {
      const x = halfW + (xs[i]! - cx) * ppu;
      const y = halfH + (ys[i]! - cy) * ppu;
      ctx.drawImage(sprites.sprite(family[i]!, style), x - reach, y - reach, reach * 2, reach * 2);
    };
    const hits = this.hits;
    const selected = this.selected;
    const filtering = hits !== null || selected !== null;
    const marked = (i: number) =>
      (hits !== null && hits[i] === 1) || (selected !== null && selected[i] === 1);
    if (radius < 2) {
      // Specks: straight into the pixels; highlighted ones are drawn over them as shapes.
      const pixels = palette.pixels;
      this.specks.begin(ctx, this.canvas.width, this.canvas.height, pixels.surface);
      const colours = filtering ? pixels.dimmed : pixels.families;
      for (const i of inView) {
        if (filtering && marked(i)) continue;
        this.specks.dot(
          (halfW + (xs[i]! - cx) * ppu) * dpr,
          (halfH + (ys[i]! - cy) * ppu) * dpr,
          radius * dpr,
          colours[family[i]!]!,
        );
      }
      this.specks.end(ctx);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    } else {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = palette.surface;
      ctx.fillRect(0, 0, this.width, this.height);
      // Dimmed first, then highlighted and selected dots on top.
      if (filtering) ctx.globalAlpha = DIMMED;
      for (const i of inView) if (!filtering || !marked(i)) stamp(i, 'normal');
      ctx.globalAlpha = 1;
    }
    if (filtering) for (const i of inView) if (marked(i)) stamp(i, 'hit');
    if (this.previewIndex >= 0) stamp(this.previewIndex, 'selected');
    if (this.keyboardFocus) {
      // The paper Enter opens: the one nearest the middle.
      const target = this.nearestToCentre();
      if (target >= 0) stamp(target, 'selected');
      ctx.strokeStyle = palette.focus;
      ctx.lineWidth = 2;
      const [mx, my] = [this.width / 2, this.height / 2];
      ctx.beginPath();
      ctx.moveTo(mx - 10, my);
      ctx.lineTo(mx + 10, my);
      ctx.moveTo(mx, my - 10);
      ctx.lineTo(mx, my + 10);
      ctx.stroke();
    }
    this.drawLasso();
    if (this.dataset.state !== 'ready') {
      // Drawn and answering taps: what the measurements in docs/features.md time.
      this.dataset.state = 'ready';
      performance.mark('map-ready');
    }
  }

  private nearestToCentre(): number {
    const at = this.pick(this.width / 2, this.height / 2);
    if (at >= 0) return at;
    const layout = this.layout!;
    let best = -1;
    let bestDistance = Infinity;
    for (const i of this.visible()) {
      const d = Math.hypot(layout.xs[i]! - this.view.cx, layout.ys[i]! - this.view.cy);
      if (d < bestDistance) [best, bestDistance] = [i, d];
    }
    return best;
  }

  private drawLasso() {
    const polygon = this.selection?.polygon;
    if (!polygon || polygon.length < 3) {
      this.lasso.setAttribute('d', '');
      return;
    }
    const ppu = this.pixelsPerUnit();
    const screen = polygon.map((p) => [
      this.width / 2 + (p.x - this.view.cx) * ppu,
      this.height / 2 + (p.y - this.view.cy) * ppu,
    ]);
    this.lasso.setAttribute(
      'd',
      `M${screen.map(([x, y]) => `${x!.toFixed(1)} ${y!.toFixed(1)}`).join('L')}Z`,
    );
  }

  // ---- Names and titles over the map ----

  /** Between two layouts of the names, they follow the map by a transform. */
  private moveOverlay() {
    const then = this.overlayView;
    if (!then) return;
    const a = this.view.zoom / then.zoom;
    const ppu = this.pixelsPerUnit();
    const bx = this.width / 2 + (then.cx - this.view.cx) * ppu - (a * this.width) / 2;
    const by = this.height / 2 + (then.cy - this.view.cy) * ppu - (a * this.height) / 2;
    this.overlay.style.transform =
      a === 1 && bx === 0 && by === 0 ? '' : `translate(${bx}px, ${by}px) scale(${a})`;
  }

  /** Titles replace area names once this few papers are in view (and the map is zoomed in). */
  private titleLimit(): number {
    return Math.max(8, Math.min(60, Math.floor((this.width * this.height) / 9000)));
  }

  private updateOverlay() {
    const layout = this.layout;
    if (!layout || this.width === 0) return;
    const visible = this.visible();
    const screen = visible.map((i) => ({ ...this.toScreen(i), topic: layout.topic[i]! }));
    const bounds = { minX: 4, minY: 4, maxX: this.width - 4, maxY: this.height - 4 };
    const k = Math.max(4, Math.min(10, Math.round((this.width * this.height) / 30000)));
    const found = areasInView(screen, layout.topics, layout.families, {
      k: Math.min(k, Math.max(1, Math.floor(visible.length / 3))),
      minSize: Math.max(2, Math.floor(visible.length / 50)),
      mergeDistance: Math.min(this.width, this.height) / 3,
    });
    // Titles once zoomed in on few papers, or as far as dots grow (then for those nearest the
    // middle that have room).
    const full = this.dotRadius() >= MAX_DOT_PX - 0.01;
    const titled = this.view.zoom > 1 && (visible.length <= this.titleLimit() || full);
    this.areas = found.map((area) => ({
      label: area.label,
      members: area.members.map((m) => visible[m]!),
      box: null,
    }));
    if (!titled) {
      const elements = found.map((area) => {
        const element = document.createElement('span');
        element.className = 'map-label';
        element.textContent = area.label;
        return element;
      });
      this.overlay.replaceChildren(...elements);
      this.overlay.style.transform = '';
      const sizes = elements.map((e) => ({ width: e.offsetWidth, height: e.offsetHeight }));
      const boxes = placeBoxes(
        found.map((area, i) => ({
          ...sizes[i]!,
          spots: spotsAround(area.x, area.y, sizes[i]!.width, sizes[i]!.height),
        })),
        bounds,
        { gap: 2, avoid: screen },
      );
      boxes.forEach((box, i) => {
        const element = elements[i]!;
        this.areas[i]!.box = box;
        if (!box) return element.remove();
        element.style.left = `${box.minX}px`;
        element.style.top = `${box.minY}px`;
      });
      this.titleBoxes = [];
    } else {
      void this.placeTitles(visible, screen, bounds);
    }
    this.overlayView = { ...this.view };
    this.renderAreaList();
  }

  private async placeTitles(inView: number[], allScreen: Point[], bounds: Box) {
    const view = { ...this.view };
    // Papers nearest the middle first: they get their titles when space runs out.
    const distance = (n: number) =>
      Math.hypot(allScreen[n]!.x - this.width / 2, allScreen[n]!.y - this.height / 2);
    const order = inView
      .map((_, n) => n)
      .sort((a, b) => distance(a) - distance(b))
      .slice(0, TITLE_CANDIDATES);
    const visible = order.map((n) => inView[n]!);
    const screen = order.map((n) => allScreen[n]!);
    await Promise.all(
      [...new Set(visible.map((i) => this.layout!.shard[i]!))].map((s) => this.loadShard(s)),
    );
    if (this.view.zoom !== view.zoom || this.view.cx !== view.cx || this.view.cy !== view.cy)
      return;
    const radius = this.dotRadius();
    const elements = visible.map((i) => {
      const element = document.createElement('span');
      element.className = 'map-title';
      element.textContent = this.paperInfo(i)?.[1] ?? '';
      return element;
    });
    this.overlay.replaceChildren(...elements);
    this.overlay.style.transform = '';
    const sizes = elements.map((e) => ({ width: e.offsetWidth, height: e.offsetHeight }));
    const boxes = placeBoxes(
      visible.map((_, n) => {
        const { x, y } = screen[n]!;
        const { width, height } = sizes[n]!;
        const off = radius + 5;
        return {
          width,
          height,
          spots: [
            { x: x + off, y: y - height / 2 },
            { x: x - off - width, y: y - height / 2 },
            { x: x - width / 2, y: y - off - height },
            { x: x - width / 2, y: y + off },
          ],
        };
      }),
      bounds,
      // Over as few other dots as can be (a dense cluster leaves no clear spot); the dots under a
      // title still answer taps, which go to the nearest dot centre.
      { gap: 2, avoid: allScreen, shift: false },
    );
    this.titleBoxes = [];
    const most = Math.max(6, Math.min(40, Math.floor((this.width * this.height) / 15000)));
    boxes.forEach((box, n) => {
      const element = elements[n]!;
      if (!box || this.titleBoxes.length >= most) return element.remove();
      element.style.left = `${box.minX}px`;
      element.style.top = `${box.minY}px`;
      this.titleBoxes.push({ index: visible[n]!, box });
    });
    this.overlayView = view;
  }

  /** The areas in view, as buttons under the map: each lists its papers. */
  private renderAreaList() {
    const section = this.querySelector<HTMLElement>('.map-areas');
    const list = this.querySelector('.map-areas-list');
    if (!section || !list) return;
    section.hidden = this.areas.length === 0;
    list.replaceChildren(
      ...this.areas.map((area) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = `${area.label} (${papersCount(area.members.length)})`;
        button.addEventListener('click', () =>
          this.select(
            {
              members: area.members,
              heading: `${area.label}: ${papersCount(area.members.length)} in this area`,
            },
            true,
          ),
        );
        item.append(button);
        return item;
      }),
    );
  }

  // ---- Titles and keywords ----

  private loadShard(shard: number): Promise<MapShardData> {
    let loading = this.shards.get(shard);
    if (!loading) {
      loading = fetch(`${this.dataset.shardUrl ?? ''}${shard}.json`)
        .then((response) =>
          response.ok ? (response.json() as Promise<MapShardData>) : { papers: {} },
        )
        .catch(() => ({ papers: {} }))
        .then((data) => {
          this.loadedShards.set(shard, data);
          return data;
        });
      this.shards.set(shard, loading);
    }
    return loading;
  }

  /** [slug, title, keywords] of a paper whose shard is loaded. */
  private paperInfo(index: number): MapShardData['papers'][string] | undefined {
    return this.loadedShards.get(this.layout!.shard[index]!)?.papers[index];
  }

  private async infoOf(index: number): Promise<MapShardData['papers'][string] | undefined> {
    return (await this.loadShard(this.layout!.shard[index]!)).papers[index];
  }

  // ---- Pointer, wheel and keys ----

  private wireStage() {
    const stage = this.stage;
    stage.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const box = stage.getBoundingClientRect();
        this.zoomAt(
          Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002)),
          event.clientX - box.left,
          event.clientY - box.top,
        );
      },
      { passive: false },
    );
    const pointers = new Map<number, Point>();
    let start: Point | null = null;
    let dragged = false;
    /** Spread and midpoint of the first two pointers: a pinch zooms, their midpoint moves the map. */
    let pinch = 0;
    let middle: Point | null = null;
    let drawing: Point[] | null = null;
    /**
     * Once a second finger is down the gesture is the map's until every finger lifts: the finger
     * left after a pinch keeps moving the map instead of starting a page scroll half-way.
     */
    let twoFingers = false;
    let hinted = false;
    const local = (event: PointerEvent) => {
      const box = stage.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const measurePair = () => {
      const [a, b] = [...pointers.values()];
      if (!a || !b) {
        [pinch, middle] = [0, null];
        return;
      }
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
      middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    // One finger on a touch screen scrolls the page (the stage's touch-action lets the browser take
    // it); once per gesture the map says how to move it instead.
    const hintOnce = () => {
      if (hinted) return;
      hinted = true;
      this.showHint();
    };
    stage.addEventListener('pointerdown', (event) => {
      if (event.button !== 0 && event.pointerType === 'mouse') return;
      if ((event.target as Element).closest('.map-preview')) return;
      stage.setPointerCapture(event.pointerId);
      const at = local(event);
      pointers.set(event.pointerId, at);
      if (pointers.size === 1) {
        start = at;
        dragged = false;
        twoFingers = false;
        hinted = false;
        drawing = this.lassoMode || event.shiftKey ? [this.toUnit(at.x, at.y)] : null;
      } else {
        drawing = null;
        twoFingers = true;
        this.hideHint();
        measurePair();
      }
    });
    stage.addEventListener('pointermove', (event) => {
      const at = local(event);
      const last = pointers.get(event.pointerId);
      if (!last) {
        if (event.pointerType === 'mouse') this.hover(at);
        return;
      }
      if (pointers.size === 1) {
        if (!dragged && start && Math.hypot(at.x - start.x, at.y - start.y) < DRAG_PX) return;
        dragged = true;
        pointers.set(event.pointerId, at);
        if (drawing) {
          drawing.push(this.toUnit(at.x, at.y));
          this.selection = { members: [], heading: '', polygon: drawing };
          this.drawLasso();
          return;
        }
        if (event.pointerType === 'touch' && !twoFingers) return hintOnce();
        this.hideTooltip();
        this.panBy(at.x - last.x, at.y - last.y);
        return;
      }
      pointers.set(event.pointerId, at);
      const [before, spread] = [middle, pinch];
      measurePair();
      // Two fingers: the map follows their midpoint, and zooms by their spread about it.
      if (before && middle) this.panBy(middle.x - before.x, middle.y - before.y);
      if (spread > 0 && pinch > 0 && middle) this.zoomAt(pinch / spread, middle.x, middle.y);
      dragged = true;
    });
    // Two fingers are the map's: the browser must neither scroll nor zoom the page under them.
    stage.addEventListener(
      'touchmove',
      (event) => {
        if (event.cancelable && (event.touches.length >= 2 || twoFingers)) event.preventDefault();
      },
      { passive: false },
    );
    const release = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) return;
      const single = pointers.size === 1;
      pointers.delete(event.pointerId);
      measurePair();
      if (!single) return;
      if (event.type === 'pointercancel') {
        // The browser took a single finger to scroll the page, maybe before any move reached here.
        if (event.pointerType === 'touch' && !drawing && !twoFingers) hintOnce();
        drawing = null;
        return;
      }
      if (drawing && dragged && drawing.length >= 3) {
        this.finishLasso(drawing);
      } else if (!dragged) {
        this.tap(local(event));
      }
      drawing = null;
    };
    stage.addEventListener('pointerup', release);
    // The tap is handled on pointerup; the click a touch screen sends after it must not land on
    // the preview that has just opened.
    stage.addEventListener(
      'touchend',
      (event) => {
        if (event.cancelable) event.preventDefault();
      },
      { passive: false },
    );
    stage.addEventListener('pointercancel', release);
    stage.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse') this.hideTooltip();
    });
    stage.addEventListener('focus', () => {
      this.keyboardFocus = stage.matches(':focus-visible');
      this.draw();
    });
    stage.addEventListener('blur', () => {
      this.keyboardFocus = false;
      this.draw();
    });
    stage.addEventListener('keydown', (event) => {
      if (event.target !== stage) return;
      const step = 60;
      const actions: Record<string, () => void> = {
        '+': () => this.zoomAt(2),
        '=': () => this.zoomAt(2),
        '-': () => this.zoomAt(0.5),
        '0': () => this.resetView(),
        ArrowLeft: () => this.panBy(step, 0),
        ArrowRight: () => this.panBy(-step, 0),
        ArrowUp: () => this.panBy(0, step),
        ArrowDown: () => this.panBy(0, -step),
        Enter: () => {
          const target = this.nearestToCentre();
          if (target >= 0) void this.openPreview(target, true);
        },
        Escape: () => this.closePreview(),
      };
      const action = actions[event.key];
      if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key.startsWith('Arrow') && this.view.zoom === 1) return;
      event.preventDefault();
      this.keyboardFocus = true;
      action();
      this.draw();
    });
  }

  private wireToolbar() {
    const zoom = this.querySelector('.map-zoom');
    zoom?.addEventListener('click', (event) => {
      const kind = (event.target as Element).closest<HTMLElement>('[data-zoom]')?.dataset.zoom;
      if (kind === 'in') this.zoomAt(2);
      else if (kind === 'out') this.zoomAt(0.5);
      else if (kind === 'reset') this.resetView();
    });
    const toggle = this.querySelector<HTMLButtonElement>('.map-lasso-toggle');
    toggle?.addEventListener('click', () => this.setLassoMode(!this.lassoMode));
    this.preview.querySelector('.map-preview-close')?.addEventListener('click', () => {
      const hadFocus = this.preview.contains(document.activeElement);
      this.closePreview();
      if (hadFocus) this.stage.focus();
    });
    this.preview.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      this.closePreview();
      this.stage.focus();
    });
    this.querySelector('.map-selection-clear')?.addEventListener('click', () => {
      this.select(null);
      this.stage.focus();
    });
  }

  private setLassoMode(on: boolean) {
    this.lassoMode = on;
    this.querySelector('.map-lasso-toggle')?.setAttribute('aria-pressed', String(on));
    this.stage.classList.toggle('is-lassoing', on);
  }

  private hoverTimer = 0;

  /** With a mouse: the pointer over a dot shows its title (once the pointer rests a moment). */
  private hover(at: Point) {
    const index = this.pick(at.x, at.y);
    this.stage.classList.toggle('is-over-dot', index >= 0);
    clearTimeout(this.hoverTimer);
    if (index < 0) return this.hideTooltip();
    this.hoverTimer = window.setTimeout(() => {
      void this.infoOf(index).then((info) => {
        if (!info || this.pick(at.x, at.y) !== index) return;
        const p = this.toScreen(index);
        this.tooltip.textContent = info[1];
        this.tooltip.hidden = false;
        this.tooltip.style.left = `${Math.min(Math.max(p.x, 8), this.width - 8)}px`;
        this.tooltip.style.top = `${p.y - this.dotRadius()}px`;
        this.tooltip.classList.toggle('is-right', p.x > this.width / 2);
      });
    }, 60);
  }

  private hideTooltip() {
    this.tooltip.hidden = true;
  }

  /** "Use two fingers to move the map", over the map for a moment (announced politely). */
  private showHint() {
    clearTimeout(this.hintTimer);
    this.hint.textContent = 'Use two fingers to move the map';
    this.hint.classList.add('is-shown');
    this.hintTimer = window.setTimeout(() => this.hideHint(), HINT_MS);
  }

  private hideHint() {
    clearTimeout(this.hintTimer);
    this.hint.classList.remove('is-shown');
    // Emptied once faded, so the next hint is new text that a screen reader announces again.
    this.hintTimer = window.setTimeout(() => (this.hint.textContent = ''), HINT_FADE_MS);
  }

  private tap(at: Point) {
    const index = this.pick(at.x, at.y);
    if (index >= 0) return void this.openPreview(index, false);
    // Not on a dot: on an area's name, that area's papers; on a title, its paper.
    const inside = (box: Box | null) =>
      box && at.x >= box.minX && at.x <= box.maxX && at.y >= box.minY && at.y <= box.maxY;
    const title = this.titleBoxes.find((t) => inside(t.box));
    if (title) return void this.openPreview(title.index, false);
    const area = this.areas.find((a) => inside(a.box));
    if (area)
      return this.select(
        {
          members: area.members,
          heading: `${area.label}: ${papersCount(area.members.length)} in this area`,
        },
        false,
      );
    this.closePreview();
  }

  // ---- The preview ----

  private async openPreview(index: number, focus: boolean) {
    const layout = this.layout!;
    this.previewIndex = index;
    this.hideTooltip();
    this.draw();
    const preview = this.preview;
    const heading = preview.querySelector<HTMLElement>('.map-preview-title')!;
    const byline = preview.querySelector<HTMLElement>('.map-preview-byline')!;
    const venue = preview.querySelector<HTMLElement>('.map-preview-venue')!;
    const summary = preview.querySelector<HTMLElement>('.map-preview-summary')!;
    const keywords = preview.querySelector<HTMLElement>('.map-preview-keywords')!;
    const open = preview.querySelector<HTMLAnchorElement>('.map-preview-open')!;
    const save = preview.querySelector<HTMLElement>('.map-preview-save')!;
    const topic = layout.topics[layout.topic[index]!];
    preview.dataset.index = String(index);
    heading.textContent = 'Loading…';
    for (const part of [byline, venue, summary, keywords]) part.replaceChildren();
    save.replaceChildren();
    open.removeAttribute('href');
    preview.hidden = false;
    this.positionPreview();
    if (focus) heading.focus();
    const info = await this.infoOf(index);
    if (this.previewIndex !== index) return;
    if (!info) {
      heading.textContent = 'This paper could not be loaded.';
      return;
    }
    const [slug, title, words] = info;
    heading.textContent = title;
    open.href = paperPath(slug);
    const star = document.createElement('star-button');
    star.dataset.slug = slug;
    star.dataset.title = title;
    save.append(star);
    keywords.textContent = [topic?.label, ...words].filter(Boolean).join(' · ');
    this.positionPreview();
    const card = await loadCard(slug);
    if (this.previewIndex !== index || !card) return;
    if (card.authors?.length) {
      const shown = card.authors.slice(0, 6).join(', ');
      byline.textContent = card.authors.length > 6 ? `${shown} et al.` : shown;
    }
    venue.textContent = venueYearText(card.venue ?? '', card.year ?? null);
    summary.textContent = card.summary;
    this.positionPreview();
  }

  private closePreview() {
    if (this.previewIndex < 0 && this.preview.hidden) return;
    this.previewIndex = -1;
    this.preview.hidden = true;
    this.draw();
  }

  /**
   * Next to its dot, never over it: below it in the top half of the map, above it in the bottom half
   * when there is room (else below, reaching past the map).
   */
  private positionPreview() {
    if (this.previewIndex < 0 || this.preview.hidden) return;
    const frame = this.querySelector<HTMLElement>('.map-frame')!.getBoundingClientRect();
    const stage = this.stage.getBoundingClientRect();
    const p = this.toScreen(this.previewIndex);
    const [x, y] = [stage.left - frame.left + p.x, stage.top - frame.top + p.y];
    const width = this.preview.offsetWidth;
    const height = this.preview.offsetHeight;
    const gap = this.dotRadius() + 10;
    const left = Math.min(Math.max(x - width / 2, 0), Math.max(0, frame.width - width));
    const above = p.y >= this.height / 2 && y - gap - height >= 0;
    // A dot moved out of view takes its preview with it (it comes back with the dot).
    const away = p.x < 0 || p.y < 0 || p.x > this.width || p.y > this.height;
    this.preview.classList.toggle('is-away', away);
    this.preview.style.left = `${left}px`;
    this.preview.style.top = `${above ? y - gap - height : y + gap}px`;
  }

  // ---- Lists under the map ----

  private finishLasso(polygon: Point[]) {
    const layout = this.layout!;
    const xs = polygon.map((p) => p.x);
    const ys = polygon.map((p) => p.y);
    const members = this.within(
      Math.min(...xs),
      Math.min(...ys),
      Math.max(...xs),
      Math.max(...ys),
    ).filter((i) => insidePolygon(layout.xs[i]!, layout.ys[i]!, polygon));
    this.setLassoMode(false);
    this.select(
      {
        members,
        heading:
          members.length === 0
            ? 'No paper in the selected area'
            : `${papersCount(members.length)} in the selected area`,
        polygon,
      },
      false,
    );
  }

  /** Lists a set of papers under the map, nearest their middle first, with their keywords. */
  private select(selection: Selection | null, focus = false) {
    const layout = this.layout!;
    this.selection = selection;
    this.selected = null;
    const section = this.querySelector<HTMLElement>('.map-selection')!;
    const heading = section.querySelector('h2')!;
    const list = section.querySelector('ol')!;
    const more = section.querySelector<HTMLElement>('.map-selection-more')!;
    if (!selection) {
      section.hidden = true;
      list.replaceChildren();
      this.draw();
      return;
    }
    this.selected = new Uint8Array(layout.count);
    for (const i of selection.members) this.selected[i] = 1;
    const [mx, my] = [
      selection.members.reduce((s, i) => s + layout.xs[i]!, 0) /
        Math.max(1, selection.members.length),
      selection.members.reduce((s, i) => s + layout.ys[i]!, 0) /
        Math.max(1, selection.members.length),
    ];
    const listed = [...selection.members]
      .sort(
        (a, b) =>
          Math.hypot(layout.xs[a]! - mx, layout.ys[a]! - my) -
            Math.hypot(layout.xs[b]! - mx, layout.ys[b]! - my) || a - b,
      )
      .slice(0, LISTED);
    heading.textContent = selection.heading;
    more.textContent =
      selection.members.length > LISTED
        ? `The ${LISTED} nearest the middle are listed; zoom in or select a smaller area for the other ${papersCount(selection.members.length - LISTED)}.`
        : '';
    section.hidden = false;
    list.replaceChildren();
    list.setAttribute('aria-busy', 'true');
    this.draw();
    if (focus) heading.focus();
    const token = selection;
    void Promise.all(
      [...new Set(listed.map((i) => layout.shard[i]!))].map((s) => this.loadShard(s)),
    ).then(() => {
      if (this.selection !== token) return;
      list.replaceChildren(
        ...listed.flatMap((i) => {
          const info = this.paperInfo(i);
          if (!info) return [];
          const [slug, title, words] = info;
          const item = document.createElement('li');
          const link = document.createElement('a');
          link.href = paperPath(slug);
          link.textContent = title;
          item.append(link);
          const topic = layout.topics[layout.topic[i]!]?.label;
          const terms = [topic, ...words].filter(Boolean).join(' · ');
          if (terms) {
            const keywords = document.createElement('span');
            keywords.className = 'map-keywords';
            keywords.textContent = terms;
            item.append(' ', keywords);
          }
          return [item];
        }),
      );
      list.removeAttribute('aria-busy');
    });
  }

  // ---- Highlighting (?q= and ?tag=) ----

  private wireForm(form: HTMLFormElement) {
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
    const query = form.querySelector<HTMLInputElement>('[name="q"]');
    const tag = form.querySelector<HTMLSelectElement>('[name="tag"]');
    if (query) query.value = params.get('q') ?? '';
    if (tag) tag.value = params.get('tag') ?? '';
  }

  private highlight(params: URLSearchParams) {
    if (!this.layout) return;
    const status = this.querySelector('.map-status');
    const query = (params.get('q') ?? '').trim();
    const tags = params.getAll('tag').filter(Boolean);
    const id = ++this.lastRequest;
    if (!query && tags.length === 0) {
      this.mark(null, []);
      if (status) status.textContent = '';
      return;
    }
    if (status) status.textContent = 'Finding matching papers…';
    this.worker ??= this.startWorker(status);
    const request: MapSearchRequest = {
      id,
      indexUrl: this.dataset.indexUrl ?? '',
      query,
      tags,
      listed: LISTED,
    };
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
      const count = this.layout?.count ?? 0;
      const matches = data.docCount === count;
      this.mark(matches ? data.docs : [], matches ? data.listed : []);
      if (status) {
        const n = matches ? data.docs.length : 0;
        status.textContent =
          n === 0
            ? 'No paper matches: nothing is highlighted.'
            : `${papersCount(n)} of ${papersCount(count)} match: they are highlighted, the others are dimmed, and they are listed under the map.`;
      }
    });
    return worker;
  }

  /** Highlights the points of `docs` and lists them under the map; null shows every point normally. */
  private mark(docs: readonly number[] | null, listed: readonly [string, string][]) {
    const layout = this.layout!;
    if (docs === null) this.hits = null;
    else {
      this.hits = new Uint8Array(layout.count);
      for (const doc of docs) this.hits[doc] = 1;
    }
    this.draw();
    const section = this.querySelector<HTMLElement>('.map-hits');
    const list = this.querySelector('.map-hits-list');
    const more = this.querySelector('.map-hits-more');
    if (!section || !list || !more) return;
    section.hidden = !docs || docs.length === 0;
    list.replaceChildren(
      ...listed.map(([slug, title]) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = paperPath(slug);
        link.textContent = title;
        item.append(link);
        return item;
      }),
    );
    more.replaceChildren();
    if (docs && docs.length > listed.length) {
      const link = document.createElement('a');
      link.href = `${withBase('/')}${writeSearchState(readSearchState(this.pendingParams.toString()))}`;
      link.textContent = `All ${papersCount(docs.length)} in the paper search`;
      more.append(`${papersCount(docs.length - listed.length)} more: `, link);
    }
  }
}

customElements.define('topic-map-view', TopicMapView);
