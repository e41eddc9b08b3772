/**
 * The topic map as the browser fetches it: every paper's point, pushed apart until no two are closer
 * than a separation that depends on the number of papers (so dots drawn at half that distance never
 * overlap, at any zoom), quantised to integers, with its main topic and the spatial shard that holds
 * its title and keywords. Pure and deterministic: the same points give the same file.
 *
 * - `separatePoints`: a collision pass on a grid of buckets; pairs closer than the separation are
 *   pushed apart along the line between them (coincident points along a fixed direction per pair),
 *   until none is, or `maxRounds` passes.
 * - `spatialShards`: a k-d split of the points into runs of at most `maxPerShard`, so the papers a
 *   reader sees or selects together sit in few shards.
 */
import { extent } from '../extent';

export interface Point {
  x: number;
  y: number;
}

/** Integer grid the coordinates are rounded to: 0 … SCALE on each side. */
export const LAYOUT_SCALE = 10_000;

/** Bumped when the file's shape changes. */
export const MAP_LAYOUT_VERSION = 1;

/** Most papers in one shard of titles and keywords (`/map-shards/<n>.json`). */
export const MAP_SHARD_SIZE = 400;

/** Keywords per paper in a shard. */
export const SHARD_KEYWORDS = 3;

/** The fetched layout (`/map-layout.json`). Arrays are per paper, in corpus order. */
export interface MapLayoutData {
  version: typeof MAP_LAYOUT_VERSION;
  count: number;
  /** Coordinates are integers in 0 … scale. */
  scale: number;
  /** No two points are closer than this, in the same units. */
  separation: number;
  families: { id: string; label: string; shape: string }[];
  /** Main topics; `family` indexes `families`. The last entry may be "no topic" (slug ''). */
  topics: { slug: string; label: string; family: number }[];
  x: number[];
  y: number[];
  /** Index into `topics`. */
  topic: number[];
  /** Index of the shard (`/map-shards/<n>.json`) that holds the paper's slug, title and keywords. */
  shard: number[];
  shards: number;
}

/** One shard: paper index (corpus order) → [slug, title, top keywords]. */
export interface MapShardData {
  papers: Record<string, [slug: string, title: string, keywords: string[]]>;
}

/**
 * The smallest distance kept between two points of a map of `count` papers, as a share of the side:
 * c / √count, with c = 0.4 up to 1,000 papers, falling to 0.27 at 20,000 (57 papers: 0.053; 228:
 * 0.026; 20,000: 0.0019). At 0.4 the packed dots would take an eighth of the square; large maps
 * have denser cores, which a wider gap would push far from their cluster (measured: at 20,000,
 * c = 0.3 moves the farthest point 2.5 % of the side, c = 0.25 1.6 %).
 */
export function minSeparation(count: number): number {
  const n = Math.max(1, count);
  const c = Math.min(0.4, Math.max(0.25, 0.4 - 0.1 * Math.log10(Math.max(n, 1000) / 1000)));
  return Math.min(0.08, c / Math.sqrt(n));
}

export interface SeparateOptions {
  /** Room kept along each edge: points stay in [margin, 1 − margin]. */
  margin?: number;
  /** Passes at most. */
  maxRounds?: number;
}

/** Bucket key of a grid cell: one number, cheaper than a string. */
const cellKey = (cx: number, cy: number) => cx * 65_536 + cy;

/**
 * The smallest distance between two of `points` when it is below `cell`; else `cell` (every pair is
 * at least that far apart), or Infinity for fewer than two points.
 */
export function smallestDistance(points: readonly Point[], cell: number): number {
  const cells = new Map<number, number[]>();
  points.forEach((p, i) => {
    const key = cellKey(Math.floor(p.x / cell), Math.floor(p.y / cell));
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  });
  let best = Infinity;
  points.forEach((p, i) => {
    const [cx, cy] = [Math.floor(p.x / cell), Math.floor(p.y / cell)];
    for (let dx = -1; dx <= 1; dx += 1)
      for (let dy = -1; dy <= 1; dy += 1)
        for (const j of cells.get(cellKey(cx + dx, cy + dy)) ?? []) {
          if (j <= i) continue;
          best = Math.min(best, Math.hypot(points[j]!.x - p.x, points[j]!.y - p.y));
        }
  });
  // Pairs in cells further apart are at least a cell apart.
  return best < cell ? best : points.length > 1 ? cell : Infinity;
}

/**
 * The points, moved as little as the passes allow so that no two are closer than `separation`.
 * Units are the unit square's. Deterministic: pairs are visited in index order.
 */
export function separatePoints(
  points: readonly Point[],
  separation: number,
  options: SeparateOptions = {},
): Point[] {
  const margin = options.margin ?? 0.01;
  const maxRounds = options.maxRounds ?? 40;
  const n = points.length;
  const clamp = (v: number) => Math.min(1 - margin, Math.max(margin, v));
  const xs = Float64Array.from(points, (p) => clamp(p.x));
  const ys = Float64Array.from(points, (p) => clamp(p.y));
  // A little more than asked, so rounding to the integer grid afterwards keeps the distance.
  const target = separation + 1.5 / LAYOUT_SCALE;
  const side = Math.max(1, Math.ceil(1 / target));
  const cellOf = (v: number) => Math.min(side - 1, Math.max(0, Math.floor(v / target)));
  // Buckets as a counting sort: `start[c]` … `start[c + 1]` of `order` are cell c's points.
  const start = new Int32Array(side * side + 1);
  const order = new Int32Array(n);
  const cells = new Int32Array(n);
  for (let round = 0; round < maxRounds; round += 1) {
    start.fill(0);
    for (let i = 0; i < n; i += 1) {
      cells[i] = cellOf(xs[i]!) * side + cellOf(ys[i]!);
      start[cells[i]! + 1]! += 1;
    }
    for (let c = 0; c < side * side; c += 1) start[c + 1]! += start[c]!;
    const fill = start.slice(0, side * side);
    for (let i = 0; i < n; i += 1) order[fill[cells[i]!]!++] = i;
    let moved = false;
    for (let i = 0; i < n; i += 1) {
      const cx = Math.floor(cells[i]! / side);
      const cy = cells[i]! % side;
      for (let gx = Math.max(0, cx - 1); gx <= Math.min(side - 1, cx + 1); gx += 1) {
        for (let gy = Math.max(0, cy - 1); gy <= Math.min(side - 1, cy + 1); gy += 1) {
          const c = gx * side + gy;
          for (let k = start[c]!; k < start[c + 1]!; k += 1) {
            const j = order[k]!;
            if (j <= i) continue;
            let ux = xs[j]! - xs[i]!;
            let uy = ys[j]! - ys[i]!;
            const squared = ux * ux + uy * uy;
            if (squared >= target * target) continue;
            const distance = Math.sqrt(squared);
            if (distance < 1e-9) {
              // The same spot: part along a direction fixed by the pair, the same every time.
              const angle = ((i * 0.618_034 + j * 0.381_966) % 1) * 2 * Math.PI;
              [ux, uy] = [Math.cos(angle), Math.sin(angle)];
            } else [ux, uy] = [ux / distance, uy / distance];
            // Each moves half the gap, and a little more so the passes settle sooner.
            const push = (target - distance) * 0.55;
            xs[i] = clamp(xs[i]! - ux * push);
            ys[i] = clamp(ys[i]! - uy * push);
            xs[j] = clamp(xs[j]! + ux * push);
            ys[j] = clamp(ys[j]! + uy * push);
            moved = true;
          }
        }
      }
    }
    if (!moved) return Array.from(xs, (x, i) => ({ x, y: ys[i]! }));
  }
  // Past SETTLE_MAX_POINTS the ring search below costs minutes to hours (each point left in a
  // jammed core searches rings out to its edge: at 100,000 papers the map-layout route ran for more
  // than 20 minutes, against ~5 s at 20,000; 2026-12-02, docs/build.md, "100,000 papers"). There
  // the passes' result is kept: the gap is ~0.3 px at the map's full view, so pairs still closer
  // only touch when zoomed far in.
  if (n > SETTLE_MAX_POINTS) return Array.from(xs, (x, i) => ({ x, y: ys[i]! }));
  return settle(xs, ys, target, clamp);
}

/** The most points `settle` is run for (see `separatePoints`); every map up to it is unchanged. */
export const SETTLE_MAX_POINTS = 50_000;

/**
 * What the passes left too close (the cores of dense clusters jam): every point keeps its place if
 * it is clear of the points kept so far, in index order; the others go, one by one, to the nearest
 * clear spot on rings around them. Ends with every pair at least `target` apart.
 */
function settle(
  xs: Float64Array,
  ys: Float64Array,
  target: number,
  clamp: (v: number) => number,
): Point[] {
  const n = xs.length;
  const cells = new Map<number, number[]>();
  const cellOf = (v: number) => Math.floor(v / target);
  const clear = (x: number, y: number): boolean => {
    const [cx, cy] = [cellOf(x), cellOf(y)];
    for (let gx = cx - 1; gx <= cx + 1; gx += 1)
      for (let gy = cy - 1; gy <= cy + 1; gy += 1)
        for (const j of cells.get(cellKey(gx, gy)) ?? []) {
          const [dx, dy] = [xs[j]! - x, ys[j]! - y];
          if (dx * dx + dy * dy < target * target) return false;
        }
    return true;
  };
  const keep = (i: number) => {
    const key = cellKey(cellOf(xs[i]!), cellOf(ys[i]!));
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  };
  const waiting: number[] = [];
  for (let i = 0; i < n; i += 1) {
    if (clear(xs[i]!, ys[i]!)) keep(i);
    else waiting.push(i);
  }
  for (const i of waiting) {
    const [x0, y0] = [xs[i]!, ys[i]!];
    const turn = (i * 0.618_034) % 1;
    search: for (let ring = 1; ; ring += 1) {
      const radius = ring * target * 0.5;
      const count = 6 * ring;
      for (let k = 0; k < count; k += 1) {
        const angle = ((k + turn) / count) * 2 * Math.PI;
        const [x, y] = [clamp(x0 + radius * Math.cos(angle)), clamp(y0 + radius * Math.sin(angle))];
        if (!clear(x, y)) continue;
        [xs[i], ys[i]] = [x, y];
        break search;
      }
    }
    keep(i);
  }
  return Array.from(xs, (x, i) => ({ x, y: ys[i]! }));
}

/**
 * The shard of each point: the points are split at the median of their wider side, again and again,
 * until a part holds at most `maxPerShard`; parts are numbered left to right in split order.
 */
export function spatialShards(points: readonly Point[], maxPerShard: number): number[] {
  const shard = new Array<number>(points.length).fill(0);
  let next = 0;
  const split = (members: number[]) => {
    if (members.length <= maxPerShard) {
      const id = next++;
      for (const i of members) shard[i] = id;
      return;
    }
    const xs = members.map((i) => points[i]!.x);
    const ys = members.map((i) => points[i]!.y);
    const [[minX, maxX], [minY, maxY]] = [extent(xs), extent(ys)];
    const wide = maxX - minX >= maxY - minY;
    const key = (i: number) => (wide ? points[i]!.x : points[i]!.y);
    const sorted = [...members].sort((a, b) => key(a) - key(b) || a - b);
    const half = sorted.length >> 1;
    split(sorted.slice(0, half));
    split(sorted.slice(half));
  };
  if (points.length > 0) split(points.map((_, i) => i));
  return shard;
}

/** Rounds unit-square coordinates to the integer grid. */
export const quantise = (v: number): number =>
  Math.round(Math.min(1, Math.max(0, v)) * LAYOUT_SCALE);
