/**
 * What the map writes over its dots, worked out in screen pixels from the papers in view, so every
 * zoom level gets its own names:
 * - `areasInView`: the papers in view gathered into a few areas (k-means from a grid, deterministic)
 *   and each area named by its papers' most common main topic, or their topic family when no topic
 *   stands out; areas with the same name close together are one area;
 * - `placeBoxes`: where names and titles go so that none covers another (nor, for titles, another
 *   dot's centre), inside the map; a name with no clear spot near its papers is left out;
 * - `insidePolygon`: the papers a lasso holds.
 * Pure: the browser script (src/scripts/map-view.ts) measures the text and draws the result.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A main topic as the layout lists it, and the families it points into. */
export interface TopicName {
  label: string;
  family: number;
}

/** One area of the view: which of the given points it holds, where its papers sit, its name. */
export interface Area {
  /** Indexes into the points given. */
  members: number[];
  /** Mean position of the members. */
  x: number;
  y: number;
  label: string;
}

/**
 * Assigns each point to one of at most `k` groups: Lloyd's k-means started from the means of a grid
 * of about k cells over the points' bounding box, so the same points always give the same groups.
 * Above `sample` points, the centres are found on an evenly spaced sample, then every point joins
 * its nearest centre.
 */
export function clusterPoints(
  points: readonly Point[],
  k: number,
  options: { iterations?: number; sample?: number } = {},
): number[] {
  const n = points.length;
  if (n === 0 || k <= 1) return new Array<number>(n).fill(0);
  const stride = Math.max(1, Math.floor(n / (options.sample ?? 4000)));
  const sample = points.filter((_, i) => i % stride === 0);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of sample) {
    [minX, minY] = [Math.min(minX, p.x), Math.min(minY, p.y)];
    [maxX, maxY] = [Math.max(maxX, p.x), Math.max(maxY, p.y)];
  }
  const [w, h] = [Math.max(maxX - minX, 1e-9), Math.max(maxY - minY, 1e-9)];
  const cols = Math.max(1, Math.round(Math.sqrt((k * w) / h)));
  const rows = Math.max(1, Math.ceil(k / cols));
  const sums = new Map<number, { x: number; y: number; n: number }>();
  for (const p of sample) {
    const cx = Math.min(cols - 1, Math.floor(((p.x - minX) / w) * cols));
    const cy = Math.min(rows - 1, Math.floor(((p.y - minY) / h) * rows));
    const sum = sums.get(cy * cols + cx) ?? { x: 0, y: 0, n: 0 };
    [sum.x, sum.y, sum.n] = [sum.x + p.x, sum.y + p.y, sum.n + 1];
    sums.set(cy * cols + cx, sum);
  }
  // The k fullest cells start; ties by cell order.
  const starts = [...sums.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[0] - b[0])
    .slice(0, k)
    .map(([, sum]) => sum);
  const count = starts.length;
  const cx = Float64Array.from(starts, (sum) => sum.x / sum.n);
  const cy = Float64Array.from(starts, (sum) => sum.y / sum.n);
  const nearest = (p: Point) => {
    let best = 0;
    let bestDistance = Infinity;
    for (let j = 0; j < count; j += 1) {
      const dx = cx[j]! - p.x;
      const dy = cy[j]! - p.y;
      const d = dx * dx + dy * dy;
      if (d < bestDistance) {
        best = j;
        bestDistance = d;
      }
    }
    return best;
  };
  const sx = new Float64Array(count);
  const sy = new Float64Array(count);
  const sn = new Float64Array(count);
  for (let round = 0; round < (options.iterations ?? 8); round += 1) {
    sx.fill(0);
    sy.fill(0);
    sn.fill(0);
    for (const p of sample) {
      const j = nearest(p);
      sx[j]! += p.x;
      sy[j]! += p.y;
      sn[j]! += 1;
    }
    for (let j = 0; j < count; j += 1) {
      if (sn[j]! > 0) {
        cx[j] = sx[j]! / sn[j]!;
        cy[j] = sy[j]! / sn[j]!;
      }
    }
  }
  return points.map(nearest);
}

/** Keys by how often they occur, most first (ties: smaller key first). */
function byCount(keys: readonly number[]): { key: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key - b.key);
}

/**
 * The papers in view as up to `k` named areas, largest first. `points` are screen positions with
 * each paper's main topic. Neighbouring groups named by the same topic (their most common, held
 * by at least `share` of each) whose centres lie within `mergeDistance` are one area. Each area is then named, largest first, by its
 * most common topic that no larger area took (when at least `share` of its papers have it), else by
 * its most common family, else by any topic of its own no larger area took, else by its most common
 * topic (names repeat only then). Areas of fewer than `minSize` papers are
 * left out (their papers are still in view).
 */
export function areasInView(
  points: readonly (Point & { topic: number })[],
  topics: readonly TopicName[],
  families: readonly { label: string }[],
  options: { k: number; minSize?: number; mergeDistance?: number; share?: number },
): Area[] {
  const groups = clusterPoints(points, options.k);
  const byGroup = new Map<number, number[]>();
  groups.forEach((group, i) => {
    const list = byGroup.get(group);
    if (list) list.push(i);
    else byGroup.set(group, [i]);
  });
  const summary = (members: number[]) => {
    let [x, y] = [0, 0];
    for (const i of members) {
      x += points[i]!.x;
      y += points[i]!.y;
    }
    const [top] = byCount(members.map((i) => points[i]!.topic));
    // Only a topic that would name both areas merges them: mixed areas stay apart.
    const named = top!.count >= 2 && top!.count >= (options.share ?? 0.2) * members.length;
    return { members, x: x / members.length, y: y / members.length, top: named ? top!.key : -1 };
  };
  const merged = [...byGroup.values()].map(summary);
  const reach = options.mergeDistance ?? 0;
  for (let again = true; again;) {
    again = false;
    outer: for (let a = 0; a < merged.length; a += 1) {
      for (let b = a + 1; b < merged.length; b += 1) {
        const [p, q] = [merged[a]!, merged[b]!];
        if (p.top < 0 || p.top !== q.top || Math.hypot(p.x - q.x, p.y - q.y) > reach) continue;
        merged[a] = summary(p.members.concat(q.members));
        merged.splice(b, 1);
        again = true;
        break outer;
      }
    }
  }
  merged.sort((a, b) => b.members.length - a.members.length || a.x - b.x || a.y - b.y);
  const share = options.share ?? 0.2;
  const taken = new Set<string>();
  const areas: Area[] = [];
  for (const group of merged) {
    const size = group.members.length;
    const topicIds = group.members.map((i) => points[i]!.topic);
    const ranked = byCount(topicIds);
    const enough = (count: number) => count >= 2 && count >= share * size;
    const topic = ranked.find((t) => enough(t.count) && !taken.has(topics[t.key]?.label ?? ''));
    const family = byCount(topicIds.map((id) => topics[id]?.family ?? 0)).find(
      (f) => enough(f.count) && !taken.has(families[f.key]?.label ?? ''),
    );
    const untaken = ranked.find((t) => !taken.has(topics[t.key]?.label ?? ''));
    const label =
      (topic && topics[topic.key]?.label) ||
      (family && families[family.key]?.label) ||
      (untaken && topics[untaken.key]?.label) ||
      topics[ranked[0]!.key]?.label ||
      '';
    taken.add(label);
    if (size >= (options.minSize ?? 1) && label) {
      areas.push({ members: group.members, x: group.x, y: group.y, label });
    }
  }
  return areas;
}

export const overlaps = (a: Box, b: Box): boolean =>
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/** Points counted per square cell of a grid over `bounds`. */
class CountGrid {
  private counts: Uint32Array;
  private columns: number;
  private rows: number;

  constructor(
    points: readonly Point[],
    private bounds: Box,
    private cell: number,
  ) {
    this.columns = Math.max(1, Math.ceil((bounds.maxX - bounds.minX) / cell));
    this.rows = Math.max(1, Math.ceil((bounds.maxY - bounds.minY) / cell));
    this.counts = new Uint32Array(this.columns * this.rows);
    for (const p of points) {
      const [c, r] = [this.column(p.x), this.row(p.y)];
      if (c >= 0 && c < this.columns && r >= 0 && r < this.rows)
        this.counts[r * this.columns + c]! += 1;
    }
  }

  private column(x: number) {
    return Math.floor((x - this.bounds.minX) / this.cell);
  }

  private row(y: number) {
    return Math.floor((y - this.bounds.minY) / this.cell);
  }

  /** The points in the cells a box touches. */
  count(box: Box): number {
    let total = 0;
    const [c0, c1] = [
      Math.max(0, this.column(box.minX)),
      Math.min(this.columns - 1, this.column(box.maxX)),
    ];
    const [r0, r1] = [Math.max(0, this.row(box.minY)), Math.min(this.rows - 1, this.row(box.maxY))];
    for (let r = r0; r <= r1; r += 1)
      for (let c = c0; c <= c1; c += 1) total += this.counts[r * this.columns + c]!;
    return total;
  }
}

/** A box to place: its size and the spots it may take, best first (each the box's top-left corner). */
export interface BoxRequest {
  width: number;
  height: number;
  spots: Point[];
}

/**
 * The box each request gets, in order (earlier requests get the better spots), or null when every
 * spot overlaps a box already placed (kept `gap` apart), covers an obstacle point (kept `clearance`
 * clear), or leaves `bounds`. A spot slightly outside `bounds` is moved inside first.
 */
export function placeBoxes(
  requests: readonly BoxRequest[],
  bounds: Box,
  options: {
    gap?: number;
    /** Points no box may cover, kept `clearance` clear. */
    obstacles?: readonly Point[];
    clearance?: number;
    /** Points a box should cover as few of as it can: the spot covering fewest wins. */
    avoid?: readonly Point[];
    /** Move spots that stick out of `bounds` inside (default) rather than skip them. */
    shift?: boolean;
  } = {},
): (Box | null)[] {
  const gap = options.gap ?? 0;
  const clearance = options.clearance ?? 0;
  const obstacles = options.obstacles ?? [];
  const avoid = options.avoid ?? [];
  const placed: Box[] = [];
  const covered = (box: Box, points: readonly Point[], margin: number, stopAt = Infinity) => {
    let count = 0;
    for (const o of points) {
      if (
        o.x > box.minX - margin &&
        o.x < box.maxX + margin &&
        o.y > box.minY - margin &&
        o.y < box.maxY + margin
      )
        count += 1;
      if (count >= stopAt) break;
    }
    return count;
  };
  // Many points to avoid (a large map): counted per cell of a grid, a box costing the points of
  // the cells it touches, instead of a scan of every point for every spot.
  const grid = avoid.length > 200 ? new CountGrid(avoid, bounds, 8) : null;
  // Many obstacles: a finer grid, a box refused when a cell it touches (grown by the clearance)
  // holds one, which may refuse a box that only comes near one.
  const blocked = obstacles.length > 200 ? new CountGrid(obstacles, bounds, 4) : null;
  const blocks = (box: Box) =>
    blocked
      ? blocked.count({
          minX: box.minX - clearance,
          minY: box.minY - clearance,
          maxX: box.maxX + clearance,
          maxY: box.maxY + clearance,
        }) > 0
      : covered(box, obstacles, clearance, 1) > 0;
  const cost = (box: Box, stopAt: number) =>
    grid ? grid.count(box) : covered(box, avoid, 0, stopAt);
  return requests.map(({ width, height, spots }) => {
    let best: Box | null = null;
    let bestCost = Infinity;
    for (const spot of spots) {
      let { x, y } = spot;
      if (options.shift !== false) {
        x = Math.min(Math.max(x, bounds.minX), bounds.maxX - width);
        y = Math.min(Math.max(y, bounds.minY), bounds.maxY - height);
      }
      const box = { minX: x, minY: y, maxX: x + width, maxY: y + height };
      if (box.minX < bounds.minX - 0.5 || box.maxX > bounds.maxX + 0.5) continue;
      if (box.minY < bounds.minY - 0.5 || box.maxY > bounds.maxY + 0.5) continue;
      const grown = {
        minX: box.minX - gap,
        minY: box.minY - gap,
        maxX: box.maxX + gap,
        maxY: box.maxY + gap,
      };
      if (placed.some((other) => overlaps(grown, other))) continue;
      if (blocks(box)) continue;
      const spent = cost(box, bestCost);
      if (spent < bestCost) [best, bestCost] = [box, spent];
      if (spent === 0) break;
    }
    if (best) placed.push(best);
    return best;
  });
}

/**
 * Spots for a name centred on (x, y), then shifted by a line or half its width at a time, nearest
 * first: never further than its own width from the papers it names.
 */
export function spotsAround(x: number, y: number, width: number, height: number): Point[] {
  const left = x - width / 2;
  const top = y - height / 2;
  const shifts: [number, number][] = [
    [0, 0],
    [0, -1],
    [0, 1],
    [-0.5, 0],
    [0.5, 0],
    [-0.5, -1],
    [0.5, -1],
    [-0.5, 1],
    [0.5, 1],
    [0, -2],
    [0, 2],
    [-1, 0],
    [1, 0],
    [0, -3],
    [0, 3],
  ];
  return shifts.map(([dx, dy]) => ({ x: left + dx * width, y: top + dy * height * 1.1 }));
}

/** True when (x, y) lies inside the polygon (even-odd rule). */
export function insidePolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
