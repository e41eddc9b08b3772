/**
 * The query engine: runs in the search worker over the index `build.ts` wrote.
 *
 * Ranking, in order of precedence (docs/search.md explains why):
 * 1. papers matching more of the query's words (stopwords aside) come first;
 * 2. then papers matching more of them literally (exactly, by stem, or by prefix) than by a typo;
 * 3. then a paper whose title (or name) holds every query word: field bonuses elsewhere never stack
 *    past it (issue 35: at 20,000 papers, papers whose keywords and tags repeat the query words
 *    ranked a paper titled with them 505th);
 * 4. then a paper whose whole name is the query (`SealQA`, not `SealQA-2`);
 * 5. then BM25 with field boosts: a rare term used often in a short abstract scores high, and a
 *    term in the paper's name, title, acronyms, keywords or tags adds a bonus (the largest of
 *    its fields' bonuses, not their sum).
 */
import type { ContributionType, Paper } from '../schema';
import {
  DERIVED_TITLE_FLAG,
  FIELD,
  HAS_CODE_FLAG,
  POSTINGS_SEPARATOR,
  SEARCH_INDEX_VERSION,
  type CardShardData,
  type PostingsBlockData,
  type SearchIndexData,
  type SearchMetaData,
  type SplitSearchIndex,
  type VocabChunkData,
} from './format';
import { frontDecode } from './frontcode';
import { FuzzyVocabulary } from './fuzzy';
import { decodePostings, type PostingColumns } from './postings';
import { splitSearchIndex } from './split';
import { highlightRanges, makeSnippet, type Range, type TermMatcher } from './snippet';
import { parseQuery, tokenize, type ParsedQuery } from './text';
import { decodeVlq } from './vlq';
import { stem } from '../text/stem';
import { bm25InverseDocumentFrequency } from '../text/weighting';

/** Narrows results; every given condition must hold. */
export interface SearchFilters {
  /** Topic slugs the paper must all carry. */
  tags?: readonly string[];
  /** Contribution types the paper must all have. */
  types?: readonly ContributionType[];
  /** When true, only papers with code. */
  hasCode?: boolean;
  /** Venue values (`SearchIndexData.venues`): the paper must be from one of them. */
  venues?: readonly string[];
  /** Years: the paper must be from one of them. */
  years?: readonly number[];
}

export interface SearchRequest {
  query: string;
  filters?: SearchFilters;
  /** Results per page; 10 when not given, at most 100. */
  limit?: number;
  /** How many results to skip, for paging. */
  offset?: number;
  /**
   * Whether words that are in no paper may be replaced by the nearest vocabulary word (default
   * true). False is "Search instead for" what was typed.
   */
  correct?: boolean;
}

/** A typed word the engine replaced, because no paper contains it. */
export interface Correction {
  /** The folded word as typed. */
  from: string;
  /** The vocabulary word searched for instead. */
  to: string;
  /** Where the word is in the typed query: `[start, end)`. */
  start: number;
  end: number;
}

/** How many results carry each tag, type and code flag: counts follow the query and filters. */
export interface SearchFacets {
  tags: Record<string, number>;
  types: Partial<Record<ContributionType, number>>;
  hasCode: number;
  /**
   * Per venue value, and per year: how many results each would give, the other filters applied
   * but not those of its own facet (a venue or a year is one of several, not all of them).
   */
  venues: Record<string, number>;
  years: Record<string, number>;
}

/** One result, with everything the result list shows. */
export type SearchHit = Pick<
  Paper,
  'slug' | 'title' | 'titleSource' | 'name' | 'authors' | 'year' | 'tags' | 'types' | 'hasCode'
> & {
  /** Highlights in each of `authors` (empty lists for authors the query did not match). */
  authorRanges: Range[][];
  /** The paper's venue label (`ICML 2023`) and its language when not English; null when unknown. */
  venue: string | null;
  venueLang: string | null;
  /**
   * Part of the abstract around the best match; null while the abstract's text shard is still
   * being fetched (the worker then sends it in a `snippets` message).
   */
  snippet: string | null;
  /** The abstract's first code link (the Code badge's target), or null when it links to none. */
  codeUrl: string | null;
  /** Highlights in `snippet`. */
  snippetRanges: Range[];
  /** Highlights in `title`. */
  titleRanges: Range[];
  /** Highlights in `name` (empty when there is no name). */
  nameRanges: Range[];
  /** How many of the query's words the paper matches (stopwords aside). */
  matchedWords: number;
  /** True when the paper matches the whole query; false for the "some of your words" group. */
  complete: boolean;
  /** Relevance; only meaningful for comparing results of one query. */
  score: number;
};

/** What the engine understood of a query, beside its results. */
export interface QueryNotes {
  /** The folded words the query was understood as. */
  words: string[];
  /** Number of papers matching the whole query (every word, phrase and exclusion) and the filters. */
  total: number;
  /**
   * Papers matching some of the query's words but not all (and the filters): listed after the
   * `total` ones, in a group of their own, and not counted as matches.
   */
  partial: number;
  facets: SearchFacets;
  /** For a query matching nothing: similar queries made of vocabulary words ("did you mean"). */
  suggestions: string[];
  /** Typed words that are in no paper and were searched as a vocabulary word instead. */
  corrections: Correction[];
  /** True when the query has text but no word to search for (`%`, `(.*+?[`, only spaces). */
  unsearchable: boolean;
}

export interface SearchResults extends QueryNotes {
  /** `total` complete matches first, then `partial` ones; one page of them. */
  hits: SearchHit[];
}

/** A ranked page before its texts are loaded: the worker fetches the shards `docs` need. */
export interface Ranking extends QueryNotes {
  /** Document numbers of the requested page, best first. */
  docs: number[];
  /** Per document of `docs`: matched words, whether it matches the whole query, and score. */
  details: { matchedWords: number; complete: boolean; score: number }[];
  matcher: TermMatcher;
}

/** What a ranking says about its query, without the page's documents. */
export function queryNotes(ranking: Ranking): QueryNotes {
  const { words, total, partial, facets, suggestions, corrections, unsearchable } = ranking;
  return { words, total, partial, facets, suggestions, corrections, unsearchable };
}

/** Weight of a term reached from a query word, relative to the word itself. */
const WEIGHT = { exact: 1, compound: 1, stem: 0.9, prefix: 0.8, fuzzy: 0.6 } as const;
/** A word being typed with a typo: the weight of spellings other than the correction, relative to it. */
const OTHER_SPELLING = 0.5;
/** Bonus per field, added to the abstract's saturated term frequency. */
const FIELD_BOOST: readonly [number, number][] = [
  [FIELD.name, 3],
  [FIELD.acronym, 2],
  [FIELD.title, 2],
  [FIELD.keyword, 1],
  [FIELD.tag, 1],
  [FIELD.author, 2],
];
/** The fields whose holding every query word ranks a paper above the rest of its tier. */
const TITLE_FIELDS = FIELD.title | FIELD.name;
/** Added to the score of a paper named exactly as the query: more than any BM25 score reaches. */
const EXACT_NAME_BONUS = 5000;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Longest ending two words sharing a stem may differ in and still count as forms of one word. */
const MAX_STEM_ENDING = 4;
/** A word being typed is completed from this many letters on (`re` would complete to half the vocabulary). */
const MIN_PREFIX = 3;
/** Completions kept for a word being typed: the most frequent ones. */
const PREFIX_LIMIT = 40;
/** "Did you mean": alternatives per unknown word, and at most this many letters around a word found inside a longer one (`mri` in `fmri`). */
const SUGGESTION_LIMIT = 3;
const MAX_CONTAINING_EXTRA = 3;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
const SCORE_BITS = 20;
const CACHE_LIMIT = 2000;
/** Up to this many results (offset + limit), a page is selected while scanning, not sorted. */
const TOP_KEYS_LIMIT = 256;

/** One vocabulary term a query reaches, and which query words it stands for. */
interface Expansion {
  termId: number;
  weight: number;
  literal: boolean;
  /**
   * The word as typed, another form of it, or the word it was corrected to: not one of the other
   * spellings a typo may stand for. Only these make "every word is in the title".
   */
  primary: boolean;
  /** Bit i: stands for query word i (a compound stands for two). */
  words: number;
}

/** A query word's alternatives, and the vocabulary word it was corrected to, if it was. */
interface ExpandedWord {
  alternatives: Expansion[];
  correction?: string;
}

/**
 * Thrown when answering needs parts of a split index that are not loaded yet: the worker fetches
 * them and asks again. Nothing is half-done when it is thrown (no scratch state is left behind).
 */
export class MissingIndexParts extends Error {
  readonly vocab: Set<number>;
  readonly blocks: Set<number>;
  readonly cards: Set<number>;
  constructor(parts: {
    vocab?: Iterable<number>;
    blocks?: Iterable<number>;
    cards?: Iterable<number>;
  }) {
    super('search: index parts not loaded yet');
    this.vocab = new Set(parts.vocab ?? []);
    this.blocks = new Set(parts.blocks ?? []);
    this.cards = new Set(parts.cards ?? []);
  }

  /** Adds another's parts to this one's. */
  merge(other: MissingIndexParts): this {
    for (const n of other.vocab) this.vocab.add(n);
    for (const n of other.blocks) this.blocks.add(n);
    for (const n of other.cards) this.cards.add(n);
    return this;
  }

  get empty(): boolean {
    return this.vocab.size + this.blocks.size + this.cards.size === 0;
  }
}

/** The parts of a split index a request is expected to need, from the directories alone. */
export interface IndexParts {
  vocab: number[];
  blocks: number[];
}

/** Index of the last entry of a sorted array that is ≤ `value` (0 when none is). */
function floorIndex<T>(sorted: readonly T[], value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/** Most postings blocks fetched ahead for one word's completions (the rest when ranked). */
const PREFETCH_BLOCKS_PER_WORD = 3;

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return i;
}

/**
 * The words of a paper's fields (title, name, abstract), one list per field, compounds aside: the
 * fields are joined by a line break and tokenised in one go, so a document is tokenised once
 * however many phrases are checked against it. A line break ends a word (no part, apostrophe or
 * hyphen join runs across it), so each field's words are those it has alone.
 */
function fieldWords(fields: readonly string[]): string[][] {
  const words = fields.map((): string[] => []);
  let field = 0;
  let fieldEnd = fields[0]?.length ?? 0;
  for (const token of tokenize(fields.join('\n'))) {
    if (token.compound) continue;
    while (token.start > fieldEnd && field < fields.length - 1) {
      field += 1;
      fieldEnd += 1 + (fields[field]?.length ?? 0);
    }
    words[field]!.push(token.term);
  }
  return words;
}

/** True when `words` has the folded words of `phrase` in a row. */
function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (phrase.every((word, j) => words[i + j] === word)) return true;
  }
  return false;
}

/** The `k` largest of `keys`, largest first (distinct keys). */
function topKeys(keys: Float64Array, k: number): number[] {
  const top: number[] = [];
  for (const key of keys) {
    if (top.length === k) {
      if (key <= top[k - 1]!) continue;
      top.pop();
    }
    // Binary search for the place that keeps `top` in descending order.
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (top[mid]! > key) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, key);
  }
  return top;
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: Math.max(0, hi - lo) }, (_, i) => lo + i);
}

function countBits(mask: number): number {
  let bits = 0;
  for (let m = mask; m !== 0; m &= m - 1) bits += 1;
  return bits;
}

/** A Map that forgets everything when full: the caches only need to survive a burst of typing. */
function remember<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

export class SearchEngine {
  readonly docCount: number;
  readonly shardSize: number;
  readonly meta: SearchMetaData;
  /** Sparse, by term id: filled as vocabulary chunks arrive. */
  private readonly terms: string[];
  private readonly df: Int32Array;
  private readonly vocabLoaded: boolean[];
  private readonly blockLoaded: boolean[];
  private readonly cards: (CardShardData | undefined)[];
  private readonly stopwords: Set<string>;
  /** Per document: how many words its name has (0 without a name). */
  private readonly nameWords: number[];
  private readonly lengthNorm: Float64Array;
  private readonly docTags: number[][];
  private readonly flags: number[];
  /** Per document: 1 + its venue's index into `data.venues`, or 0. */
  private readonly docVenues: number[];
  /** Per document: its year, or 0. */
  private readonly years: number[];
  /** How many distinct years the documents have. */
  private readonly yearCount: number;
  private readonly fieldBonus: Float64Array;
  /** Typo candidates per first letter, and over the whole vocabulary ("did you mean"). */
  private readonly fuzzyByLetter = new Map<string, FuzzyVocabulary>();
  private fuzzyAll: FuzzyVocabulary | undefined;
  /** Sparse, by term id: filled as postings blocks arrive. */
  private readonly postingLists: string[];
  private readonly postingsCache = new Map<number, PostingColumns>();
  private readonly expansionCache = new Map<string, ExpandedWord>();
  // Per-query scratch space, reused so a query allocates nothing in proportion to the corpus.
  private readonly scores: Float64Array;
  private readonly groupScores: Float64Array;
  private readonly matched: Uint32Array;
  private readonly literal: Uint32Array;
  /** Per document: query words found in its title or name. */
  private readonly titled: Uint32Array;
  /** Per document: query words found as typed in its name. */
  private readonly named: Uint32Array;
  private readonly complete: Uint8Array;
  private readonly sortKeys: Float64Array;
  /** Term ids by length, for "did you mean" (`termsOfLength`). */
  private byLength: number[][] | undefined;

  /**
   * From the full index (everything at hand), from all of a split index's parts, or from a split
   * index's `meta` alone: the other parts are then added as they arrive (`addVocab`, `addBlock`,
   * `addCards`), and a query needing a missing one throws `MissingIndexParts`.
   */
  constructor(data: SearchIndexData | SplitSearchIndex | SearchMetaData) {
    const split: SplitSearchIndex | undefined =
      'meta' in data ? data : 'postings' in data ? splitSearchIndex(data) : undefined;
    const meta: SearchMetaData = split ? split.meta : (data as SearchMetaData);
    if (meta.version !== SEARCH_INDEX_VERSION) {
      throw new Error(`search index version ${meta.version}, expected ${SEARCH_INDEX_VERSION}`);
    }
    this.meta = meta;
    this.docCount = meta.docCount;
    this.shardSize = meta.shardSize;
    this.terms = new Array<string>(meta.termCount);
    this.df = new Int32Array(meta.termCount);
    this.postingLists = new Array<string>(meta.termCount);
    this.vocabLoaded = meta.vocabStart.map(() => false);
    this.blockLoaded = meta.blockStart.map(() => false);
    this.cards = new Array<CardShardData | undefined>(meta.cardCount);
    this.stopwords = new Set(meta.stopwords);
    this.nameWords = decodeVlq(meta.nameWords);
    const lengths = decodeVlq(meta.lengths);
    this.lengthNorm = Float64Array.from(
      lengths,
      (len) => BM25_K1 * (1 - BM25_B + (BM25_B * len) / meta.averageLength),
    );
    this.docTags = [];
    const tagValues = decodeVlq(meta.docTags);
    for (let i = 0; i < tagValues.length;) {
      const count = tagValues[i++] ?? 0;
      this.docTags.push(tagValues.slice(i, i + count));
      i += count;
    }
    this.flags = decodeVlq(meta.flags);
    this.docVenues = decodeVlq(meta.docVenues);
    this.years = decodeVlq(meta.years);
    this.yearCount = new Set(this.years.filter((year) => year !== 0)).size;
    // The best field's bonus: a word in the keywords, the tags and the acronyms is no title word.
    this.fieldBonus = new Float64Array(64).map((_, mask) =>
      FIELD_BOOST.reduce((best, [bit, boost]) => Math.max(best, mask & bit ? boost : 0), 0),
    );
    this.scores = new Float64Array(meta.docCount);
    this.groupScores = new Float64Array(meta.docCount);
    this.matched = new Uint32Array(meta.docCount);
    this.literal = new Uint32Array(meta.docCount);
    this.titled = new Uint32Array(meta.docCount);
    this.named = new Uint32Array(meta.docCount);
    this.complete = new Uint8Array(meta.docCount);
    this.sortKeys = new Float64Array(meta.docCount);
    if (split) {
      for (const chunk of split.vocab) this.addVocab(chunk);
      for (const block of split.blocks) this.addBlock(block);
      for (const cards of split.cards) this.addCards(cards);
    }
  }

  // ---- parts of a split index ----

  addVocab(chunk: VocabChunkData): void {
    const start = this.meta.vocabStart[chunk.chunk];
    if (start === undefined || this.vocabLoaded[chunk.chunk]) return;
    const terms = frontDecode(chunk.terms);
    const df = decodeVlq(chunk.df);
    terms.forEach((term, i) => {
      this.terms[start + i] = term;
      this.df[start + i] = df[i] ?? 0;
    });
    this.vocabLoaded[chunk.chunk] = true;
  }

  addBlock(block: PostingsBlockData): void {
    const start = this.meta.blockStart[block.block];
    if (start === undefined || this.blockLoaded[block.block]) return;
    const lists = block.postings.split(POSTINGS_SEPARATOR);
    lists.forEach((list, i) => (this.postingLists[start + i] = list));
    this.blockLoaded[block.block] = true;
  }

  addCards(cards: CardShardData): void {
    this.cards[cards.shard] = cards;
  }

  /** The card shard that holds document `doc`. */
  cardShardOf(doc: number): number {
    return Math.floor(doc / this.meta.cardSize);
  }

  /** Vocabulary chunks not loaded yet. */
  missingVocab(): number[] {
    return this.vocabLoaded.flatMap((loaded, n) => (loaded ? [] : [n]));
  }

  /** Card shards of `docs` not loaded yet. */
  missingCards(docs: Iterable<number>): number[] {
    const missing = new Set<number>();
    for (const doc of docs) {
      const shard = this.cardShardOf(doc);
      if (!this.cards[shard]) missing.add(shard);
    }
    return [...missing];
  }

  /**
   * The vocabulary chunks and postings blocks a request will most likely need, from the
   * directories in `meta` alone: fetched at once, in parallel, so most queries are answered
   * after one round trip for them (a typo or a far stem costs one more).
   */
  partsFor(request: SearchRequest): IndexParts {
    const query = parseQuery(request.query);
    const vocab = new Set<number>();
    const blocks = new Set<number>();
    const words = [...query.words, ...query.excluded, ...query.phrases.flat()];
    const content = words.filter((word) => !this.stopwords.has(word));
    const wanted = content.length > 0 ? content : words;
    for (let i = 0; i + 1 < query.words.length; i += 1) {
      wanted.push(`${query.words[i]}${query.words[i + 1]}`);
    }
    for (const word of wanted) {
      const shared = word.length < 3 ? word.length : Math.max(1, stem(word).length - 1);
      const from = word.slice(0, shared);
      const lastVocab = this.vocabChunkOf(`${from}\uffff`);
      for (let c = this.vocabChunkOf(from); c <= lastVocab; c += 1) vocab.add(c);
      const first = floorIndex(this.meta.blockFirst, word);
      const last = Math.min(
        floorIndex(this.meta.blockFirst, `${word}\uffff`),
        first + PREFETCH_BLOCKS_PER_WORD - 1,
      );
      for (let b = first; b <= last; b += 1) blocks.add(b);
    }
    return {
      vocab: [...vocab].filter((c) => !this.vocabLoaded[c]),
      blocks: [...blocks].filter((b) => !this.blockLoaded[b]),
    };
  }

  private vocabChunkOf(term: string): number {
    return floorIndex(this.meta.vocabFirst, term);
  }

  private blockOfId(termId: number): number {
    return floorIndex(this.meta.blockStart, termId);
  }

  /** Throws unless every term id in [lo, hi) is loaded. */
  private requireTerms(lo: number, hi: number): void {
    if (hi <= lo) return;
    const missing: number[] = [];
    for (
      let c = floorIndex(this.meta.vocabStart, lo);
      c <= floorIndex(this.meta.vocabStart, hi - 1);
      c += 1
    ) {
      if (!this.vocabLoaded[c]) missing.push(c);
    }
    if (missing.length > 0) throw new MissingIndexParts({ vocab: missing });
  }

  /** Throws unless the postings of every term id given are loaded. */
  private requirePostings(termIds: Iterable<number>): void {
    const missing = new Set<number>();
    for (const id of termIds) {
      if (id < 0) continue;
      const block = this.blockOfId(id);
      if (!this.blockLoaded[block]) missing.add(block);
    }
    if (missing.size > 0) throw new MissingIndexParts({ blocks: missing });
  }

  /** A document's card; throws when its shard is not loaded. */
  private card(doc: number): {
    slug: string;
    title: string;
    name: string | null;
    authors: string[];
    codeUrl: string | null;
  } {
    const shard = this.cardShardOf(doc);
    const cards = this.cards[shard];
    if (!cards) throw new MissingIndexParts({ cards: [shard] });
    const i = doc - shard * this.meta.cardSize;
    const slug = cards.slugs[i];
    const title = cards.titles[i];
    // A document without a slug or title is a broken index: never a link to /papers//.
    if (slug === undefined || title === undefined) {
      throw new Error(`search: no document ${doc} in the index`);
    }
    return {
      slug,
      title,
      name: cards.names[i] ?? null,
      authors: cards.authors[i] ?? [],
      codeUrl: cards.codeUrls[i] ?? null,
    };
  }

  /** Typo candidates among the terms starting with `letter` (its vocabulary chunks loaded). */
  private fuzzyFor(letter: string): FuzzyVocabulary {
    let fuzzy = this.fuzzyByLetter.get(letter);
    if (!fuzzy) {
      const [lo, hi] = this.prefixRange(letter);
      this.requireTerms(lo, hi);
      fuzzy = new FuzzyVocabulary(this.terms, this.df, range(lo, hi));
      this.fuzzyByLetter.set(letter, fuzzy);
    }
    return fuzzy;
  }

  /** Typo candidates over the whole vocabulary (every chunk loaded), for "did you mean". */
  private fuzzyOverAll(): FuzzyVocabulary {
    if (!this.fuzzyAll) {
      this.requireTerms(0, this.meta.termCount);
      this.fuzzyAll = new FuzzyVocabulary(this.terms, this.df);
    }
    return this.fuzzyAll;
  }

  /** The text shard that holds document `doc`. */
  shardOf(doc: number): number {
    return Math.floor(doc / this.shardSize);
  }

  /**
   * Ranks the whole corpus for a request and returns one page of document numbers. `textOf` gives
   * the abstracts at hand, to check quoted phrases; a paper whose text is not at hand is checked on
   * its title and name only, and kept (`phraseShards` says which texts a phrase query needs).
   */
  rank(request: SearchRequest, textOf?: (doc: number) => string | undefined): Ranking {
    const query = parseQuery(request.query);
    const required = this.requiredWords(query.words);
    const { groups, corrections } = this.expandQuery(query, required, request.correct !== false);
    const searchable = query.words.length > 0 || query.excluded.length > 0;
    const unsearchable = !searchable && request.query.trim() !== '';
    const excludedTerms = this.excludedTerms(query.excluded);
    // Every postings list this query reads, before any scratch state is touched.
    this.requirePostings([...groups.flat().map((e) => e.termId), ...excludedTerms]);
    const excluded = this.docsOf(excludedTerms);
    const hasPhrases = this.phraseCheck(query.phrases, textOf);
    let complete: number[] = [];
    let partial: number[] = [];
    let touched: number[] = [];
    try {
      if (query.words.length > 0) {
        touched = this.score(groups);
        for (const doc of touched) {
          if (excluded.has(doc)) continue;
          const matched = this.matched[doc]! & required;
          if (matched === required && hasPhrases(doc)) {
            this.complete[doc] = 1;
            complete.push(doc);
          } else if (matched !== 0) partial.push(doc);
        }
      } else if (!unsearchable) {
        complete = this.allDocs().filter((doc) => !excluded.has(doc));
      }
      // A paper named exactly as the query: every word as typed in its name, and no other word.
      for (const doc of touched) {
        if (
          this.nameWords[doc] === query.words.length &&
          (this.named[doc]! & required) === required
        ) {
          this.scores[doc] = this.scores[doc]! + EXACT_NAME_BONUS;
        }
      }
      const filters = request.filters ?? {};
      const suggestions =
        complete.length === 0 && query.words.length > 0 ? this.suggest(query, required) : [];
      // Venues and years are counted as if their own facet chose nothing: the reader picks among them.
      const venueAndYearFacets = this.venueYearFacets(complete, filters);
      complete = this.applyFilters(complete, filters);
      partial = this.applyFilters(partial, filters);
      const offset = Math.max(0, request.offset ?? 0);
      const limit = Math.min(MAX_LIMIT, Math.max(1, request.limit ?? DEFAULT_LIMIT));
      const docs = this.page([complete, partial], required, offset, limit);
      const details = docs.map((doc) => ({
        matchedWords: countBits(this.matched[doc]! & required),
        complete: this.complete[doc] === 1 || query.words.length === 0,
        score: Math.round(this.scores[doc]! * 1000) / 1000,
      }));
      return {
        words: query.words,
        total: complete.length,
        partial: partial.length,
        docs,
        facets: { ...this.facets(complete), ...venueAndYearFacets },
        suggestions,
        corrections,
        unsearchable,
        details,
        matcher: this.matcher(query, groups, required),
      };
    } finally {
      this.clearScratch(touched);
    }
  }

  /**
   * The papers a request's quoted phrases may be in: those containing every word of a phrase
   * (their texts and cards are needed to check the phrase). Empty for a query without phrases.
   */
  phraseDocs(request: SearchRequest): number[] {
    const phrases = parseQuery(request.query).phrases;
    const ids = phrases.map((phrase) => phrase.map((word) => this.findTerm(word)));
    this.requirePostings(ids.flat());
    const all = new Set<number>();
    for (const phrase of ids) {
      let docs: Set<number> | undefined;
      for (const id of phrase) {
        const found = new Set(this.postings(id).docs);
        docs = docs ? new Set([...docs].filter((d) => found.has(d))) : found;
      }
      for (const doc of docs ?? []) all.add(doc);
    }
    return [...all];
  }

  /** The text shards a request's quoted phrases need (see `phraseDocs`). */
  phraseShards(request: SearchRequest): number[] {
    return [...new Set(this.phraseDocs(request).map((doc) => this.shardOf(doc)))];
  }

  /** Turns ranked document `index` of a ranking into a result; without its text, no snippet yet. */
  present(ranking: Ranking, index: number, text?: string): SearchHit {
    const doc = ranking.docs[index];
    const detail = ranking.details[index];
    // A rank or document the index does not hold is a broken index: never a link to /papers//.
    if (doc === undefined || detail === undefined || doc >= this.docCount) {
      throw new Error(`search: no document at rank ${index} (document ${doc}) in the index`);
    }
    const { slug, title, name, authors, codeUrl } = this.card(doc);
    const flags = this.flags[doc] ?? 0;
    const snippet = text === undefined ? null : makeSnippet(text, ranking.matcher);
    const venue = this.meta.venues[(this.docVenues[doc] ?? 0) - 1];
    return {
      slug,
      title,
      titleSource: flags & DERIVED_TITLE_FLAG ? 'derived' : 'given',
      name,
      authors,
      authorRanges: authors.map((author) => highlightRanges(author, ranking.matcher)),
      venue: venue?.label ?? null,
      venueLang: venue?.lang ?? null,
      year: this.years[doc] || null,
      tags: (this.docTags[doc] ?? []).map((t) => this.meta.tagSlugs[t] ?? ''),
      types: this.meta.typeNames.filter((_, bit) => flags & (1 << bit)),
      hasCode: (flags & HAS_CODE_FLAG) !== 0,
      codeUrl,
      snippet: snippet?.text ?? null,
      snippetRanges: snippet?.ranges ?? [],
      titleRanges: highlightRanges(title, ranking.matcher),
      nameRanges: name ? highlightRanges(name, ranking.matcher) : [],
      ...detail,
    };
  }

  /** Ranks and presents in one go, when every text is at hand (tests, the bench). */
  search(request: SearchRequest, textOf: (doc: number) => string): SearchResults {
    const ranking = this.rank(request, textOf);
    return {
      ...queryNotes(ranking),
      hits: ranking.docs.map((doc, i) => this.present(ranking, i, textOf(doc))),
    };
  }

  // ---- vocabulary look-ups ----

  /** The first term id whose term is ≥ `term`: needs only the chunk `term` falls in. */
  private lowerBound(term: string): number {
    const terms = this.terms;
    const chunk = this.vocabChunkOf(term);
    if (!this.vocabLoaded[chunk] && this.meta.termCount > 0) {
      throw new MissingIndexParts({ vocab: [chunk] });
    }
    let lo = this.meta.vocabStart[chunk] ?? 0;
    let hi = this.meta.vocabStart[chunk + 1] ?? this.meta.termCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] ?? '') < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private findTerm(term: string): number {
    const i = this.lowerBound(term);
    return this.terms[i] === term ? i : -1;
  }

  /** Ids of the terms starting with `prefix`: a contiguous run of the sorted vocabulary. */
  private prefixRange(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(prefix + '\uffff')];
  }

  private postings(termId: number): PostingColumns {
    if (termId >= 0) this.requirePostings([termId]);
    return remember(this.postingsCache, termId, () =>
      decodePostings(this.postingLists[termId] ?? ''),
    );
  }

  // ---- query expansion ----

  private isStopword(word: string): boolean {
    return this.stopwords.has(word);
  }

  /** Bit mask of the words a result must match: all but stopwords, unless the query is only stopwords. */
  private requiredWords(words: readonly string[]): number {
    let all = 0;
    let content = 0;
    words.forEach((word, i) => {
      all |= 1 << i;
      if (!this.isStopword(word)) content |= 1 << i;
    });
    return content !== 0 ? content : all;
  }

  /**
   * One group of alternative terms per required word, plus one per adjacent pair written as one
   * word; and the corrections made to words no paper contains.
   */
  private expandQuery(
    query: ParsedQuery,
    required: number,
    correct: boolean,
  ): { groups: Expansion[][]; corrections: Correction[] } {
    const last = query.words.length - 1;
    const groups: Expansion[][] = [];
    const corrections: Correction[] = [];
    // Every word is expanded before a missing part is reported, so all are fetched at once.
    const missing = new MissingIndexParts({});
    const collect = (expand: () => void) => {
      try {
        expand();
      } catch (error) {
        if (!(error instanceof MissingIndexParts)) throw error;
        missing.merge(error);
      }
    };
    query.words.forEach((word, i) => {
      if ((required & (1 << i)) === 0) return;
      collect(() => {
        const quoted = query.quoted[i] === true;
        const isPrefix = query.lastWordIsPrefix && i === last && !quoted;
        const key = `${word}\u0000${isPrefix ? 1 : 0}${quoted ? 1 : 0}${correct ? 1 : 0}`;
        const expanded = remember(this.expansionCache, key, () =>
          this.expandWord(word, isPrefix, quoted, correct),
        );
        groups.push(expanded.alternatives.map((e) => ({ ...e, words: 1 << i })));
        const [start, end] = query.spans[i] ?? [0, 0];
        if (expanded.correction)
          corrections.push({ from: word, to: expanded.correction, start, end });
      });
    });
    for (let i = 0; i < last; i += 1) {
      if (query.quoted[i] || query.quoted[i + 1]) continue;
      collect(() => {
        const termId = this.findTerm(`${query.words[i]}${query.words[i + 1]}`);
        if (termId >= 0) {
          groups.push([
            { termId, weight: WEIGHT.compound, literal: true, primary: true, words: 3 << i },
          ]);
        }
      });
    }
    if (!missing.empty) throw missing;
    return { groups: groups.filter((g) => g.length > 0), corrections };
  }

  /**
   * The terms a query word stands for: itself, its other forms (stem), and its completions while
   * it is typed (3 letters or more, not a stopword). Only a word that reaches no term at all is
   * corrected, to its nearest vocabulary word (`fuzzy.ts`: typos bounded by length).
   */
  private expandWord(
    word: string,
    isPrefix: boolean,
    quoted: boolean,
    correct: boolean,
  ): ExpandedWord {
    const found = new Map<number, Expansion>();
    const add = (termId: number, weight: number, literal: boolean, primary = true) => {
      if (termId >= 0 && !found.has(termId))
        found.set(termId, { termId, weight, literal, primary, words: 0 });
    };
    const exact = this.findTerm(word);
    add(exact, WEIGHT.exact, true);
    if (quoted) return { alternatives: [...found.values()] };
    const stopword = this.isStopword(word);
    const completes = isPrefix && word.length >= MIN_PREFIX && !stopword;
    if (completes) for (const id of this.completions(word)) add(id, WEIGHT.prefix, true);
    if (exact >= 0) {
      if (!stopword) for (const id of this.stemVariants(word)) add(id, WEIGHT.stem, true);
      return { alternatives: [...found.values()] };
    }
    if (found.size > 0 || !correct) return { alternatives: [...found.values()] };
    // A word in no paper: search for the nearest vocabulary word instead, and say so.
    if (completes) {
      const matches = this.fuzzyFor(word[0] ?? '').expandPrefix(word, undefined, PREFIX_LIMIT);
      // The spelling most papers use is the correction; the others count for less.
      const best = matches[0];
      for (const m of matches) {
        const weight = WEIGHT.fuzzy * (1 - m.distance) * (m === best ? 1 : OTHER_SPELLING);
        add(m.termId, weight, false, m === best);
      }
      return { alternatives: [...found.values()], correction: best && this.terms[best.termId] };
    }
    const best = this.fuzzyFor(word[0] ?? '').expand(word, undefined, 1)[0];
    // Without a spelling that close, another form of the word (`modelings` → `modeling`).
    const to = best
      ? best.termId
      : this.stemVariants(word).sort((a, b) => this.df[b]! - this.df[a]!)[0];
    if (to === undefined) return { alternatives: [] };
    const weight = WEIGHT.fuzzy * (1 - (best?.distance ?? 0));
    add(to, weight, false);
    for (const id of this.stemVariants(this.terms[to] ?? '')) add(id, weight * WEIGHT.stem, false);
    return { alternatives: [...found.values()], correction: this.terms[to] };
  }

  /** The terms of the excluded words, in any of their forms. */
  private excludedTerms(words: readonly string[]): number[] {
    return words.flatMap((word) => [this.findTerm(word), ...this.stemVariants(word)]);
  }

  /** Documents containing any of the terms. */
  private docsOf(termIds: readonly number[]): Set<number> {
    const docs = new Set<number>();
    for (const id of termIds) {
      if (id >= 0) for (const doc of this.postings(id).docs) docs.add(doc);
    }
    return docs;
  }

  /**
   * A per-query check: true when the paper's title, name or abstract has each phrase's words in a
   * row. A document's fields are tokenised once for all the phrases (not once per phrase), and
   * `rank` asks once per candidate, so each document is tokenised at most once per query; its
   * words are dropped at once rather than kept for a query touching every paper.
   */
  private phraseCheck(
    phrases: readonly string[][],
    textOf: ((doc: number) => string | undefined) | undefined,
  ): (doc: number) => boolean {
    if (phrases.length === 0) return () => true;
    return (doc) => {
      const text = textOf?.(doc);
      // A paper whose text is not at hand is kept (`phraseShards` says which texts are needed).
      if (text === undefined) return true;
      const { title, name } = this.card(doc);
      const fields = fieldWords([title, name ?? '', text]);
      return phrases.every((phrase) => fields.some((words) => containsPhrase(words, phrase)));
    };
  }

  /**
   * Terms sharing the word's Porter stem (`models`, `modeling` for `model`) and all but a short
   * ending: Porter alone also merges `generalization` with `general` and `generation` (`gener`).
   */
  private stemVariants(word: string): number[] {
    if (word.length < 3) return [];
    const wordStem = stem(word);
    // Stems are prefixes of their words except for a final y/i swap (`study` → `studi`).
    const shared = Math.max(1, wordStem.length - 1);
    const [lo, hi] = this.prefixRange(word.slice(0, shared));
    this.requireTerms(lo, hi);
    const ids: number[] = [];
    for (let id = lo; id < hi; id += 1) {
      const term = this.terms[id] ?? '';
      if (term === word || stem(term) !== wordStem) continue;
      // Inflections differ in a short ending (`-ies`/`-y`, `-ing`/`-ed`); derivations in longer ones.
      const ending = Math.max(term.length, word.length) - commonPrefixLength(term, word);
      if (ending <= MAX_STEM_ENDING) ids.push(id);
    }
    return ids;
  }

  /** The most frequent terms that start with a word still being typed. */
  private completions(prefix: string): number[] {
    const [lo, hi] = this.prefixRange(prefix);
    this.requireTerms(lo, hi);
    const ids: number[] = [];
    for (let id = lo; id < hi; id += 1) ids.push(id);
    if (ids.length <= PREFIX_LIMIT) return ids;
    return ids.sort((a, b) => (this.df[b] ?? 0) - (this.df[a] ?? 0)).slice(0, PREFIX_LIMIT);
  }

  // ---- scoring ----

  private idf(termId: number): number {
    return bm25InverseDocumentFrequency(this.docCount, this.df[termId] ?? 0);
  }

  /** Scores every document reached; returns the documents touched. */
  private score(groups: readonly Expansion[][]): number[] {
    const touched: number[] = [];
    const inGroup: number[] = [];
    for (const group of groups) {
      for (const expansion of group) this.scoreExpansion(expansion, inGroup);
      // A document counts its best alternative per word, so `model` and `models` do not add up.
      for (const doc of inGroup) {
        if (this.scores[doc] === 0) touched.push(doc);
        this.scores[doc] = this.scores[doc]! + this.groupScores[doc]!;
        this.groupScores[doc] = 0;
      }
      inGroup.length = 0;
    }
    return touched;
  }

  private scoreExpansion(expansion: Expansion, inGroup: number[]): void {
    const { docs, counts, masks } = this.postings(expansion.termId);
    const weight = expansion.weight * this.idf(expansion.termId);
    const exactName = expansion.literal && expansion.weight === WEIGHT.exact;
    for (let i = 0; i < docs.length; i += 1) {
      const doc = docs[i]!;
      const count = counts[i]!;
      const saturated = count === 0 ? 0 : (count * (BM25_K1 + 1)) / (count + this.lengthNorm[doc]!);
      // Tiny epsilon: a term with idf 0 (in every paper) still marks the document as reached.
      const score = weight * (saturated + this.fieldBonus[masks[i]!]!) + 1e-9;
      if (this.groupScores[doc] === 0) inGroup.push(doc);
      if (score > this.groupScores[doc]!) this.groupScores[doc] = score;
      this.matched[doc] = this.matched[doc]! | expansion.words;
      if (expansion.literal) this.literal[doc] = this.literal[doc]! | expansion.words;
      if (expansion.primary && masks[i]! & TITLE_FIELDS)
        this.titled[doc] = this.titled[doc]! | expansion.words;
      if (exactName && masks[i]! & FIELD.name) this.named[doc] = this.named[doc]! | expansion.words;
    }
  }

  private clearScratch(docs: readonly number[]): void {
    for (const doc of docs) {
      this.scores[doc] = 0;
      this.matched[doc] = 0;
      this.literal[doc] = 0;
      this.titled[doc] = 0;
      this.named[doc] = 0;
      this.complete[doc] = 0;
    }
  }

  private allDocs(): number[] {
    return Array.from({ length: this.docCount }, (_, i) => i);
  }

  private applyFilters(docs: number[], filters: SearchFilters): number[] {
    const tagIds = (filters.tags ?? []).map((slug) => this.meta.tagSlugs.indexOf(slug));
    if (tagIds.includes(-1)) return [];
    let typeMask = 0;
    for (const type of filters.types ?? []) typeMask |= 1 << this.meta.typeNames.indexOf(type);
    if (filters.hasCode) typeMask |= HAS_CODE_FLAG;
    const venues = this.venueNumbers(filters.venues);
    const years = filters.years?.length ? new Set(filters.years) : undefined;
    if (tagIds.length === 0 && typeMask === 0 && !venues && !years) return docs;
    return docs.filter((doc) => {
      const tags = this.docTags[doc] ?? [];
      return (
        ((this.flags[doc] ?? 0) & typeMask) === typeMask &&
        tagIds.every((t) => tags.includes(t)) &&
        (!venues || venues.has(this.docVenues[doc] ?? 0)) &&
        (!years || years.has(this.years[doc] ?? 0))
      );
    });
  }

  /**
   * Documents `offset`..`offset + limit` of `groups` (counted matches, then partial ones), best
   * first. Sort keys pack (matches the whole query, words matched, words matched literally, every
   * word in the title or name, score, document) into one float. A page near the top keeps only its best keys while scanning (most
   * keys lose against the worst kept one at once): sorting all 20,000 keys of a common word took
   * a millisecond or two per query. Deep pages sort everything with a native typed-array sort.
   */
  private page(
    groups: readonly (readonly number[])[],
    required: number,
    offset: number,
    limit: number,
  ): number[] {
    const docBits = Math.max(1, Math.ceil(Math.log2(this.docCount + 1)));
    const docSpan = 2 ** docBits;
    const count = groups.reduce((sum, docs) => sum + docs.length, 0);
    const keys = this.sortKeys.subarray(0, count);
    let n = 0;
    for (const docs of groups) {
      for (const doc of docs) {
        const matched = countBits(this.matched[doc]! & required);
        const literal = countBits(this.literal[doc]! & required);
        const score = Math.min(2 ** SCORE_BITS - 1, Math.round(this.scores[doc]! * 100));
        const titled = (this.titled[doc]! & required) === required ? 1 : 0;
        const tier =
          (((this.complete[doc]! * 16 + matched) * 16 + literal) * 2 + titled) * 2 ** SCORE_BITS +
          score;
        keys[n++] = tier * docSpan + (docSpan - 1 - doc);
      }
    }
    const wanted = Math.min(count, offset + limit);
    const best = wanted <= TOP_KEYS_LIMIT ? topKeys(keys, wanted) : keys.sort().reverse();
    const page: number[] = [];
    for (let i = offset; i < wanted; i += 1) page.push(docSpan - 1 - (best[i]! % docSpan));
    return page;
  }

  /** The `docVenues` numbers of venue values (unknown values match nothing); undefined for none. */
  private venueNumbers(values: readonly string[] | undefined): Set<number> | undefined {
    if (!values?.length) return undefined;
    return new Set(values.map((value) => this.meta.venues.findIndex((v) => v.value === value) + 1));
  }

  /** Venue and year counts: each over `docs` with every filter but those of its own facet. */
  private venueYearFacets(
    docs: number[],
    filters: SearchFilters,
  ): Pick<SearchFacets, 'venues' | 'years'> {
    const venues: Record<string, number> = {};
    const years: Record<string, number> = {};
    if (this.meta.venues.length > 1) {
      for (const doc of this.applyFilters(docs, { ...filters, venues: [] })) {
        const venue = this.meta.venues[(this.docVenues[doc] ?? 0) - 1];
        if (venue) venues[venue.value] = (venues[venue.value] ?? 0) + 1;
      }
    }
    if (this.yearCount > 1) {
      for (const doc of this.applyFilters(docs, { ...filters, years: [] })) {
        const year = this.years[doc] ?? 0;
        if (year) years[year] = (years[year] ?? 0) + 1;
      }
    }
    return { venues, years };
  }

  private facets(docs: readonly number[]): Omit<SearchFacets, 'venues' | 'years'> {
    const tagCounts = new Uint32Array(this.meta.tagSlugs.length);
    const typeCounts = new Uint32Array(this.meta.typeNames.length);
    let hasCode = 0;
    for (const doc of docs) {
      for (const t of this.docTags[doc] ?? []) tagCounts[t] = tagCounts[t]! + 1;
      const flags = this.flags[doc] ?? 0;
      for (let bit = 0; bit < typeCounts.length; bit += 1) {
        if (flags & (1 << bit)) typeCounts[bit] = typeCounts[bit]! + 1;
      }
      if (flags & HAS_CODE_FLAG) hasCode += 1;
    }
    const facets: Omit<SearchFacets, 'venues' | 'years'> = { tags: {}, types: {}, hasCode };
    tagCounts.forEach((count, t) => {
      if (count > 0) facets.tags[this.meta.tagSlugs[t] ?? ''] = count;
    });
    typeCounts.forEach((count, bit) => {
      const type = this.meta.typeNames[bit];
      if (count > 0 && type) facets.types[type] = count;
    });
    return facets;
  }

  // ---- presentation ----

  /** Says which query words a term of a result's text stands for, to highlight it. */
  private matcher(
    query: ParsedQuery,
    groups: readonly Expansion[][],
    required: number,
  ): TermMatcher {
    const byTerm = new Map<string, number>();
    for (const group of groups) {
      for (const e of group) {
        if ((e.words & required) === 0) continue;
        const term = this.terms[e.termId] ?? '';
        byTerm.set(term, (byTerm.get(term) ?? 0) | e.words);
      }
    }
    const last = query.words.length - 1;
    const word = query.words[last] ?? '';
    const typing =
      query.lastWordIsPrefix &&
      word.length >= MIN_PREFIX &&
      required & (1 << last) &&
      !this.isStopword(word);
    const prefix = typing ? word : '';
    return (term) => (byTerm.get(term) ?? 0) | (prefix && term.startsWith(prefix) ? 1 << last : 0);
  }

  /**
   * For a query that reached no paper: the same query with its unknown words (in no paper)
   * replaced by vocabulary words. Words known to the vocabulary are kept.
   */
  private suggest(query: ParsedQuery, required: number): string[] {
    const replacements = query.words.map((word, i) =>
      (required & (1 << i)) === 0 || this.findTerm(word) >= 0 ? [] : this.similarWords(word),
    );
    const firstFixable = replacements.findIndex((r) => r.length > 0);
    if (firstFixable < 0) return [];
    const suggestions = (replacements[firstFixable] ?? []).map((alternative) =>
      query.words
        .map((word, i) => (i === firstFixable ? alternative : (replacements[i]?.[0] ?? word)))
        .join(' '),
    );
    return [...new Set(suggestions)];
  }

  /** Ids of the terms of `length` characters, in id order (grouped once, on first use). */
  private termsOfLength(length: number): readonly number[] {
    if (!this.byLength) {
      this.requireTerms(0, this.meta.termCount);
      this.byLength = [];
      this.terms.forEach((term, id) => (this.byLength![term.length] ??= []).push(id));
    }
    return this.byLength[length] ?? [];
  }

  /**
   * Vocabulary words (3 letters or more, starting with a letter) close to an unknown word: within
   * its typos with any first letter, or holding it with a few more letters (`mri` → `fmri`).
   * Fewest typos first, then the words more papers use. Words of 3 letters get no typo: one
   * changed letter of three is another word.
   */
  private similarWords(word: string): string[] {
    const typos = new Map<number, number>();
    if (word.length > 3) {
      for (const match of this.fuzzyOverAll().suggest(word, 20)) {
        typos.set(match.termId, Math.round(match.distance * word.length));
      }
    }
    if (word.length >= 3) {
      for (
        let length = word.length + 1;
        length <= word.length + MAX_CONTAINING_EXTRA;
        length += 1
      ) {
        for (const id of this.termsOfLength(length)) {
          const term = this.terms[id] ?? '';
          if (term.startsWith(word) || term.endsWith(word))
            typos.set(id, Math.min(typos.get(id) ?? 1, 1));
        }
      }
    }
    return [...typos]
      .filter(([id]) => /^\p{L}[\p{L}\p{N}]{2,}$/u.test(this.terms[id] ?? ''))
      .sort(([a, typosA], [b, typosB]) => typosA - typosB || this.df[b]! - this.df[a]! || a - b)
      .slice(0, SUGGESTION_LIMIT)
      .map(([id]) => this.terms[id] ?? '');
  }
}
