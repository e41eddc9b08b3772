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
/**
 * Terms kept per vector: the heaviest. The norm counts every term, so the cosine only misses the
 * products of light terms, which barely move it.
 */
const VECTOR_TERMS = 64;
/** Terms per paper that go into the inverted index: the heaviest, which say what it is about. */
const INDEXED_TERMS = 24;
/**
 * Papers kept per term in the index: those where the term weighs most. Without this cap a common
 * term ("language models") would make every paper a candidate of every other, all pairs again.
 */
const POSTINGS_PER_TERM = 100;
/** Candidates, by partial score from the index, whose exact cosine is computed. */
const CANDIDATES = 30;
/**
 * In a corpus this small, a paper that the index links to fewer than RELATED_COUNT others is
 * compared with every paper: exact, and cheap at this size.
 */
const EXHAUSTIVE_BELOW = 2000;
/**
 * A word said once ("together", "expensive") is rarely what a paper is about; halving its weight
 * lets the recurring terms decide the similarity and explain it.
 */
const ONE_OFF_WEIGHT = 0.5;

/** A paper's TF-IDF vector over term ids (ascending), and how its terms read. */
export interface TermVector {
  ids: Int32Array;
  weights: Float64Array;
  /** Euclidean norm over all the paper's terms, including those not kept. */
  norm: number;
  /** The term at `index` as the paper writes it ("offline RL"); '' if it never explains a match. */
  label: (index: number) => string;
}

interface WeightedTerm {
  id: number;
  weight: number;
  term: Term;
}

/**
 * The TF-IDF vector of one paper: its VECTOR_TERMS heaviest terms found in at least two papers
 * (a term no other paper has can never be shared), normalised over all its terms.
 */
export function termVector(
  terms: readonly Term[],
  text: string,
  statistics: TermStatistics,
): TermVector {
  let squares = 0;
  const shareable: WeightedTerm[] = [];
  for (const term of terms) {
    const oneOff = term.count === 1 && !isRecurring(term, text, statistics);
    const weight = termWeight(term, statistics) * (oneOff ? ONE_OFF_WEIGHT : 1);
    squares += weight * weight;
    if (statistics.documentFrequency(term.key) >= 2) {
      shareable.push({ id: statistics.id(term.key), weight, term });
    }
  }
  shareable.sort((a, b) => b.weight - a.weight || a.id - b.id);
  const kept = shareable.slice(0, VECTOR_TERMS).sort((a, b) => a.id - b.id);
  // Pieces of an acronym's expansion ("large language") count, but the acronym explains better.
  const expansions = terms.flatMap((term) =>
    term.acronym ? [keyOf(term.acronym.long).split(' ')] : [],
  );
  const label = (index: number): string => {
    const { term } = kept[index]!;
    if (term.acronym) return term.acronym.short;
    const tokens = term.key.split(' ');
    const inExpansion = expansions.some((expansion) =>
      tokens.every((token) => expansion.includes(token)),
    );
    return inExpansion ? '' : displayTerm(text.slice(term.start, term.end), statistics);
  };
  return {
    ids: Int32Array.from(kept, (entry) => entry.id),
    weights: Float64Array.from(kept, (entry) => entry.weight),
    norm: Math.sqrt(squares),
    label,
  };
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
function sharedTerms(a: TermVector, b: TermVector): string[] {
  const shared: { index: number; contribution: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const difference = a.ids[i]! - b.ids[j]!;
    if (difference === 0) {
      shared.push({ index: i, contribution: a.weights[i]! * b.weights[j]! });
      i++;
      j++;
    } else if (difference < 0) i++;
    else j++;
  }
  shared.sort((x, y) => y.contribution - x.contribution || x.index - y.index);
  const chosen: string[] = [];
  for (const { index } of shared) {
    const label = a.label(index);
    if (label === '' || repeatsChosen(label, chosen)) continue;
    chosen.push(label);
    if (chosen.length === SHARED_TERMS) break;
  }
  return chosen;
}

/** "multimodal large language" adds nothing after "large language models". */
function repeatsChosen(label: string, chosen: readonly string[]): boolean {
  const words = new Set(label.toLowerCase().split(/[\s-]+/));
  return chosen.some((kept) => {
    const keptWords = kept.toLowerCase().split(/[\s-]+/);
    const common = keptWords.filter((word) => words.has(word)).length;
    return common >= Math.min(words.size, keptWords.length, 2);
  });
}

interface Posting {
  paper: number;
  weight: number;
}

/** Positions of a vector's heaviest terms (ties: lower term id). */
function heaviest(vector: TermVector, count: number): number[] {
  const positions = Array.from(vector.ids, (_, index) => index);
  positions.sort(
    (x, y) => vector.weights[y]! - vector.weights[x]! || vector.ids[x]! - vector.ids[y]!,
  );
  return positions.slice(0, count);
}

/** Inverted index: term id → the papers where it weighs most among their heaviest terms. */
function buildPostings(vectors: readonly TermVector[]): Map<number, Posting[]> {
  const postings = new Map<number, Posting[]>();
  vectors.forEach((vector, paper) => {
    for (const index of heaviest(vector, INDEXED_TERMS)) {
      const id = vector.ids[index]!;
      const list = postings.get(id) ?? [];
      list.push({ paper, weight: vector.weights[index]! / vector.norm });
      postings.set(id, list);
    }
  });
  for (const list of postings.values()) {
    if (list.length <= POSTINGS_PER_TERM) continue;
    list.sort((a, b) => b.weight - a.weight || a.paper - b.paper);
    list.length = POSTINGS_PER_TERM;
  }
  return postings;
}

/**
 * The `count` papers with the highest partial scores (ties: lower index), by insertion into a
 * short sorted list: sorting all of a common-term paper's thousands of candidates cost more than
 * everything else in this module.
 */
function topByPartialScore(papers: readonly number[], partial: Float64Array, count: number): number[] {
  const top: number[] = [];
  const before = (x: number, y: number) => partial[x]! > partial[y]! || (partial[x] === partial[y] && x < y);
  for (const paper of papers) {
    if (top.length === count && !before(paper, top[count - 1]!)) continue;
    let at = top.length === count ? count - 1 : top.length;
    while (at > 0 && before(paper, top[at - 1]!)) {
      top[at] = top[at - 1]!;
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
 * Candidates are papers found through the index; their exact cosine decides the ranking.
 */
export function findRelated(
  slugs: readonly string[],
  vectors: readonly TermVector[],
): RelatedPaper[][] {
  const postings = buildPostings(vectors);
  const partial = new Float64Array(vectors.length);
  return vectors.map((vector, paper) => {
    const touched: number[] = [];
    for (const index of heaviest(vector, INDEXED_TERMS)) {
      const list = postings.get(vector.ids[index]!);
      if (!list) continue;
      const weight = vector.weights[index]! / vector.norm;
      for (const posting of list) {
        if (posting.paper === paper) continue;
        if (partial[posting.paper] === 0) touched.push(posting.paper);
        partial[posting.paper] += weight * posting.weight;
      }
    }
    const best = topByPartialScore(touched, partial, CANDIDATES);
    for (const other of touched) partial[other] = 0;
    const pool =
      touched.length < RELATED_COUNT && vectors.length < EXHAUSTIVE_BELOW
        ? vectors.map((_, other) => other).filter((other) => other !== paper)
        : best;
    const candidates = pool.map((other) => {
      const [low, high] = other < paper ? [other, paper] : [paper, other];
      return { other, score: cosine(vectors[low]!, vectors[high]!) };
    });
    candidates.sort(
      (x, y) => y.score - x.score || compareText(slugs[x.other]!, slugs[y.other]!),
    );
    return candidates
      .filter((candidate) => candidate.score > 0)
      .slice(0, RELATED_COUNT)
      .map(({ other, score }) => ({
        slug: slugs[other]!,
        score: Math.round(score * 10_000) / 10_000,
        terms: sharedTerms(vector, vectors[other]!),
      }));
  });
}
