import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { clusterAnchors, placeLabels, type Obstacle } from '../../src/lib/site/map-labels';
import { familyOf, SHAPES, TOPIC_FAMILIES } from '../../src/lib/site/topic-families';

describe('topic families', () => {
  it('put every topic of the taxonomy in one of at most ten families, each with its own shape', () => {
    const topics = loadTaxonomy('content/taxonomy.yaml').topics.map((t) => t.slug);
    const listed = TOPIC_FAMILIES.flatMap((family) => family.topics);
    expect([...listed].sort()).toEqual([...topics].sort());
    expect(TOPIC_FAMILIES.length).toBeLessThanOrEqual(10);
    const shapes = TOPIC_FAMILIES.map((family) => family.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const shape of shapes) expect(SHAPES).toContain(shape);
  });

  it('puts unknown topics and papers without a topic in the general family', () => {
    expect(familyOf('not-a-topic').id).toBe('general');
    expect(familyOf(null).id).toBe('general');
    expect(familyOf('reinforcement-learning').id).toBe('decisions');
  });
});

describe('clusterAnchors', () => {
  it('anchors each group on its densest cluster, not between its clusters', () => {
    const group = (g: string, xs: [number, number][]) => xs.map(([x, y]) => ({ x, y, group: g }));
    const anchors = clusterAnchors(
      [
        // Group a: a tight cluster of four on the left, two strays on the right.
        ...group('a', [
          [10, 10],
          [11, 10],
          [10, 11],
          [11, 11],
          [90, 90],
          [95, 95],
        ]),
        ...group('b', [[50, 60]]),
      ],
      3,
    );
    const a = anchors.get('a')!;
    expect(a.x).toBeLessThanOrEqual(11);
    expect(a.y).toBeLessThanOrEqual(11);
    expect(anchors.get('b')).toEqual({ x: 50, y: 60 });
  });
});

describe('placeLabels', () => {
  const bounds = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
  const boxOf = (p: { x: number; y: number }, width: number, height: number) => ({
    minX: p.x - width / 2,
    maxX: p.x + width / 2,
    minY: p.y - height / 2,
    maxY: p.y + height / 2,
  });
  const touches = (dot: Obstacle, box: ReturnType<typeof boxOf>) => {
    const nx = Math.min(Math.max(dot.x, box.minX), box.maxX);
    const ny = Math.min(Math.max(dot.y, box.minY), box.maxY);
    return Math.hypot(dot.x - nx, dot.y - ny) < dot.r;
  };

  it('keeps a name at its anchor when nothing is there', () => {
    const [place] = placeLabels([{ anchor: { x: 50, y: 50 }, width: 20, height: 4 }], [], bounds);
    expect(place).toEqual({ x: 50, y: 50 });
  });

  it('moves names off the dots they would cover and off each other, inside the map', () => {
    // A dense cluster right where both names want to go.
    const dots: Obstacle[] = [];
    for (let x = 40; x <= 60; x += 2) for (let y = 45; y <= 55; y += 2) dots.push({ x, y, r: 1 });
    const requests = [
      { anchor: { x: 50, y: 50 }, width: 30, height: 4 },
      { anchor: { x: 50, y: 50 }, width: 24, height: 4 },
      { anchor: { x: 98, y: 2 }, width: 30, height: 4 },
    ];
    const places = placeLabels(requests, dots, bounds);
    const boxes = places.map((p, i) => {
      expect(p, `name ${i} is placed`).not.toBeNull();
      return boxOf(p!, requests[i]!.width, requests[i]!.height);
    });
    for (const box of boxes) {
      for (const dot of dots) expect(touches(dot, box)).toBe(false);
      expect(box.minX).toBeGreaterThanOrEqual(0);
      expect(box.maxX).toBeLessThanOrEqual(100);
      expect(box.minY).toBeGreaterThanOrEqual(0);
    }
    const [a, b] = boxes as [ReturnType<typeof boxOf>, ReturnType<typeof boxOf>];
    const overlap = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
    expect(overlap).toBe(false);
    // Still near the cluster it names: within a few label heights.
    expect(Math.abs(places[0]!.y - 50)).toBeLessThan(20);
  });

  it('leaves a name out rather than draw it over dots when no clear place is near', () => {
    const dots: Obstacle[] = [];
    for (let x = 0; x <= 100; x += 2) for (let y = 0; y <= 100; y += 2) dots.push({ x, y, r: 1.2 });
    expect(placeLabels([{ anchor: { x: 50, y: 50 }, width: 20, height: 4 }], dots, bounds)).toEqual(
      [null],
    );
  });
});
