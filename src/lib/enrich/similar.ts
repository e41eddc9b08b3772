/**
 * "Papers like this text": every abstract's TF-IDF vector, built at build time into a compact
 * inverted index, and the cosine scoring of any pasted text against it, run in the browser.
 * Terms and weights are exactly those of keywords and related papers (keywords.ts, related.ts):
 * words, key phrases and acronyms, keyed by stem, weighted by sublinear TF × smoothed IDF; so
 * "papers like this text" agrees with the related papers a paper page lists.
 */
import { findAcronyms } from '../text/acronyms';
import {
  displayTerm,
  extractTerms,
  isRecurring,
  keyOf,
  termWeight,
  TermStatistics,
  type Term,
} from './keywords';
import type { Acronym, Paper, SimilarIndexData } from '../schema';
import { SIMILAR_INDEX_VERSION } from '../constants';
import { decodeVlq, encodeVlq } from '../search/vlq';
import { analyseText } from '../text/terms';
import { labelWords, ONE_OFF_WEIGHT, repeatsChosen, type LabelWords } from './related';

export { SIMILAR_INDEX_VERSION };
export type { SimilarIndexData };

/** A paper that resembles the text. */
export interface SimilarMatch extends Pick<Paper, 'slug' | 'title'> {
  /** Cosine similarity of the text's and the paper's vectors, 0..1. */
  score: number;
  /** The text's terms that weigh most in the match, heaviest first, as written in the text. */
  terms: string[];
}

/** A unit-length sparse vector: term key → weight. */
export type UnitVector = Map<string, number>;

/** Terms kept per paper: its heaviest. The rest barely changes a cosine and would double the file. */
export const MAX_TERMS_PER_PAPER = 48;
/** Weight levels: 0..31, one VLQ character, ~13 % apart, from `MIN_WEIGHT` to 1. */
const WEIGHT_LEVELS = 32;
const MIN_WEIGHT = 0.02;
const LEVEL_RATIO = Math.log(1 / MIN_WEIGHT) / (WEIGHT_LEVELS - 1);
/** A pasted text of this many sentences is weighted as an abstract is. */
const ABSTRACT_SENTENCES = 3;
/** Shared terms shown per match. */
const SHOWN_TERMS = 5;

export const weightLevel = (weight: number): number =>
  Math.max(
    0,
    Math.min(WEIGHT_LEVELS - 1, Math.round(WEIGHT_LEVELS - 1 + Math.log(weight) / LEVEL_RATIO)),
  );
export const levelWeight = (level: number): number =>
  Math.exp((level - (WEIGHT_LEVELS - 1)) * LEVEL_RATIO);

/** One weighted term of a text's vector. */
export interface WeightedTerm {
  term: Term;
  /** Weight in the text's unit vector. */
  weight: number;
}

/**
 * A text's TF-IDF vector as related.ts weighs a paper's: sublinear TF × smoothed IDF, a one-off
 * word halved, normalised over all its terms, then cut to its `maxTerms` heaviest terms that at
 * least `minDocumentFrequency` papers have: two between papers (a term no other paper has can
 * never be shared), one for a pasted text, which may share a term with a single paper.
 * Mirrors related.ts's `termVector`, whose packed-terms signature serves the ingest only.
 */
export function weighTerms(
  terms: readonly Term[],
  text: string,
  statistics: TermStatistics,
  maxTerms = MAX_TERMS_PER_PAPER,
  minDocumentFrequency = 2,
  halveOneOffs = true,
): WeightedTerm[] {
  return heaviestTerms(
    rankTerms(terms, text, statistics, halveOneOffs),
    maxTerms,
    minDocumentFrequency,
  );
}

/** A weighted term and the number of papers that have it. */
interface RankedTerm extends WeightedTerm {
  documentFrequency: number;
}

/** Every term of a text weighted as {@link weighTerms} does, heaviest first (ties by key). */
function rankTerms(
  terms: readonly Term[],
  text: string,
  statistics: TermStatistics,
  halveOneOffs: boolean,
): RankedTerm[] {
  let squares = 0;
  const ranked: RankedTerm[] = [];
  for (const term of terms) {
    const oneOff = halveOneOffs && term.count === 1 && !isRecurring(term, text, statistics);
    const weight = termWeight(term, statistics) * (oneOff ? ONE_OFF_WEIGHT : 1);
    squares += weight * weight;
    ranked.push({ term, weight, documentFrequency: statistics.documentFrequency(term.key) });
  }
  const norm = Math.sqrt(squares) || 1;
  for (const entry of ranked) entry.weight /= norm;
  return ranked.sort((a, b) => b.weight - a.weight || (a.term.key < b.term.key ? -1 : 1));
}

/** The `maxTerms` heaviest ranked terms that at least `minDocumentFrequency` papers have. */
function heaviestTerms(
  ranked: readonly RankedTerm[],
  maxTerms: number,
  minDocumentFrequency: number,
): WeightedTerm[] {
  const kept: WeightedTerm[] = [];
  for (const { term, weight, documentFrequency } of ranked) {
    if (kept.length >= maxTerms) break;
    if (documentFrequency >= minDocumentFrequency) kept.push({ term, weight });
  }
  return kept;
}

/**
 * How a shared term reads, as related.ts shows it: an acronym by its short form; a piece of an
 * acronym's expansion not at all ('' : the acronym explains better); anything else as written.
 */
export function termLabel(
  term: Term,
  acronyms: readonly Acronym[],
  text: string,
  statistics: TermStatistics,
): string {
  if (term.acronym) return term.acronym.short;
  const tokens = term.key.split(' ');
  const inExpansion = acronyms.some((acronym) => {
    const expansion = keyOf(acronym.long).split(' ');
    return tokens.every((token) => expansion.includes(token));
  });
  return inExpansion ? '' : displayTerm(text.slice(term.start, term.end), statistics);
}

/** Every paper's unit TF-IDF vector (term key → weight) and the corpus term statistics. */
export function paperVectors(
  papers: readonly Pick<Paper, 'plainText' | 'acronyms'>[],
  maxTerms = MAX_TERMS_PER_PAPER,
  minDocumentFrequency = 2,
): { vectors: UnitVector[]; statistics: TermStatistics } {
  const statistics = new TermStatistics();
  // As enrich.ts does: all papers' terms first, since every weight needs the corpus frequencies.
  const terms: Term[][] = papers.map((paper) => {
    const analysed = analyseText(paper.plainText);
    const found = extractTerms(analysed, paper.acronyms);
    statistics.add(found, analysed);
    return found;
  });
  const vectors = papers.map((paper, i) =>
    unitVector(terms[i]!, paper.plainText, statistics, maxTerms, minDocumentFrequency),
  );
  return { vectors, statistics };
}

/**
 * A paper's map vector (terms at least two papers have) and its similar-text vector (every term),
 * from one weighing: each is {@link unitVector} at its minimum document frequency.
 */
export function mapAndSimilarVectors(
  terms: readonly Term[],
  text: string,
  statistics: TermStatistics,
  maxTerms = MAX_TERMS_PER_PAPER,
): { map: UnitVector; similar: UnitVector } {
  const ranked = rankTerms(terms, text, statistics, true);
  return {
    map: toUnitVector(heaviestTerms(ranked, maxTerms, 2)),
    similar: toUnitVector(heaviestTerms(ranked, maxTerms, 1)),
  };
}

/** Weighted terms as a vector: term key → weight. */
function toUnitVector(weighted: readonly WeightedTerm[]): UnitVector {
  return new Map(weighted.map((w) => [w.term.key, w.weight]));
}

/** A paper's vector from its terms, given the corpus statistics ({@link weighTerms}). */
export function unitVector(
  terms: readonly Term[],
  text: string,
  statistics: TermStatistics,
  maxTerms = MAX_TERMS_PER_PAPER,
  minDocumentFrequency = 2,
): UnitVector {
  return toUnitVector(weighTerms(terms, text, statistics, maxTerms, minDocumentFrequency));
}

/** The index file's content for `papers`, in their order. */
export function buildSimilarIndex(
  papers: readonly Pick<Paper, 'slug' | 'title' | 'plainText' | 'acronyms'>[],
): SimilarIndexData {
  // A pasted text may share a term with a single paper ("quantization"): keep those terms too.
  const { vectors, statistics } = paperVectors(papers, MAX_TERMS_PER_PAPER, 1);
  return similarIndexFrom(papers, vectors, (term) => statistics.documentFrequency(term));
}

/**
 * The index file's content from vectors already made (the ingest makes them from the terms it
 * counted, with a minimum document frequency of 1) and each term's document frequency.
 */
export function similarIndexFrom(
  papers: readonly Pick<Paper, 'slug' | 'title'>[],
  vectors: readonly UnitVector[],
  documentFrequency: (term: string) => number,
): SimilarIndexData {
  const lists = new Map<string, { values: number[]; last: number }>();
  vectors.forEach((vector, doc) => {
    for (const [term, weight] of vector) {
      const list = lists.get(term) ?? { values: [], last: -1 };
      list.values.push(doc - list.last - 1, weightLevel(weight));
      list.last = doc;
      lists.set(term, list);
    }
  });
  const terms = [...lists.keys()];
  return {
    version: SIMILAR_INDEX_VERSION,
    slugs: papers.map((p) => p.slug),
    titles: papers.map((p) => p.title),
    terms,
    df: encodeVlq(terms.map(documentFrequency)),
    postings: terms.map((term) => encodeVlq(lists.get(term)?.values ?? [])),
  };
}

/**
 * The corpus statistics as far as the index knows them, so a pasted text is weighted by the very
 * functions that weighted the papers. Terms outside the index count as unseen.
 */
class IndexStatistics extends TermStatistics {
  constructor(
    docCount: number,
    private readonly indexFrequencies: ReadonlyMap<string, number>,
  ) {
    super();
    this.documentCount = docCount;
  }

  override documentFrequency(key: string): number {
    return this.indexFrequencies.get(key) ?? 0;
  }

  override idf(key: string): number {
    return this.idfOf(this.documentFrequency(key));
  }

  /** Display only: the index does not ship the corpus's lower-case words, so spellings stay as pasted. */
  override seenInLowerCase(): boolean {
    return false;
  }
}

/** A term's postings, decoded: documents ascending, with their weights. */
interface Postings {
  docs: Int32Array;
  weights: Float64Array;
}

/** The index, decoded as needed: only the postings of terms some query used are ever decoded. */
export class SimilarIndex {
  readonly docCount: number;
  private readonly termIds: Map<string, number>;
  private readonly statistics: IndexStatistics;
  private readonly decoded = new Map<number, Postings>();
  private readonly scores: Float64Array;

  constructor(private readonly data: SimilarIndexData) {
    if (data.version !== SIMILAR_INDEX_VERSION) {
      throw new Error(
        `similar-papers index version ${data.version}, expected ${SIMILAR_INDEX_VERSION}`,
      );
    }
    this.docCount = data.slugs.length;
    this.termIds = new Map(data.terms.map((term, i) => [term, i]));
    const df = decodeVlq(data.df);
    this.statistics = new IndexStatistics(
      this.docCount,
      new Map(data.terms.map((term, i) => [term, df[i] ?? 0])),
    );
    this.scores = new Float64Array(this.docCount);
  }

  private postings(termId: number): Postings {
    let postings = this.decoded.get(termId);
    if (!postings) {
      const values = decodeVlq(this.data.postings[termId] ?? '');
      const docs = new Int32Array(values.length / 2);
      const weights = new Float64Array(values.length / 2);
      for (let i = 0, doc = -1; i < docs.length; i += 1) {
        doc += values[2 * i]! + 1;
        docs[i] = doc;
        weights[i] = levelWeight(values[2 * i + 1]!);
      }
      postings = { docs, weights };
      this.decoded.set(termId, postings);
    }
    return postings;
  }

  /**
   * Decodes the postings of the `terms` most common terms and scores a sample text, so the first
   * real paste does not pay for decoding and compiling (measured: ~150 ms cold, ~25 ms warm at
   * 20,000 papers). Meant for idle time right after loading.
   */
  warmUp(terms = 300): void {
    const df = decodeVlq(this.data.df);
    const common = df
      .map((count, id) => ({ count, id }))
      .sort((a, b) => b.count - a.count)
      .slice(0, terms);
    for (const { id } of common) this.postings(id);
    this.similarTo(common.map(({ id }) => this.data.terms[id]).join('. '));
  }

  /** The text's vector, weighted as the papers' are; only the indexed terms, each with its label. */
  private queryTerms(text: string): { id: number; weight: number; label: string }[] {
    const acronyms = findAcronyms(text);
    const analysed = analyseText(text);
    // A pasted phrase says each word once and means it; only an abstract's one-offs are discounted.
    const isAbstract = analysed.sentences.length >= ABSTRACT_SENTENCES;
    const weighted = weighTerms(
      extractTerms(analysed, acronyms),
      text,
      this.statistics,
      Infinity,
      1,
      isAbstract,
    );
    return weighted.flatMap(({ term, weight }) => {
      const id = this.termIds.get(term.key);
      return id === undefined
        ? []
        : [{ id, weight, label: termLabel(term, acronyms, text, this.statistics) }];
    });
  }

  /** The papers most similar to `text`, best first, each with the terms that explain the match. */
  similarTo(text: string, limit = 10): SimilarMatch[] {
    const query = this.queryTerms(text);
    const touched: number[] = [];
    for (const { id, weight } of query) {
      const { docs, weights } = this.postings(id);
      for (let i = 0; i < docs.length; i += 1) {
        const doc = docs[i]!;
        if (this.scores[doc] === 0) touched.push(doc);
        this.scores[doc]! += weight * weights[i]!;
      }
    }
    const ranked = touched
      .map((doc) => ({ doc, score: this.scores[doc]! }))
      .sort((a, b) => b.score - a.score || a.doc - b.doc)
      .slice(0, limit);
    for (const doc of touched) this.scores[doc] = 0;
    return ranked.map(({ doc, score }) => ({
      slug: this.data.slugs[doc] ?? '',
      title: this.data.titles[doc] ?? '',
      score: Math.min(1, score),
      terms: this.sharedTerms(doc, query),
    }));
  }

  /** The query's terms that contribute most to a document's score, without repeating a word. */
  private sharedTerms(
    doc: number,
    query: readonly { id: number; weight: number; label: string }[],
  ): string[] {
    const shared: { label: string; contribution: number }[] = [];
    for (const { id, weight, label } of query) {
      if (!label) continue;
      const { docs, weights } = this.postings(id);
      const at = lowerBound(docs, doc);
      // A phrase explains better than its words alone: "vision transformer" before "vision".
      const words = label.split(/\s+/).length;
      if (docs[at] === doc) shared.push({ label, contribution: weight * weights[at]! * words });
    }
    shared.sort((a, b) => b.contribution - a.contribution || (a.label < b.label ? -1 : 1));
    const chosen: string[] = [];
    // The rule related.ts applies to the related papers' shared terms.
    const chosenWords: LabelWords[] = [];
    for (const { label } of shared) {
      const words = labelWords(label);
      if (!repeatsChosen(words, chosenWords)) {
        chosen.push(label);
        chosenWords.push(words);
      }
      if (chosen.length === SHOWN_TERMS) break;
    }
    return chosen;
  }
}

function lowerBound(values: Int32Array, target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
