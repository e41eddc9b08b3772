/**
 * Related papers: cosine similarity of TF-IDF vectors, with candidates drawn from an inverted
 * index over each paper's heaviest terms so the cost stays near-linear in the corpus size.
 */
import { displayTerm, keyOf, NOT_PHRASE, type PackedTerms, type TermStatistics } from './keywords';
import type { Acronym, RelatedPaper } from '../schema';
import { isAcronymLike } from '../text/terms';
import { termFrequencyWeight } from '../text/weighting';

/** Papers listed per paper. */
export const RELATED_COUNT = 5;
/**
 * Below this cosine two abstracts share only a word or two of everyday research vocabulary: a
 * paper page shows fewer related papers rather than unrelated ones.
 */
export const MIN_RELATED_SCORE = 0.08;
/** Shared terms shown per related paper. */
export const SHARED_TERMS = 5;
/**
 * Terms kept per vector: the heaviest. The norm counts every term, so the cosine only misses the
 * products of light terms, which barely move it.
 */
const VECTOR_TERMS = 64;
/** Terms per paper that go into the inverted index: the heaviest, which say what it is about. */
const INDEXED_TERMS = 20;
/**
 * Papers kept per term in the index: those where the term weighs most. Without this cap a common
 * term ("language models") would make every paper a candidate of every other, all pairs again.
 */
const POSTINGS_PER_TERM = 64;
/** Candidates, by partial score from the index, whose exact cosine is computed. */
const CANDIDATES = 20;
/** Corpora up to this size compare every pair exactly: cheap at this size, and never misses. */
const EXHAUSTIVE_UP_TO = 500;

/** How `findRelated` finds candidates. */
export interface RelatedOptions {
  /** Corpora up to this many papers compare all pairs; larger ones use the inverted index. */
  exhaustiveUpTo?: number;
}
/**
 * A word said once ("together", "expensive") is rarely what a paper is about; halving its weight
 * lets the recurring terms decide the similarity and explain it.
 */
export const ONE_OFF_WEIGHT = 0.5;

/**
 * A paper's TF-IDF vector over term ids (ascending), and what its terms' reasons are read from.
 * Typed arrays and references only: 20,000 of them live through `findRelated`, and per-term objects
 * and closures (~300 MB of old space at 20,000, docs/ingest.md) were most of the ingest's peak.
 */
export interface TermVector {
  ids: Int32Array;
  weights: Float64Array;
  /** Euclidean norm over all the paper's terms, including those not kept. */
  norm: number;
  /** Where each kept term is in `packed`. */
  positions: Int32Array;
  /** Positions in `ids` of its INDEXED_TERMS heaviest terms (ties: lower term id). */
  heaviest: Int32Array;
  packed: PackedTerms;
  acronyms: readonly Acronym[];
  text: string;
  statistics: TermStatistics;
}

/** How a vector's terms read as reasons, each worked out once: made for one paper at a time. */
interface TermReasons {
  /** How term `index` reads as a reason, or null when it is no noun phrase. */
  label: (index: number) => string | null;
  /** True for a piece of an acronym's expansion ("large language"): the acronym explains better. */
  secondary: (index: number) => boolean;
  /** The lower-cased words of term `index`'s label, to tell whether it repeats another reason. */
  labelWords: (index: number) => LabelWords;
}

/** A label's lower-cased words, as written and without repeats. */
export interface LabelWords {
  list: string[];
  distinct: ReadonlySet<string>;
}

/** The words {@link repeatsChosen} compares: `Large language-model` → `large`, `language`, `model`. */
export function labelWords(label: string): LabelWords {
  const list = label.toLowerCase().split(/[\s-]+/);
  return { list, distinct: new Set(list) };
}

/** Scratch space of `termVector` (one paper at a time): no per-term objects. */
let scratchIds = new Int32Array(256);
let scratchWeights = new Float64Array(256);
let scratchPositions = new Int32Array(256);
const scratchOrder: number[] = [];

/**
 * The TF-IDF vector of one paper: its VECTOR_TERMS heaviest terms found in at least two papers
 * (a term no other paper has can never be shared), normalised over all its terms. Weights are
 * those of `termWeight`, read straight from the packed terms: this runs for every paper.
 */
export function termVector(
  packed: PackedTerms,
  acronyms: readonly Acronym[],
  text: string,
  statistics: TermStatistics,
): TermVector {
  if (scratchIds.length < packed.ids.length) {
    scratchIds = new Int32Array(packed.ids.length);
    scratchWeights = new Float64Array(packed.ids.length);
    scratchPositions = new Int32Array(packed.ids.length);
  }
  let squares = 0;
  let shareable = 0;
  for (let position = 0; position < packed.ids.length; position++) {
    const id = packed.ids[position]!;
    const count = packed.counts[position]!;
    const frequency = statistics.frequencyOf(id);
    const oneOff = count === 1 && !recursAnyway(packed, position, frequency, text);
    const weight =
      termFrequencyWeight(count) * statistics.idfOf(frequency) * (oneOff ? ONE_OFF_WEIGHT : 1);
    squares += weight * weight;
    if (frequency >= 2) {
      scratchIds[shareable] = id;
      scratchWeights[shareable] = weight;
      scratchPositions[shareable] = position;
      shareable++;
    }
  }
  // Indexes into the scratch arrays, sorted (stably, as the term objects were) by weight, then
  // the heaviest VECTOR_TERMS by id.
  const order = scratchOrder;
  order.length = shareable;
  for (let k = 0; k < shareable; k++) order[k] = k;
  order.sort((a, b) => scratchWeights[b]! - scratchWeights[a]! || scratchIds[a]! - scratchIds[b]!);
  if (order.length > VECTOR_TERMS) order.length = VECTOR_TERMS;
  order.sort((a, b) => scratchIds[a]! - scratchIds[b]!);
  // Filled by index: `Int32Array.from` with a map function goes through the iterator protocol.
  const ids = new Int32Array(order.length);
  const weights = new Float64Array(order.length);
  const positions = new Int32Array(order.length);
  order.forEach((at, index) => {
    ids[index] = scratchIds[at]!;
    weights[index] = scratchWeights[at]!;
    positions[index] = scratchPositions[at]!;
  });
  return {
    ids,
    weights,
    norm: Math.sqrt(squares),
    positions,
    heaviest: heaviestOf(ids, weights),
    packed,
    acronyms,
    text,
    statistics,
  };
}

/**
 * How a vector's terms read as reasons; made when its paper's matches are explained, and dropped
 * after them (those are the only reasons read from it).
 */
function termReasons(vector: TermVector): TermReasons {
  const { positions, packed, acronyms, text, statistics } = vector;
  // Worked out on first use only: a paper explains at most a few matches.
  let expansions: string[][] | undefined;
  // Both remembered per term: a paper's terms explain each of its matches.
  const secondary = rememberEach(positions.length, (index: number): boolean => {
    const position = positions[index]!;
    if (acronyms.length === 0 || packed.acronyms[position]! >= 0) return false;
    expansions ??= acronyms.map((acronym) => keyOf(acronym.long).split(' '));
    const tokens = statistics.key(packed.ids[position]!).split(' ');
    return expansions.some((expansion) => tokens.every((token) => expansion.includes(token)));
  });
  // A reason a reader sees is a noun phrase of the abstract or a defined acronym, never "et al"
  // or a verb, though every term counts for the similarity itself.
  const label = rememberEach(positions.length, (index: number): string | null => {
    const position = positions[index]!;
    const acronym = packed.acronyms[position]!;
    if (acronym >= 0) return acronyms[acronym]!.short;
    if (packed.flags[position]! & NOT_PHRASE) return null;
    return displayTerm(text.slice(packed.starts[position], packed.ends[position]), statistics);
  });
  return {
    label,
    secondary,
    labelWords: rememberEach(positions.length, (index: number) => labelWords(label(index) ?? '')),
  };
}

/** `compute` for indexes 0..size-1, worked out once per index (arrays: this runs per shared term). */
function rememberEach<T>(size: number, compute: (index: number) => T): (index: number) => T {
  const known: T[] = [];
  let done: Uint8Array | undefined;
  return (index) => {
    done ??= new Uint8Array(size);
    if (done[index] === 0) {
      known[index] = compute(index);
      done[index] = 1;
    }
    return known[index] as T;
  };
}

/** `isRecurring` for a term said once, on packed terms. */
function recursAnyway(
  packed: PackedTerms,
  position: number,
  frequency: number,
  text: string,
): boolean {
  if (packed.acronyms[position]! >= 0) return true;
  if (packed.words[position]! > 1) return frequency >= 2;
  const spelling = text.slice(packed.starts[position], packed.ends[position]);
  return isAcronymLike(spelling) || /[0-9]/.test(spelling);
}

/** Exact cosine, always merged in the same order (lower paper first) so sim(a,b) === sim(b,a). */
function cosine(a: TermVector, b: TermVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const difference = a.ids[i]! - b.ids[j]!;
    if (difference === 0) dot += a.weights[i++]! * b.weights[j++]!;
    else if (difference < 0) i++;
    else j++;
  }
  return Math.min(1, dot / (a.norm * b.norm));
}

/** The heaviest terms both papers have, as `a` writes them, without repeating one another. */
function sharedTerms(a: TermVector, b: TermVector, reasons: TermReasons): string[] {
  const shared: number[] = [];
  const contributions: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const difference = a.ids[i]! - b.ids[j]!;
    if (difference === 0) {
      shared.push(i);
      contributions.push(a.weights[i]! * b.weights[j]!);
      i++;
      j++;
    } else if (difference < 0) i++;
    else j++;
  }
  const chosen: string[] = [];
  // Their words, remembered per term of `a`: a paper's terms explain each of its matches.
  const chosenWords: LabelWords[] = [];
  // Pieces of an expansion explain only when nothing else is shared.
  for (const allowSecondary of [false, true]) {
    // Heaviest first (ties: `a`'s order), picked one at a time rather than sorted: five
    // reasons are usually found among the first few of a pair's dozens of shared terms.
    const taken = new Uint8Array(shared.length);
    for (let round = 0; round < shared.length; round++) {
      let best = -1;
      for (let k = 0; k < shared.length; k++) {
        if (taken[k] === 0 && (best < 0 || contributions[k]! > contributions[best]!)) best = k;
      }
      taken[best] = 1;
      const index = shared[best]!;
      if (!allowSecondary && reasons.secondary(index)) continue;
      const label = reasons.label(index);
      if (label === null) continue;
      const words = reasons.labelWords(index);
      if (repeatsChosen(words, chosenWords)) continue;
      chosen.push(label);
      chosenWords.push(words);
      if (chosen.length === SHARED_TERMS) return chosen;
    }
    if (chosen.length > 0) return chosen;
  }
  return chosen;
}

/**
 * Whether a label says again what a chosen one says: they share two words, or all of the shorter
 * one's ("multimodal large language" adds nothing after "large language models").
 */
export function repeatsChosen(label: LabelWords, chosen: readonly LabelWords[]): boolean {
  return chosen.some(({ list }) => {
    let common = 0;
    for (const word of list) if (label.distinct.has(word)) common++;
    return common >= Math.min(label.distinct.size, list.length, 2);
  });
}

/** The papers indexed under one term and the term's normalised weight in each. */
interface Postings {
  papers: Int32Array;
  weights: Float64Array;
}

/** Positions of a vector's INDEXED_TERMS heaviest terms (ties: lower term id). */
function heaviestOf(ids: Int32Array, weights: Float64Array): Int32Array {
  const positions = Array.from(ids, (_, index) => index);
  positions.sort((x, y) => weights[y]! - weights[x]! || ids[x]! - ids[y]!);
  positions.length = Math.min(positions.length, INDEXED_TERMS);
  return Int32Array.from(positions);
}

/** Inverted index: term id → the papers where it weighs most among their heaviest terms. */
function buildPostings(vectors: readonly TermVector[]): Map<number, Postings> {
  const lists = new Map<number, { paper: number; weight: number }[]>();
  vectors.forEach((vector, paper) => {
    for (const index of vector.heaviest) {
      const id = vector.ids[index]!;
      const list = lists.get(id) ?? [];
      list.push({ paper, weight: vector.weights[index]! / vector.norm });
      lists.set(id, list);
    }
  });
  const postings = new Map<number, Postings>();
  for (const [id, list] of lists) {
    list.sort((a, b) => b.weight - a.weight || a.paper - b.paper);
    const kept = list.slice(0, POSTINGS_PER_TERM);
    postings.set(id, {
      papers: Int32Array.from(kept, (posting) => posting.paper),
      weights: Float64Array.from(kept, (posting) => posting.weight),
    });
  }
  return postings;
}

/**
 * The `count` papers with the highest partial scores (ties: lower index), by insertion into a
 * short sorted list: sorting all of a common-term paper's thousands of candidates cost more than
 * everything else in this module.
 */
function topByPartialScore(
  papers: readonly number[],
  partial: Float64Array,
  count: number,
): number[] {
  const top: number[] = [];
  for (const paper of papers) {
    const score = partial[paper]!;
    if (top.length === count) {
      const last = top[count - 1]!;
      if (score < partial[last]! || (score === partial[last] && paper > last)) continue;
    }
    let at = Math.min(top.length, count - 1);
    while (at > 0) {
      const previous = top[at - 1]!;
      if (score < partial[previous]! || (score === partial[previous] && paper > previous)) break;
      top[at] = previous;
      at--;
    }
    top[at] = paper;
  }
  return top;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * For every paper, the RELATED_COUNT most similar other papers, most similar first (ties: by
 * slug), each with its cosine score rounded to 4 decimals and the terms that explain it.
 * Candidates are every other paper in a small corpus, else the papers the inverted index links
 * to; their exact cosine decides the ranking either way.
 */
export function findRelated(
  slugs: readonly string[],
  vectors: readonly TermVector[],
  { exhaustiveUpTo = EXHAUSTIVE_UP_TO }: RelatedOptions = {},
): RelatedPaper[][] {
  const exhaustive = vectors.length <= exhaustiveUpTo;
  const postings = exhaustive ? new Map<number, Postings>() : buildPostings(vectors);
  const partial = new Float64Array(vectors.length);
  return vectors.map((vector, paper) => {
    const pool = exhaustive
      ? vectors.map((_, other) => other).filter((other) => other !== paper)
      : indexCandidates(vector, paper, postings, partial);
    const candidates = pool.map((other) => {
      const [low, high] = other < paper ? [other, paper] : [paper, other];
      return { other, score: cosine(vectors[low]!, vectors[high]!) };
    });
    candidates.sort((x, y) => y.score - x.score || compareText(slugs[x.other]!, slugs[y.other]!));
    let reasons: TermReasons | undefined;
    return (
      candidates
        .filter((candidate) => candidate.score >= MIN_RELATED_SCORE)
        .slice(0, RELATED_COUNT)
        .map(({ other, score }) => ({
          slug: slugs[other]!,
          score: Math.round(score * 10_000) / 10_000,
          terms: sharedTerms(vector, vectors[other]!, (reasons ??= termReasons(vector))),
        }))
        // A match no shared noun phrase explains is not shown.
        .filter((related) => related.terms.length > 0)
    );
  });
}

/** Papers sharing the paper's heaviest terms, best first by their partial dot product. */
function indexCandidates(
  vector: TermVector,
  paper: number,
  postings: ReadonlyMap<number, Postings>,
  partial: Float64Array,
): number[] {
  const touched: number[] = [];
  for (const index of vector.heaviest) {
    const list = postings.get(vector.ids[index]!);
    if (!list) continue;
    const weight = vector.weights[index]! / vector.norm;
    for (let at = 0; at < list.papers.length; at++) {
      const other = list.papers[at]!;
      if (other === paper) continue;
      const score = partial[other];
      if (score === undefined) throw new Error(`related: paper ${other} is not in the corpus`);
      if (score === 0) touched.push(other);
      partial[other] = score + weight * list.weights[at]!;
    }
  }
  const best = topByPartialScore(touched, partial, CANDIDATES);
  for (const other of touched) partial[other] = 0;
  return best;
}
