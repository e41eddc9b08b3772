import { describe, expect, it } from 'vitest';
import {
  areasInView,
  clusterPoints,
  insidePolygon,
  overlaps,
  placeBoxes,
  spotsAround,
  type Point,
} from '../../src/lib/site/map-labels';
import {
  LAYOUT_SCALE,
  minSeparation,
  quantise,
  separatePoints,
  smallestDistance,
  spatialShards,
} from '../../src/lib/site/map-layout';
import { seededRandom } from '../../src/lib/random';

/** `count` points in tight clumps, as UMAP leaves a large corpus (many almost on top of each other). */
function clumps(count: number, seed = 7): Point[] {
  const random = seededRandom(seed);
  const centres = Array.from({ length: 6 }, () => ({
    x: 0.15 + random() * 0.7,
    y: 0.15 + random() * 0.7,
  }));
  return Array.from({ length: count }, (_, i) => {
    const c = centres[i % centres.length]!;
    // A third of them exactly on the centre: coincident points must part too.
    if (i % 3 === 0) return { ...c };
    return { x: c.x + (random() - 0.5) * 0.05, y: c.y + (random() - 0.5) * 0.05 };
  });
}

describe('separatePoints', () => {
  it('leaves no two points closer than the separation, even from one spot, inside the margin', () => {
    for (const count of [2, 57, 228, 1500]) {
      const points = clumps(count);
      const separation = minSeparation(count);
      const apart = separatePoints(points, separation);
      expect(apart).toHaveLength(count);
      expect(smallestDistance(apart, separation)).toBeGreaterThanOrEqual(separation);
      // Still so after rounding to the grid the browser gets.
      const rounded = apart.map((p) => ({
        x: quantise(p.x) / LAYOUT_SCALE,
        y: quantise(p.y) / LAYOUT_SCALE,
      }));
      expect(smallestDistance(rounded, separation)).toBeGreaterThanOrEqual(separation);
      for (const p of apart) {
        expect(p.x).toBeGreaterThanOrEqual(0.01);
        expect(p.x).toBeLessThanOrEqual(0.99);
        expect(p.y).toBeGreaterThanOrEqual(0.01);
        expect(p.y).toBeLessThanOrEqual(0.99);
      }
    }
  });

  it('moves points that are already apart not at all, and is deterministic', () => {
    const grid = Array.from({ length: 25 }, (_, i) => ({
      x: 0.1 + (i % 5) * 0.2,
      y: 0.1 + Math.floor(i / 5) * 0.2,
    }));
    expect(separatePoints(grid, 0.1)).toEqual(grid);
    const points = clumps(500);
    expect(separatePoints(points, minSeparation(500))).toEqual(
      separatePoints(points, minSeparation(500)),
    );
  });

  it('keeps clusters where they were: each clump grows round its own middle', () => {
    const points = clumps(2000);
    const separation = minSeparation(2000);
    const apart = separatePoints(points, separation);
    const middle = (list: Point[], clump: number) => {
      const members = list.filter((_, i) => i % 6 === clump);
      return {
        x: members.reduce((s, p) => s + p.x, 0) / members.length,
        y: members.reduce((s, p) => s + p.y, 0) / members.length,
      };
    };
    for (let clump = 0; clump < 6; clump += 1) {
      const [before, after] = [middle(points, clump), middle(apart, clump)];
      expect(Math.hypot(before.x - after.x, before.y - after.y)).toBeLessThan(separation * 3);
    }
  });
});

describe('spatialShards', () => {
  it('splits the points into places of at most the given size, every point in one', () => {
    const points = clumps(1000);
    const shards = spatialShards(points, 100);
    const sizes = new Map<number, number>();
    for (const s of shards) sizes.set(s, (sizes.get(s) ?? 0) + 1);
    expect([...sizes.keys()].sort((a, b) => a - b)).toEqual([...Array(sizes.size).keys()]);
    for (const size of sizes.values()) expect(size).toBeLessThanOrEqual(100);
    expect(spatialShards(points.slice(0, 57), 100)).toEqual(new Array(57).fill(0));
  });
});

describe('areasInView', () => {
  const topics = [
    { label: 'Reinforcement learning', family: 0 },
    { label: 'Agents', family: 0 },
    { label: 'Computer vision', family: 1 },
    { label: 'Audio', family: 1 },
  ];
  const families = [{ label: 'Decisions' }, { label: 'Perception' }];
  const blob = (x: number, y: number, topic: number[], n = 12) =>
    Array.from({ length: n }, (_, i) => ({
      x: x + (i % 4) * 6,
      y: y + Math.floor(i / 4) * 6,
      topic: topic[i % topic.length]!,
    }));

  it('names each group of papers by its most common topic, near its papers', () => {
    const points = [...blob(20, 20, [0]), ...blob(300, 300, [2, 2, 3])];
    const areas = areasInView(points, topics, families, { k: 2 });
    expect(areas.map((a) => a.label).sort()).toEqual(['Computer vision', 'Reinforcement learning']);
    const vision = areas.find((a) => a.label === 'Computer vision')!;
    expect(vision.members.every((m) => points[m]!.x >= 300)).toBe(true);
    expect(Math.hypot(vision.x - 309, vision.y - 306)).toBeLessThan(10);
  });

  it('never gives two areas one name when another fits, and merges neighbours of one topic', () => {
    const points = [...blob(20, 20, [0]), ...blob(300, 20, [0, 0, 1, 1])];
    const far = areasInView(points, topics, families, { k: 2 });
    expect(far.map((a) => a.label)).toEqual(['Reinforcement learning', 'Agents']);
    const near = areasInView(points, topics, families, { k: 2, mergeDistance: 400 });
    expect(near).toHaveLength(1);
    expect(near[0]!.members).toHaveLength(points.length);
  });

  it('gives the same areas for the same points', () => {
    const points = blob(0, 0, [0, 1, 2, 3], 200);
    expect(clusterPoints(points, 5)).toEqual(clusterPoints(points, 5));
  });
});

describe('placeBoxes', () => {
  const bounds = { minX: 0, minY: 0, maxX: 200, maxY: 100 };

  it('places boxes that never overlap, inside the bounds, or leaves them out', () => {
    const requests = Array.from({ length: 30 }, (_, i) => ({
      width: 60,
      height: 14,
      spots: spotsAround(100 + (i % 3), 50, 60, 14),
    }));
    const boxes = placeBoxes(requests, bounds, { gap: 2 });
    const placed = boxes.filter((b) => b !== null);
    expect(placed.length).toBeGreaterThan(3);
    expect(placed.length).toBeLessThan(30);
    placed.forEach((a, i) => {
      expect(a.minX).toBeGreaterThanOrEqual(0);
      expect(a.maxX).toBeLessThanOrEqual(200);
      for (const b of placed.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    });
  });

  it('prefers the spot covering the fewest points, and never covers an obstacle', () => {
    const crowd = Array.from({ length: 20 }, (_, i) => ({ x: 90 + i, y: 50 }));
    const [box] = placeBoxes(
      [{ width: 40, height: 10, spots: spotsAround(100, 50, 40, 10) }],
      bounds,
      {
        avoid: crowd,
      },
    );
    expect(
      crowd.some((p) => p.x > box!.minX && p.x < box!.maxX && p.y > box!.minY && p.y < box!.maxY),
    ).toBe(false);
    const [none] = placeBoxes([{ width: 40, height: 10, spots: [{ x: 80, y: 45 }] }], bounds, {
      obstacles: [{ x: 100, y: 50 }],
    });
    expect(none).toBeNull();
  });
});

describe('insidePolygon', () => {
  it('tells inside from outside, for a concave lasso too', () => {
    const lasso = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 5, y: 4 },
      { x: 0, y: 10 },
    ];
    expect(insidePolygon(2, 2, lasso)).toBe(true);
    expect(insidePolygon(5, 8, lasso)).toBe(false);
    expect(insidePolygon(12, 2, lasso)).toBe(false);
  });
});
