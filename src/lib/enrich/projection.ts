/**
 * The topic map's layout: every paper as a point in the unit square, computed at build time from its
 * text vector so that papers about the same thing sit together. UMAP (umap-js) does the layout; it is
 * seeded, so the same corpus always gives the same map.
 *
 * umap-js is too slow for 20,000 points within the build budget (measured in docs/features.md), so:
 * - vectors are cut to their heaviest terms (the rest barely moves a cosine);
 * - the nearest neighbours are found exactly with an inverted index over those terms, not by UMAP's
 *   own search on dense vectors;
 * - above `landmarks` papers, UMAP lays out an evenly spaced sample of them, and every other paper is
 *   placed among the sample papers it is most similar to.
 */
import { UMAP } from 'umap-js';
import type { Paper } from '../schema';
import { extent } from '../extent';
import { seededRandom } from '../random';

/** A document's text vector: term → weight (e.g. TF-IDF). Need not be normalised. */
export type SparseVector = ReadonlyMap<string, number>;

/** A position in the unit square. */
export interface Point {
  x: number;
  y: number;
}

/** One paper on the map. */
export interface MapPoint extends Pick<Paper, 'slug' | 'title'>, Point {
  /** The primary topic (`tags[0]`), or null for a paper without one. */
  topic: string | null;
}

export interface ProjectionOptions {
  /** Seed of every random choice: same seed and vectors, same points. */
  seed?: number;
  /** Terms kept per vector, the heaviest. */
  maxTerms?: number;
  /** Neighbours per point in UMAP's graph. */
  neighbors?: number;
  /** Most papers UMAP lays out itself; the others are placed among them. */
  landmarks?: number;
  /** UMAP optimisation epochs; by default 500 for small maps, fewer for large ones. */
  epochs?: number;
  /** UMAP's minimum distance between points: lower packs topics tighter. */
  minDist?: number;
}

const DEFAULTS = {
  seed: 42,
  maxTerms: 40,
  neighbors: 15,
  landmarks: 3000,
  minDist: 0.1,
} as const;

/** How many nearest sample papers place a paper that is not in the sample. */
const PLACEMENT_NEIGHBORS = 5;
/** Room left around the points, as a share of the square's side. */
const MARGIN = 0.02;

export { seededRandom };

/** A vector as parallel arrays of term ids and unit-length weights. */
interface Packed {
  ids: Int32Array;
  weights: Float64Array;
}

/** Keeps each vector's `maxTerms` heaviest terms, renormalised, with terms numbered by first use. */
export function packVectors(vectors: readonly SparseVector[], maxTerms: number): Packed[] {
  const termIds = new Map<string, number>();
  return vectors.map((vector) => {
    const top = [...vector]
      .filter(([, weight]) => weight > 0)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, maxTerms);
    const norm = Math.hypot(...top.map(([, weight]) => weight)) || 1;
    const ids = new Int32Array(top.length);
    const weights = new Float64Array(top.length);
    top.forEach(([term, weight], i) => {
      let id = termIds.get(term);
      if (id === undefined) termIds.set(term, (id = termIds.size));
      ids[i] = id;
      weights[i] = weight / norm;
    });
    return { ids, weights };
  });
}

/**
 * Finds, for any vector, the most cosine-similar vectors of a fixed set. Postings are typed arrays
 * read in plain loops: placing 17,000 papers among 3,000 walks ~80 million postings.
 */
class NeighborIndex {
  private postings = new Map<number, { docs: Int32Array; weights: Float64Array }>();
  private scores: Float64Array;
  private touched: Int32Array;

  constructor(vectors: readonly Packed[]) {
    this.scores = new Float64Array(vectors.length);
    this.touched = new Int32Array(vectors.length);
    const lists = new Map<number, { docs: number[]; weights: number[] }>();
    vectors.forEach((vector, doc) => {
      vector.ids.forEach((id, i) => {
        const list = lists.get(id) ?? { docs: [], weights: [] };
        list.docs.push(doc);
        list.weights.push(vector.weights[i]!);
        lists.set(id, list);
      });
    });
    for (const [id, { docs, weights }] of lists) {
      this.postings.set(id, { docs: Int32Array.from(docs), weights: Float64Array.from(weights) });
    }
  }

  /** The `k` most similar vectors (similarity > 0), most similar first; ties by index. */
  nearest(vector: Packed, k: number, exclude = -1): { doc: number; similarity: number }[] {
    const { scores, touched } = this;
    let touchedCount = 0;
    for (let i = 0; i < vector.ids.length; i++) {
      const list = this.postings.get(vector.ids[i]!);
      if (!list) continue;
      const weight = vector.weights[i]!;
      const { docs, weights } = list;
      for (let p = 0; p < docs.length; p++) {
        const product = weight * weights[p]!;
        // An underflowed product adds nothing, and must not list its paper twice.
        if (product === 0) continue;
        const doc = docs[p]!;
        if (scores[doc] === 0) touched[touchedCount++] = doc;
        scores[doc]! += product;
      }
    }
    const best: { doc: number; similarity: number }[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const doc = touched[t]!;
      const similarity = scores[doc]!;
      scores[doc] = 0;
      if (doc === exclude || similarity <= 0) continue;
      // Insertion into a short sorted list: k is small, sorting every touched document is not.
      if (best.length === k && similarity <= best[k - 1]!.similarity) continue;
      let at = best.length;
      while (
        at > 0 &&
        (best[at - 1]!.similarity < similarity ||
          (best[at - 1]!.similarity === similarity && best[at - 1]!.doc > doc))
      )
        at -= 1;
      best.splice(at, 0, { doc, similarity });
      if (best.length > k) best.pop();
    }
    return best;
  }
}

/** Indexes spread evenly over 0..n-1: the dumps come grouped by venue, so a stride samples all of them. */
export function evenSample(n: number, size: number): number[] {
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: size }, (_, i) => Math.floor((i * n) / size));
}

/** UMAP's neighbour lists: self first at distance 0, then the nearest by cosine distance. */
function knnGraph(
  vectors: readonly Packed[],
  k: number,
): { indices: number[][]; distances: number[][] } {
  const index = new NeighborIndex(vectors);
  const indices: number[][] = [];
  const distances: number[][] = [];
  vectors.forEach((vector, doc) => {
    const found = index.nearest(vector, k - 1, doc);
    const row = [doc, ...found.map((f) => f.doc)];
    const dist = [0, ...found.map((f) => Math.max(0, 1 - f.similarity))];
    // A paper sharing no kept term with enough others gets far, arbitrary neighbours to fill its row.
    for (
      let other = (doc + 1) % vectors.length;
      row.length < k;
      other = (other + 1) % vectors.length
    ) {
      if (!row.includes(other)) {
        row.push(other);
        dist.push(1);
      }
    }
    indices.push(row);
    distances.push(dist);
  });
  return { indices, distances };
}

/** Too few points for UMAP: spread them on a circle, in order. */
function circleLayout(n: number): [number, number][] {
  return Array.from({ length: n }, (_, i) => [
    Math.cos((2 * Math.PI * i) / n),
    Math.sin((2 * Math.PI * i) / n),
  ]);
}

function umapLayout(
  vectors: readonly Packed[],
  options: Required<ProjectionOptions>,
): [number, number][] {
  const k = Math.min(options.neighbors, vectors.length - 1);
  if (k < 3) return circleLayout(vectors.length);
  const { indices, distances } = knnGraph(vectors, k);
  const umap = new UMAP({
    nComponents: 2,
    nNeighbors: k,
    minDist: options.minDist,
    nEpochs: options.epochs,
    random: seededRandom(options.seed),
  });
  umap.setPrecomputedKNN(indices, distances);
  // With precomputed neighbours umap-js reads only the number of rows.
  const rows = vectors.map(() => []);
  return umap.fit(rows).map((p) => [p[0] ?? 0, p[1] ?? 0]);
}

/** Places a paper at the similarity-weighted mean of its nearest sample papers, slightly jittered. */
function placeAmong(
  vectors: readonly Packed[],
  sample: readonly number[],
  sampleLayout: readonly [number, number][],
  random: () => number,
): [number, number][] {
  const index = new NeighborIndex(sample.map((doc) => vectors[doc]!));
  const xs = sampleLayout.map((p) => p[0]);
  const ys = sampleLayout.map((p) => p[1]);
  const [[minX, maxX], [minY, maxY]] = [extent(xs), extent(ys)];
  const jitter = 0.01 * Math.max(maxX - minX, maxY - minY);
  const center: [number, number] = [
    xs.reduce((a, b) => a + b, 0) / xs.length,
    ys.reduce((a, b) => a + b, 0) / ys.length,
  ];
  const inSample = new Map(sample.map((doc, i) => [doc, i]));
  return vectors.map((vector, doc) => {
    const own = inSample.get(doc);
    if (own !== undefined) return sampleLayout[own]!;
    const near = index.nearest(vector, PLACEMENT_NEIGHBORS);
    let [x, y, total] = [0, 0, 0];
    for (const { doc: s, similarity } of near) {
      const weight = similarity * similarity;
      x += weight * sampleLayout[s]![0];
      y += weight * sampleLayout[s]![1];
      total += weight;
    }
    const [cx, cy] = total > 0 ? [x / total, y / total] : center;
    const angle = 2 * Math.PI * random();
    const radius = jitter * Math.sqrt(random());
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  });
}

/** Scales points into the unit square, keeping their aspect ratio, centred, with a margin. */
export function fitToUnitSquare(points: readonly [number, number][]): Point[] {
  if (points.length === 0) return [];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [[minX, maxX], [minY, maxY]] = [extent(xs), extent(ys)];
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (1 - 2 * MARGIN) / span;
  const offsetX = (1 - (maxX - minX) * scale) / 2;
  const offsetY = (1 - (maxY - minY) * scale) / 2;
  return points.map(([x, y]) => ({
    x: offsetX + (x - minX) * scale,
    y: offsetY + (y - minY) * scale,
  }));
}

/** The map layout of `vectors`: one point in the unit square per vector, in the same order. */
export function projectVectors(
  vectors: readonly SparseVector[],
  options: ProjectionOptions = {},
): Point[] {
  const landmarks = options.landmarks ?? DEFAULTS.landmarks;
  const sampleSize = Math.min(vectors.length, landmarks);
  const settings: Required<ProjectionOptions> = {
    ...DEFAULTS,
    ...options,
    epochs: options.epochs ?? (sampleSize <= 1000 ? 500 : 200),
  };
  const packed = packVectors(vectors, settings.maxTerms);
  const sample = evenSample(packed.length, landmarks);
  const sampleLayout = umapLayout(
    sample.map((doc) => packed[doc]!),
    settings,
  );
  const layout =
    sample.length === packed.length
      ? sampleLayout
      : placeAmong(packed, sample, sampleLayout, seededRandom(settings.seed + 1));
  return fitToUnitSquare(layout);
}
