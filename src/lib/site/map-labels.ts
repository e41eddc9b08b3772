/**
 * Where to write the family names on the map so that no name covers a dot or another name. Each name
 * starts at its anchor (the densest spot of its family's dots) and moves outward on rings of candidate
 * positions until one is clear; a name with no clear place nearby is left out rather than drawn over
 * dots. The build runs it with estimated text widths for the static map, the browser again with
 * measured widths at the current zoom. Units are whatever the caller uses (the map's viewBox units).
 */

export interface Point {
  x: number;
  y: number;
}

/** A dot to keep clear: centre and radius. */
export interface Obstacle extends Point {
  r: number;
}

/** A name to place: its text box size and where it would ideally go. */
export interface LabelRequest {
  anchor: Point;
  width: number;
  height: number;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PlaceOptions {
  /** Distance between rings of candidate positions; by default the label height. */
  step?: number;
  /** How many rings to try before giving up on a name. */
  rings?: number;
  /** Clear space kept around every dot. */
  padding?: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Most members of one group tried as its anchor. */
const MAX_CANDIDATES = 500;

/**
 * Where each group's name belongs: at its densest spot, the member with the most other members
 * within `radius` (ties: the one nearest the group's median). A group spread over the whole map then
 * gets its name on its biggest cluster, not in the empty middle where a mean or median would fall.
 * Groups come back in first-seen order.
 */
export function clusterAnchors<K>(
  points: readonly (Point & { group: K })[],
  radius: number,
): Map<K, Point> {
  const byGroup = new Map<K, Point[]>();
  for (const point of points) {
    const members = byGroup.get(point.group);
    if (members) members.push(point);
    else byGroup.set(point.group, [point]);
  }
  const anchors = new Map<K, Point>();
  for (const [group, members] of byGroup) {
    const centre = { x: median(members.map((p) => p.x)), y: median(members.map((p) => p.y)) };
    let best = members[0]!;
    let bestCount = -1;
    let bestDistance = Infinity;
    // Every member is counted, but at most MAX_CANDIDATES evenly spread members are tried as the
    // spot, so a family of 5,000 papers costs 500 × 5,000 distances, not 25 million.
    const stride = Math.max(1, Math.floor(members.length / MAX_CANDIDATES));
    for (let c = 0; c < members.length; c += stride) {
      const candidate = members[c]!;
      let count = 0;
      // Squared distances: Math.hypot is several times slower, and this loop runs millions of times.
      for (const other of members) {
        const [dx, dy] = [candidate.x - other.x, candidate.y - other.y];
        if (dx * dx + dy * dy <= radius * radius) count += 1;
      }
      const distance = Math.hypot(candidate.x - centre.x, candidate.y - centre.y);
      if (count > bestCount || (count === bestCount && distance < bestDistance)) {
        [best, bestCount, bestDistance] = [candidate, count, distance];
      }
    }
    anchors.set(group, { x: best.x, y: best.y });
  }
  return anchors;
}

/** Dots bucketed on a grid, so a box is checked against the few dots near it, not all 20,000. */
class ObstacleGrid {
  private cells = new Map<number, Obstacle[]>();
  constructor(
    obstacles: readonly Obstacle[],
    private size: number,
    private reach: number,
  ) {
    for (const obstacle of obstacles) {
      const key = this.key(Math.floor(obstacle.x / size), Math.floor(obstacle.y / size));
      const cell = this.cells.get(key);
      if (cell) cell.push(obstacle);
      else this.cells.set(key, [obstacle]);
    }
  }

  /** One number per cell: cheaper to hash than a string. Maps stay well inside ±2^20 cells. */
  private key(cx: number, cy: number): number {
    return (cx + 1_048_576) * 2_097_152 + (cy + 1_048_576);
  }

  /** True when some dot (grown by `padding`) touches the box. */
  hits(box: Box, padding: number): boolean {
    const grow = this.reach + padding;
    const x0 = Math.floor((box.minX - grow) / this.size);
    const x1 = Math.floor((box.maxX + grow) / this.size);
    const y0 = Math.floor((box.minY - grow) / this.size);
    const y1 = Math.floor((box.maxY + grow) / this.size);
    for (let cx = x0; cx <= x1; cx += 1) {
      for (let cy = y0; cy <= y1; cy += 1) {
        for (const dot of this.cells.get(this.key(cx, cy)) ?? []) {
          const dx = dot.x - Math.min(Math.max(dot.x, box.minX), box.maxX);
          const dy = dot.y - Math.min(Math.max(dot.y, box.minY), box.maxY);
          const r = dot.r + padding;
          if (dx * dx + dy * dy < r * r) return true;
        }
      }
    }
    return false;
  }
}

const overlaps = (a: Box, b: Box): boolean =>
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/**
 * A centre for each request, in order (earlier requests get the better spots), or null when no clear
 * place was found within `rings` steps of its anchor. Every placed box lies inside `bounds`.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  obstacles: readonly Obstacle[],
  bounds: Box,
  options: PlaceOptions = {},
): (Point | null)[] {
  const height = Math.max(1e-9, ...requests.map((r) => r.height));
  const step = options.step ?? height;
  const rings = options.rings ?? 12;
  const padding = options.padding ?? 0;
  const reach = Math.max(0, ...obstacles.map((o) => o.r));
  const grid = new ObstacleGrid(obstacles, Math.max(step, reach * 2, 1e-9), reach);
  const placed: Box[] = [];
  return requests.map(({ anchor, width, height: h }) => {
    for (let ring = 0; ring <= rings; ring += 1) {
      const count = ring === 0 ? 1 : 8 * ring;
      for (let i = 0; i < count; i += 1) {
        // Start straight above the anchor and go round, so names prefer to sit over their dots.
        const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
        const x = anchor.x + ring * step * Math.cos(angle) * 1.5;
        const y = anchor.y + ring * step * Math.sin(angle);
        const box = { minX: x - width / 2, maxX: x + width / 2, minY: y - h / 2, maxY: y + h / 2 };
        if (box.minX < bounds.minX || box.maxX > bounds.maxX) continue;
        if (box.minY < bounds.minY || box.maxY > bounds.maxY) continue;
        if (placed.some((other) => overlaps(box, other))) continue;
        if (grid.hits(box, padding)) continue;
        placed.push(box);
        return { x, y };
      }
    }
    return null;
  });
}
