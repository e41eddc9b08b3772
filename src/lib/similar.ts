/**
 * "Papers like this text": TF-IDF vectors of every abstract, built at build time into a compact
 * inverted index, and the cosine scoring of any pasted text against it, run in the browser.
 * Words become terms exactly as for keywords and related papers (src/lib/terms.ts): content words
 * only, keyed by stem, acronyms by case, so `transformers` finds `Transformer` and `RL` never `rl`.
 */
import type { Paper } from './schema';
import { analyseText, isContentWord, wordKey } from './terms';
import { decodeVlq, encodeVlq } from './search/vlq';

/** Bumped whenever the layout changes, so the page never misreads an index built by other code. */
export const SIMILAR_INDEX_VERSION = 1;

/** The index as JSON: the file `/similar-index.json` the page fetches when it is first needed. */
export interface SimilarIndexData {
  version: typeof SIMILAR_INDEX_VERSION;
  /** Papers, in corpus order: document d is `slugs[d]`. */
  slugs: string[];
  titles: string[];
  /** Term keys (see `termCounts`), in no particular order. */
  terms: string[];
  /** VLQ: each term's IDF × `IDF_SCALE`, rounded, aligned with `terms`. */
  idf: string;
  /**
   * VLQ postings, one string per term: pairs of (document gap, weight level), the gap counted from
   * the previous posting's document (the first from -1, minus one), the weight level a
   * `WEIGHT_LEVELS`-step log scale of the term's weight in the document's unit vector.
   */
  postings: string[];
}

/** One term of a text: how often it occurs, and how it was first written (for display). */
export interface TermCount {
  count: number;
  form: string;
}

/** A paper that resembles the text. */
export interface SimilarMatch extends Pick<Paper, 'slug' | 'title'> {
  /** Cosine similarity of the text's and the paper's vectors, 0..1. */
  score: number;
  /** The text's words that weigh most in the match, heaviest first, as written in the text. */
  terms: string[];
}

/** Terms kept per paper: its heaviest. The rest barely changes a cosine and would double the file. */
export const MAX_TERMS_PER_PAPER = 48;
const IDF_SCALE = 1000;
/** Weight levels: 0..31, one VLQ character, ~13 % apart, from `MIN_WEIGHT` to 1. */
const WEIGHT_LEVELS = 32;
const MIN_WEIGHT = 0.02;
const LEVEL_RATIO = Math.log(1 / MIN_WEIGHT) / (WEIGHT_LEVELS - 1);
/** Shared terms shown per match. */
const SHOWN_TERMS = 5;

export const weightLevel = (weight: number): number =>
  Math.max(
    0,
    Math.min(WEIGHT_LEVELS - 1, Math.round(WEIGHT_LEVELS - 1 + Math.log(weight) / LEVEL_RATIO)),
  );
export const levelWeight = (level: number): number =>
  Math.exp((level - (WEIGHT_LEVELS - 1)) * LEVEL_RATIO);

/** The terms of a text with their counts: content words only, keyed like every other term feature. */
export function termCounts(text: string): Map<string, TermCount> {
  const counts = new Map<string, TermCount>();
  for (const word of analyseText(text).words) {
    if (!isContentWord(word)) continue;
    const key = wordKey(word);
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { count: 1, form: word.text });
  }
  return counts;
}

/** Sublinear term frequency: the tenth "model" in an abstract says less than the first. */
const tfWeight = (count: number): number => 1 + Math.log(count);

/** Smoothed IDF, never zero, so a term every paper has still counts a little. */
export const idfOf = (docCount: number, df: number): number =>
  Math.log((1 + docCount) / (1 + df)) + 1;

/** Unit-length TF-IDF vector of term counts; `maxTerms` keeps only the heaviest. */
export function tfidfVector(
  counts: ReadonlyMap<string, { count: number }>,
  idf: (term: string) => number | undefined,
  maxTerms = Infinity,
): Map<string, number> {
  const weighted: [string, number][] = [];
  for (const [term, { count }] of counts) {
    const termIdf = idf(term);
    if (termIdf !== undefined) weighted.push([term, tfWeight(count) * termIdf]);
  }
  weighted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const kept = weighted.slice(0, maxTerms);
  const norm = Math.hypot(...kept.map(([, w]) => w)) || 1;
  return new Map(kept.map(([term, w]) => [term, w / norm]));
}

/** Every paper's unit TF-IDF vector (heaviest terms only) and the corpus IDF. */
export function paperVectors(
  papers: readonly Pick<Paper, 'plainText'>[],
  maxTerms = MAX_TERMS_PER_PAPER,
): { vectors: Map<string, number>[]; idf: Map<string, number> } {
  const counts = papers.map((paper) => termCounts(paper.plainText));
  const df = new Map<string, number>();
  for (const doc of counts) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = new Map([...df].map(([term, n]) => [term, idfOf(papers.length, n)]));
  const vectors = counts.map((doc) => tfidfVector(doc, (term) => idf.get(term), maxTerms));
  return { vectors, idf };
}

const vectorsFor = new WeakMap<object, ReturnType<typeof paperVectors>>();

/** `paperVectors`, once per records array: the map page and the index endpoint share one result. */
export function getPaperVectors(
  papers: readonly Pick<Paper, 'plainText'>[],
): ReturnType<typeof paperVectors> {
  let result = vectorsFor.get(papers);
  if (!result) {
    result = paperVectors(papers);
    vectorsFor.set(papers, result);
  }
  return result;
}

/** The index file's content for `papers`, in their order. */
export function buildSimilarIndex(
  papers: readonly Pick<Paper, 'slug' | 'title' | 'plainText'>[],
): SimilarIndexData {
  const { vectors, idf } = getPaperVectors(papers);
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
    idf: encodeVlq(terms.map((term) => Math.round((idf.get(term) ?? 0) * IDF_SCALE))),
    postings: terms.map((term) => encodeVlq(lists.get(term)?.values ?? [])),
  };
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
  private readonly idf: number[];
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
    this.idf = decodeVlq(data.idf).map((n) => n / IDF_SCALE);
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

  /** The papers most similar to `text`, best first, each with the words that explain the match. */
  similarTo(text: string, limit = 10): SimilarMatch[] {
    const counts = termCounts(text);
    const query = tfidfVector(counts, (term) => {
      const id = this.termIds.get(term);
      return id === undefined ? undefined : this.idf[id];
    });
    const touched: number[] = [];
    for (const [term, weight] of query) {
      const { docs, weights } = this.postings(this.termIds.get(term)!);
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
      terms: this.sharedTerms(doc, query, counts),
    }));
  }

  /** The query terms that contribute most to a document's score, as written in the query. */
  private sharedTerms(
    doc: number,
    query: ReadonlyMap<string, number>,
    counts: ReadonlyMap<string, TermCount>,
  ): string[] {
    const shared: { form: string; contribution: number }[] = [];
    for (const [term, weight] of query) {
      const { docs, weights } = this.postings(this.termIds.get(term)!);
      const at = lowerBound(docs, doc);
      if (docs[at] === doc)
        shared.push({ form: counts.get(term)?.form ?? term, contribution: weight * weights[at]! });
    }
    const forms = shared.sort((a, b) => b.contribution - a.contribution).map((s) => s.form);
    // `VenusFormer` (a name, keyed by case) and `venusformer` (a word, keyed by stem) read as one.
    const seen = new Set<string>();
    return forms
      .filter((form) => !seen.has(form.toLowerCase()) && seen.add(form.toLowerCase()))
      .slice(0, SHOWN_TERMS);
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
