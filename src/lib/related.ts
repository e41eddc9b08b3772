/**
 * Related papers: cosine similarity of TF-IDF vectors, with candidates drawn from an inverted
 * index over each paper's heaviest terms so the cost stays near-linear in the corpus size.
 */
import type { RelatedPaper } from './schema';
import {
  displayTerm,
  isRecurring,
  keyOf,
  termWeight,
  type Term,
  type TermStatistics,
} from './keywords';

/** Papers listed per paper. */
export const RELATED_COUNT = 5;
/** Shared terms shown per related paper. */
export const SHARED_TERMS = 5;
/** Terms per paper that go into the inverted index: its heaviest, which decide what it is about. */
const INDEXED_TERMS = 30;
/**
 * Terms in more papers than this are left out of the index (they still count in the cosine):
 * their postings would make every paper a candidate of every other.
 */
const MAX_POSTINGS = (papers: number) => Math.max(50, Math.ceil(papers * 0.05));
/** Candidates, by partial score from the index, whose exact cosine is computed. */
const CANDIDATES = 40;
/**
 * A word said once ("together", "expensive") is rarely what a paper is about; halving its weight
 * lets the recurring terms decide the similarity and explain it.
 */
const ONE_OFF_WEIGHT = 0.5;

/** One weighted term of a paper's vector. */
export interface VectorTerm {
  key: string;
  weight: number;
  /** How the term reads in this paper ("offline RL"); empty when it never explains a match. */
  label: string;
}

/** A paper's TF-IDF vector: its terms that other papers can share, sorted by key, and its norm. */
export interface TermVector {
  terms: VectorTerm[];
  norm: number;
}

/**
 * The TF-IDF vector of one paper. Every term counts in the norm; only terms found in at least two
 * papers are kept, since a term no other paper has can never be shared.
 */
export function termVector(terms: readonly Term[], text: string, statistics: TermStatistics): TermVector {
  let squares = 0;
  const shared: VectorTerm[] = [];
  // Pieces of an acronym's expansion ("large language") count, but the acronym explains better.
  const expansions = terms.flatMap((term) => (term.acronym ? [keyOf(term.acronym.long).split(' ')] : []));
  for (const term of terms) {
    const oneOff = term.count === 1 && !isRecurring(term, text, statistics);
    const weight = termWeight(term, statistics) * (oneOff ? ONE_OFF_WEIGHT : 1);
    squares += weight * weight;
    if (statistics.documentFrequency(term.key) < 2) continue;
    const tokens = term.key.split(' ');
    const inExpansion = expansions.some((expansion) => tokens.every((token) => expansion.includes(token)));
    const label = term.acronym
      ? term.acronym.short
      : inExpansion
        ? ''
        : displayTerm(text.slice(term.start, term.end), statistics);
    shared.push({ key: term.key, weight, label });
  }
  shared.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { terms: shared, norm: Math.sqrt(squares) };
}

/** Sparse vectors over integer term ids, ascending, for fast merges. */
interface IndexedVector {
  ids: Int32Array;
  weights: Float64Array;
  labels: string[];
  norm: number;
}

function indexVectors(vectors: readonly TermVector[]): IndexedVector[] {
  const ids = new Map<string, number>();
  return vectors.map((vector) => {
    const pairs = vector.terms.map((term) => {
      let id = ids.get(term.key);
      if (id === undefined) {
        id = ids.size;
        ids.set(term.key, id);
      }
      return { id, term };
    });
    pairs.sort((a, b) => a.id - b.id);
    return {
      ids: Int32Array.from(pairs, (pair) => pair.id),
      weights: Float64Array.from(pairs, (pair) => pair.term.weight),
      labels: pairs.map((pair) => pair.term.label),
      norm: vector.norm,
    };
  });
}

/** Exact cosine, always merged in the same order (lower paper first) so sim(a,b) === sim(b,a). */
function cosine(a: IndexedVector, b: IndexedVector): number {
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
function sharedTerms(a: IndexedVector, b: IndexedVector): string[] {
  const shared: { label: string; contribution: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const difference = a.ids[i]! - b.ids[j]!;
    if (difference === 0) {
      if (a.labels[i]) shared.push({ label: a.labels[i]!, contribution: a.weights[i]! * b.weights[j]! });
      i++;
      j++;
    } else if (difference < 0) i++;
    else j++;
  }
  shared.sort((x, y) => y.contribution - x.contribution || (x.label < y.label ? -1 : 1));
  const chosen: string[] = [];
  for (const { label } of shared) {
    const words = new Set(label.toLowerCase().split(/[\s-]+/));
    // "multimodal large language" adds nothing after "large language models".
    const repeats = chosen.some((kept) => {
      const keptWords = kept.toLowerCase().split(/[\s-]+/);
      return keptWords.filter((word) => words.has(word)).length >= Math.min(words.size, keptWords.length, 2);
    });
    if (!repeats) chosen.push(label);
    if (chosen.length === SHARED_TERMS) break;
  }
  return chosen;
}

interface Posting {
  paper: number;
  weight: number;
}

/** Inverted index: term id → the papers having it among their heaviest terms. */
function buildPostings(vectors: readonly IndexedVector[]): Map<number, Posting[]> {
  const postings = new Map<number, Posting[]>();
  vectors.forEach((vector, paper) => {
    for (const index of heaviest(vector)) {
      const id = vector.ids[index]!;
      const list = postings.get(id) ?? [];
      list.push({ paper, weight: vector.weights[index]! / vector.norm });
      postings.set(id, list);
    }
  });
  const limit = MAX_POSTINGS(vectors.length);
  for (const [id, list] of postings) if (list.length > limit) postings.delete(id);
  return postings;
}

/** Positions of a vector's heaviest terms (ties: lower term id). */
function heaviest(vector: IndexedVector): number[] {
  const positions = [...vector.ids.keys()];
  positions.sort((x, y) => vector.weights[y]! - vector.weights[x]! || vector.ids[x]! - vector.ids[y]!);
  return positions.slice(0, INDEXED_TERMS);
}

/**
 * For every paper, the RELATED_COUNT most similar other papers, most similar first (ties: by
 * slug), each with its cosine score rounded to 4 decimals and the terms that explain it.
 * Candidates are papers sharing an indexed term; their exact cosine decides the ranking.
 */
export function findRelated(slugs: readonly string[], vectors: readonly TermVector[]): RelatedPaper[][] {
  const indexed = indexVectors(vectors);
  const postings = buildPostings(indexed);
  const partial = new Float64Array(indexed.length);
  return indexed.map((vector, paper) => {
    const touched: number[] = [];
    for (const index of heaviest(vector)) {
      const list = postings.get(vector.ids[index]!);
      if (!list) continue;
      const weight = vector.weights[index]! / vector.norm;
      for (const posting of list) {
        if (posting.paper === paper) continue;
        if (partial[posting.paper] === 0) touched.push(posting.paper);
        partial[posting.paper] += weight * posting.weight;
      }
    }
    touched.sort((x, y) => partial[y]! - partial[x]! || x - y);
    const candidates = touched.slice(0, CANDIDATES).map((other) => {
      const [low, high] = other < paper ? [other, paper] : [paper, other];
      return { other, score: cosine(indexed[low]!, indexed[high]!) };
    });
    for (const other of touched) partial[other] = 0;
    candidates.sort((x, y) => y.score - x.score || compareText(slugs[x.other]!, slugs[y.other]!));
    return candidates.slice(0, RELATED_COUNT).map(({ other, score }) => ({
      slug: slugs[other]!,
      score: Math.round(score * 10_000) / 10_000,
      terms: sharedTerms(vector, indexed[other]!),
    }));
  });
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
