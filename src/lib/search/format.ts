/**
 * The serialized search index: what the build writes and the worker fetches. It is split in two so
 * the part fetched before the first query stays small:
 * - the core (`search-index.json`): vocabulary, postings, and per paper what a result shows
 *   except its snippet (slug, title, name, authors, venue, year, tags, types, code);
 * - text shards (`search-text/<n>.json`): the plain text of a run of papers, fetched only for the
 *   papers a result page shows, for their snippets (at 20,000 papers the texts alone gzip to
 *   several MB, more than the whole core).
 */
import type { ContributionType } from '../schema';

/** Bumped whenever the layout changes, so a worker never misreads an index built by other code. */
export const SEARCH_INDEX_VERSION = 1;

/** Bits of a posting's field mask: the fields other than the abstract where the term occurs. */
export const FIELD = {
  name: 1,
  title: 2,
  keyword: 4,
  acronym: 8,
  tag: 16,
  author: 32,
} as const;

/** Separates the terms' postings; not a VLQ character. */
export const POSTINGS_SEPARATOR = ',';

/** Bit of a document's flags word that says the paper has code; bits below it are its types. */
export const HAS_CODE_FLAG = 1 << 6;

/** Bit of a document's flags word that says its title was derived from the abstract. */
export const DERIVED_TITLE_FLAG = 1 << 7;

/** The core index, as JSON. */
export interface SearchIndexData {
  version: typeof SEARCH_INDEX_VERSION;
  /** Number of papers; documents are numbered 0..docCount-1 in corpus order. */
  docCount: number;
  /** Mean number of words per abstract, for BM25 length normalisation. */
  averageLength: number;
  /**
   * Every indexed term, folded, sorted by UTF-16 code units (so prefixes are contiguous ranges),
   * front-coded by `frontEncode`.
   */
  terms: string;
  /**
   * Every term's postings (`postings.ts`), in `terms` order, separated by `POSTINGS_SEPARATOR`.
   * One string rather than an array: no quotes per term, and the engine gets each term's document
   * frequency by counting its postings at load instead of shipping it.
   */
  postings: string;
  /** Indexes into `terms` of English stopwords: a query needs them only when it has nothing else. */
  stopTerms: number[];
  /** VLQ: words per abstract, per document. */
  lengths: string;
  /** The topic slugs documents are tagged with. */
  tagSlugs: string[];
  /** VLQ: per document, its number of tags followed by their indexes into `tagSlugs`. */
  docTags: string;
  /** The contribution types; bit i of a document's flags means `typeNames[i]`. */
  typeNames: ContributionType[];
  /** VLQ: per document, type bits plus `HAS_CODE_FLAG`. */
  flags: string;
  /** Per document: its slug. */
  slugs: string[];
  /** Per document: its title. */
  titles: string[];
  /** Per document: its name, or null. */
  names: (string | null)[];
  /** Per document: its authors' names, in order (empty when the input gives none). */
  authors: string[][];
  /** The venues, in corpus order: `value` is the explorer's `?venue=` value, `label` what readers see. */
  venues: { value: string; label: string; lang?: string }[];
  /** VLQ: per document, 1 + its venue's index into `venues`, or 0 when it has none. */
  docVenues: string;
  /** VLQ: per document, its year of publication, or 0 when not known. */
  years: string;
  /**
   * Document number → the first code link of its abstract, for papers that have one (the results'
   * Code badge links there; a paper that only promises code gets no badge).
   */
  codeUrls: Record<number, string>;
  /** Documents per text shard: document d is in shard floor(d / shardSize). */
  shardSize: number;
  /** Number of text shards. */
  shardCount: number;
}

/** One text shard, as JSON. */
export interface TextShardData {
  version: typeof SEARCH_INDEX_VERSION;
  shard: number;
  /** `Paper.plainText` of documents shard × shardSize onwards. */
  texts: string[];
}

/**
 * The index split for loading on demand (issue 35): a query fetches `meta.json`, then only the
 * vocabulary chunks and postings blocks of its words, then the result cards of the papers it shows.
 * All files live under `search/` next to the full `search-index.json` (which the topic map and the
 * offline pack read, and the explorer falls back to).
 */
export interface SearchMetaData {
  version: typeof SEARCH_INDEX_VERSION;
  docCount: number;
  averageLength: number;
  lengths: string;
  tagSlugs: string[];
  docTags: string;
  typeNames: ContributionType[];
  flags: string;
  venues: SearchIndexData['venues'];
  docVenues: string;
  years: string;
  /** VLQ: per document, the number of words of its name (0 without a name), for exact-name hits. */
  nameWords: string;
  /** The vocabulary's English stopwords (a query needs them only when it has nothing else). */
  stopwords: string[];
  /** Number of terms in the vocabulary. */
  termCount: number;
  /** Vocabulary chunks: the first term and the first term id of each. */
  vocabFirst: string[];
  vocabStart: number[];
  /** Postings blocks: the first term and the first term id of each. */
  blockFirst: string[];
  blockStart: number[];
  /** Documents per card shard, and their number. */
  cardSize: number;
  cardCount: number;
  /** Documents per text shard (`search-text/<n>.json`), and their number. */
  shardSize: number;
  shardCount: number;
}

/** `search/vocab/<n>.json`: terms `vocabStart[n]`.. front-coded, and their document frequencies. */
export interface VocabChunkData {
  version: typeof SEARCH_INDEX_VERSION;
  chunk: number;
  terms: string;
  /** VLQ: document frequency per term. */
  df: string;
}

/** `search/postings/<n>.json`: the postings of terms `blockStart[n]`.., separated by `POSTINGS_SEPARATOR`. */
export interface PostingsBlockData {
  version: typeof SEARCH_INDEX_VERSION;
  block: number;
  postings: string;
}

/** `search/cards/<n>.json`: what a result shows of documents n × cardSize onwards, beyond `meta`. */
export interface CardShardData {
  version: typeof SEARCH_INDEX_VERSION;
  shard: number;
  slugs: string[];
  titles: string[];
  names: (string | null)[];
  authors: string[][];
  /** Index within the shard → the first code link. */
  codeUrls: Record<number, string>;
}

/** Every file of a split index. */
export interface SplitSearchIndex {
  meta: SearchMetaData;
  vocab: VocabChunkData[];
  blocks: PostingsBlockData[];
  cards: CardShardData[];
}
