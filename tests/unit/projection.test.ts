import { describe, expect, it } from 'vitest';
import {
  evenSample,
  projectVectors,
  seededRandom,
  type Point,
  type SparseVector,
} from '../../src/lib/enrich/projection';

/** `count` documents about one topic: a few shared topic words plus a few words of their own. */
function topicDocs(topic: string, count: number, random: () => number): SparseVector[] {
  return Array.from({ length: count }, (_, i) => {
    const vector = new Map<string, number>();
    for (let w = 0; w < 8; w += 1) vector.set(`${topic}-word${w}`, 0.5 + random());
    for (let w = 0; w < 4; w += 1) vector.set(`${topic}-doc${i}-own${w}`, 0.2 + random());
    vector.set('shared-everywhere', 0.1);
    return vector;
  });
}

function corpus(perTopic: number): { vectors: SparseVector[]; topics: string[] } {
  const random = seededRandom(7);
  const names = ['graphs', 'speech', 'robots'];
  const vectors: SparseVector[] = [];
  const topics: string[] = [];
  for (const name of names) {
    vectors.push(...topicDocs(name, perTopic, random));
    topics.push(...Array<string>(perTopic).fill(name));
  }
  return { vectors, topics };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Share of points whose nearest other point has the same topic. */
function neighbourAgreement(points: Point[], topics: string[]): number {
  let same = 0;
  points.forEach((p, i) => {
    let best = -1;
    points.forEach((q, j) => {
      if (j !== i && (best < 0 || distance(p, q) < distance(p, points[best]!))) best = j;
    });
    if (topics[best] === topics[i]) same += 1;
  });
  return same / points.length;
}

describe('projectVectors', () => {
  const { vectors, topics } = corpus(30);

  it('gives the same coordinates for the same input, every time', () => {
    const first = projectVectors(vectors);
    const second = projectVectors(vectors.map((v) => new Map(v)));
    expect(second).toEqual(first);
  });

  it('gives a different layout for another seed', () => {
    expect(projectVectors(vectors, { seed: 1 })).not.toEqual(projectVectors(vectors, { seed: 2 }));
  });

  it('keeps every point inside the unit square', () => {
    for (const p of projectVectors(vectors)) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(1);
    }
  });

  it('puts papers about the same topic next to each other', () => {
    expect(neighbourAgreement(projectVectors(vectors), topics)).toBeGreaterThan(0.95);
  });

  it('places papers outside the UMAP sample next to their own topic too, deterministically', () => {
    const big = corpus(60);
    const options = { landmarks: 45, epochs: 100 };
    const points = projectVectors(big.vectors, options);
    expect(projectVectors(big.vectors, options)).toEqual(points);
    expect(neighbourAgreement(points, big.topics)).toBeGreaterThan(0.9);
  });

  it('handles empty, single and tiny corpora and empty vectors', () => {
    expect(projectVectors([])).toEqual([]);
    expect(projectVectors([new Map([['a', 1]])])).toEqual([{ x: 0.5, y: 0.5 }]);
    const tiny = projectVectors([new Map([['a', 1]]), new Map(), new Map([['b', 1]])]);
    expect(tiny).toHaveLength(3);
    expect(new Set(tiny.map((p) => `${p.x},${p.y}`)).size).toBe(3);
  });
});

describe('evenSample', () => {
  it('spreads the sample over the whole range', () => {
    expect(evenSample(10, 4)).toEqual([0, 2, 5, 7]);
    expect(evenSample(3, 5)).toEqual([0, 1, 2]);
  });
});
