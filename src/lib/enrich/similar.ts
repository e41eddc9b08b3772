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
import { frontDecode } from '../search/frontcode';
import {
  POSTINGS_SEPARATOR,
  SIMILAR_SHARDS_VERSION,
  splitSimilarIndex,
  type SimilarDocShardData,
  type SimilarMetaData,
  type SimilarSplitOptions,
  type SimilarTermBlockData,
} from './similar-split';
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
    ranked.push({ term, weight, documentFrequency: statistics.frequencyOfTerm(term) });
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
    private readonly indexFrequency: (key: string) => number,
  ) {
    super();
    this.documentCount = docCount;
  }

  override documentFrequency(key: string): number {
    return this.indexFrequency(key);
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

/** A loaded term: its document frequency and its postings' pieces by block (one but for long lists). */
interface LoadedTerm {
  df: number;
  pieces: [block: number, postings: string][];
}

/** A query term found in the index, with its weight and how it reads. */
interface QueryTerm {
  key: string;
  weight: number;
  label: string;
}

/** A paper a text resembles, before its slug and title are looked up. */
export interface RankedDoc {
  doc: number;
  score: number;
  terms: string[];
}

/** The parts of the split index a lookup needs and the index has not been given yet. */
export class MissingSimilarParts extends Error {
  constructor(
    readonly blocks: number[],
    readonly docs: number[],
  ) {
    super(
      `similar index: missing term blocks [${blocks.join(', ')}], document shards [${docs.join(', ')}]`,
    );
  }
}

/** Fetches one file of the split index (similar-split.ts); the caller caches. */
export interface SimilarPartFetcher {
  block(n: number): Promise<SimilarTermBlockData>;
  docs(n: number): Promise<SimilarDocShardData>;
}

/** A short text that goes through every step of the analysis, for {@link SimilarIndex.warmUp}. */
const WARM_UP_TEXT =
  'We propose a vision transformer (ViT) for image classification. Our model learns ' +
  'representations from image patches and improves accuracy on benchmarks. Experiments show ' +
  'that reinforcement learning (RL) policies trained with graph neural networks generalise.';

/**
 * The split index (similar-split.ts), given its parts as a lookup needs them: the term blocks of
 * the text's terms, then the document shards of the papers it shows. The scores and their order
 * are those of the whole index: the same weights, summed in the same order, ties by paper order.
 */
export class SimilarIndex {
  readonly docCount: number;
  private readonly statistics: IndexStatistics;
  private readonly blockFirst: string[];
  private readonly loadedBlocks = new Set<number>();
  private readonly terms = new Map<string, LoadedTerm>();
  private readonly docShards = new Map<number, SimilarDocShardData>();
  private readonly decoded = new Map<string, Postings>();
  private readonly scores: Float64Array;
  /** The last text analysed, with its terms: a lookup analyses once, before and after fetching. */
  private analysed: { text: string; acronyms: Acronym[]; terms: Term[]; sentences: number } | null =
    null;

  constructor(private readonly meta: SimilarMetaData) {
    if (meta.version !== SIMILAR_SHARDS_VERSION) {
      throw new Error(
        `similar-papers index version ${meta.version}, expected ${SIMILAR_SHARDS_VERSION}`,
      );
    }
    this.docCount = meta.docCount;
    this.blockFirst = frontDecode(meta.blockFirst);
    this.statistics = new IndexStatistics(this.docCount, (key) => this.termOf(key)?.df ?? 0);
    this.scores = new Float64Array(this.docCount);
  }

  /** The whole index (what the ingest saves) split as the site is, with every part given. */
  static fromData(data: SimilarIndexData, options?: SimilarSplitOptions): SimilarIndex {
    if (data.version !== SIMILAR_INDEX_VERSION) {
      throw new Error(
        `similar-papers index version ${data.version}, expected ${SIMILAR_INDEX_VERSION}`,
      );
    }
    const split = splitSimilarIndex(data, options);
    const index = new SimilarIndex(split.meta);
    for (const block of split.blocks) index.addBlock(block);
    for (const shard of split.docs) index.addDocs(shard);
    return index;
  }

  addBlock(block: SimilarTermBlockData): void {
    if (this.loadedBlocks.has(block.block)) return;
    this.loadedBlocks.add(block.block);
    const keys = frontDecode(block.terms);
    const df = decodeVlq(block.df);
    const lists = block.postings.split(POSTINGS_SEPARATOR);
    keys.forEach((key, i) => {
      const loaded = this.terms.get(key) ?? { df: df[i] ?? 0, pieces: [] };
      loaded.pieces.push([block.block, lists[i] ?? '']);
      this.terms.set(key, loaded);
    });
  }

  addDocs(shard: SimilarDocShardData): void {
    this.docShards.set(shard.shard, shard);
  }

  /** The blocks that may hold `key`: the one whose range covers it, or those a long list fills. */
  private blocksOf(key: string): number[] {
    const first = this.blockFirst;
    let lo = 0;
    let hi = first.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (first[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < first.length && first[end] === key) end += 1;
    if (end > lo) return Array.from({ length: end - lo }, (_, i) => lo + i);
    return lo > 0 ? [lo - 1] : [];
  }

  /** A term of the index, once every block that may hold it is loaded (else it throws). */
  private termOf(key: string): LoadedTerm | undefined {
    const missing = this.blocksOf(key).filter((block) => !this.loadedBlocks.has(block));
    if (missing.length > 0) throw new MissingSimilarParts(missing, []);
    return this.terms.get(key);
  }

  private analyse(text: string) {
    if (this.analysed?.text !== text) {
      const acronyms = findAcronyms(text);
      const analysed = analyseText(text);
      this.analysed = {
        text,
        acronyms,
        terms: extractTerms(analysed, acronyms),
        sentences: analysed.sentences.length,
      };
    }
    return this.analysed;
  }

  /** The term blocks a lookup of `text` needs that are not loaded yet. */
  blocksFor(text: string): number[] {
    const needed = new Set<number>();
    for (const term of this.analyse(text).terms) {
      for (const block of this.blocksOf(term.key)) {
        if (!this.loadedBlocks.has(block)) needed.add(block);
      }
    }
    return [...needed].sort((a, b) => a - b);
  }

  /** The document shards the ranked papers' slugs and titles are in, not loaded yet. */
  docsFor(ranked: readonly RankedDoc[]): number[] {
    const needed = new Set<number>();
    for (const { doc } of ranked) {
      const shard = Math.floor(doc / this.meta.docShardSize);
      if (!this.docShards.has(shard)) needed.add(shard);
    }
    return [...needed].sort((a, b) => a - b);
  }

  private postings(key: string, loaded: LoadedTerm): Postings {
    let postings = this.decoded.get(key);
    if (!postings) {
      const pieces =
        loaded.pieces.length === 1 ? loaded.pieces : [...loaded.pieces].sort((a, b) => a[0] - b[0]);
      const values = decodeVlq(pieces.map(([, piece]) => piece).join(''));
      const docs = new Int32Array(values.length / 2);
      const weights = new Float64Array(values.length / 2);
      for (let i = 0, doc = -1; i < docs.length; i += 1) {
        doc += values[2 * i]! + 1;
        docs[i] = doc;
        weights[i] = levelWeight(values[2 * i + 1]!);
      }
      postings = { docs, weights };
      this.decoded.set(key, postings);
    }
    return postings;
  }

  /**
   * Runs the text analysis on a sample, so the first real paste does not pay for compiling it.
   * Meant for idle time right after loading; fetches nothing.
   */
  warmUp(): void {
    this.analyse(WARM_UP_TEXT);
  }

  /** The text's vector, weighted as the papers' are; only the indexed terms, each with its label. */
  private queryTerms(text: string): QueryTerm[] {
    const { acronyms, terms, sentences } = this.analyse(text);
    const missing = this.blocksFor(text);
    if (missing.length > 0) throw new MissingSimilarParts(missing, []);
    // A pasted phrase says each word once and means it; only an abstract's one-offs are discounted.
    const isAbstract = sentences >= ABSTRACT_SENTENCES;
    const weighted = weighTerms(terms, text, this.statistics, Infinity, 1, isAbstract);
    return weighted.flatMap(({ term, weight }) =>
      this.terms.has(term.key)
        ? [{ key: term.key, weight, label: termLabel(term, acronyms, text, this.statistics) }]
        : [],
    );
  }

  /**
   * The documents most similar to `text`, best first, each with the terms that explain the match.
   * Throws {@link MissingSimilarParts} when a term block it needs is not loaded.
   */
  rank(text: string, limit = 10): RankedDoc[] {
    const query = this.queryTerms(text);
    const touched: number[] = [];
    const lists = query.map(({ key }) => this.postings(key, this.terms.get(key)!));
    query.forEach(({ weight }, q) => {
      const { docs, weights } = lists[q]!;
      for (let i = 0; i < docs.length; i += 1) {
        const doc = docs[i]!;
        if (this.scores[doc] === 0) touched.push(doc);
        this.scores[doc]! += weight * weights[i]!;
      }
    });
    const ranked = touched
      .map((doc) => ({ doc, score: this.scores[doc]! }))
      .sort((a, b) => b.score - a.score || a.doc - b.doc)
      .slice(0, limit);
    for (const doc of touched) this.scores[doc] = 0;
    return ranked.map(({ doc, score }) => ({
      doc,
      score: Math.min(1, score),
      terms: this.sharedTerms(doc, query, lists),
    }));
  }

  /** Ranked documents as matches; throws {@link MissingSimilarParts} when a document shard is missing. */
  matches(ranked: readonly RankedDoc[]): SimilarMatch[] {
    const missing = this.docsFor(ranked);
    if (missing.length > 0) throw new MissingSimilarParts([], missing);
    const size = this.meta.docShardSize;
    return ranked.map(({ doc, score, terms }) => {
      const shard = this.docShards.get(Math.floor(doc / size))!;
      return {
        slug: shard.slugs[doc % size] ?? '',
        title: shard.titles[doc % size] ?? '',
        score,
        terms,
      };
    });
  }

  /** The papers most similar to `text`, with every part it needs already given. */
  similarTo(text: string, limit = 10): SimilarMatch[] {
    return this.matches(this.rank(text, limit));
  }

  /** {@link similarTo}, fetching the term blocks, then the document shards, it lacks. */
  async lookUp(text: string, limit: number, fetcher: SimilarPartFetcher): Promise<SimilarMatch[]> {
    const blocks = await Promise.all(this.blocksFor(text).map((n) => fetcher.block(n)));
    for (const block of blocks) this.addBlock(block);
    const ranked = this.rank(text, limit);
    const shards = await Promise.all(this.docsFor(ranked).map((n) => fetcher.docs(n)));
    for (const shard of shards) this.addDocs(shard);
    return this.matches(ranked);
  }

  /** The query's terms that contribute most to a document's score, without repeating a word. */
  private sharedTerms(
    doc: number,
    query: readonly QueryTerm[],
    lists: readonly Postings[],
  ): string[] {
    const shared: { label: string; contribution: number }[] = [];
    query.forEach(({ weight, label }, q) => {
      if (!label) return;
      const { docs, weights } = lists[q]!;
      const at = lowerBound(docs, doc);
      // A phrase explains better than its words alone: "vision transformer" before "vision".
      const words = label.split(/\s+/).length;
      if (docs[at] === doc) shared.push({ label, contribution: weight * weights[at]! * words });
    });
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
