/**
 * Splits the full index (`SearchIndexData`) into the files a query loads on demand (issue 35): a
 * small `meta` (per-document columns for BM25, facets and filters, and two directories), vocabulary
 * chunks, postings blocks cut by size, and result cards. The engine reads the same split whether
 * every part is at hand (tests, the bench, the map) or fetched part by part (the search worker).
 */
import {
  POSTINGS_SEPARATOR,
  SEARCH_INDEX_VERSION,
  type CardShardData,
  type PostingsBlockData,
  type SearchIndexData,
  type SplitSearchIndex,
  type VocabChunkData,
} from './format';
import { frontDecode, frontEncode } from './frontcode';
import { countPostings } from './postings';
import { tokenize } from './text';
import { encodeVlq } from './vlq';

export interface SplitOptions {
  /** Terms per vocabulary chunk. */
  vocabChunk?: number;
  /** Postings characters per block (a longer term list is a block of its own). */
  blockChars?: number;
  /** Documents per card shard (corpora of at most `wholeCards` documents get one shard). */
  cardSize?: number;
}

/** Measured at 20,000 real-text papers (docs/search.md): a query's words touch a few KB each. */
export const DEFAULT_VOCAB_CHUNK = 2048;
export const DEFAULT_BLOCK_CHARS = 16_384;
export const DEFAULT_CARD_SIZE = 8;
/** Up to this many papers, the cards are one file (one request for any result page). */
const WHOLE_CARDS = 256;

export function splitSearchIndex(
  data: SearchIndexData,
  options: SplitOptions = {},
): SplitSearchIndex {
  const terms = frontDecode(data.terms);
  const postings = data.postings === '' ? [] : data.postings.split(POSTINGS_SEPARATOR);
  const vocabChunk = options.vocabChunk ?? DEFAULT_VOCAB_CHUNK;
  const blockChars = options.blockChars ?? DEFAULT_BLOCK_CHARS;
  const cardSize =
    options.cardSize ??
    (data.docCount <= WHOLE_CARDS ? Math.max(1, data.docCount) : DEFAULT_CARD_SIZE);

  const vocab: VocabChunkData[] = [];
  const vocabFirst: string[] = [];
  const vocabStart: number[] = [];
  for (let start = 0; start < terms.length; start += vocabChunk) {
    const slice = terms.slice(start, start + vocabChunk);
    vocabFirst.push(slice[0]!);
    vocabStart.push(start);
    vocab.push({
      version: SEARCH_INDEX_VERSION,
      chunk: vocab.length,
      terms: frontEncode(slice),
      df: encodeVlq(postings.slice(start, start + vocabChunk).map(countPostings)),
    });
  }

  const blocks: PostingsBlockData[] = [];
  const blockFirst: string[] = [];
  const blockStart: number[] = [];
  let current: string[] = [];
  let chars = 0;
  const flush = (end: number) => {
    if (current.length === 0) return;
    const start = end - current.length;
    blockFirst.push(terms[start]!);
    blockStart.push(start);
    blocks.push({
      version: SEARCH_INDEX_VERSION,
      block: blocks.length,
      postings: current.join(POSTINGS_SEPARATOR),
    });
    current = [];
    chars = 0;
  };
  postings.forEach((list, id) => {
    if (chars > 0 && chars + list.length > blockChars) flush(id);
    current.push(list);
    chars += list.length + 1;
  });
  flush(postings.length);

  const cards: CardShardData[] = [];
  for (let start = 0; start < data.docCount; start += cardSize) {
    const end = Math.min(data.docCount, start + cardSize);
    const codeUrls: Record<number, string> = {};
    for (let doc = start; doc < end; doc += 1) {
      const url = data.codeUrls[doc];
      if (url) codeUrls[doc - start] = url;
    }
    cards.push({
      version: SEARCH_INDEX_VERSION,
      shard: cards.length,
      slugs: data.slugs.slice(start, end),
      titles: data.titles.slice(start, end),
      names: data.names.slice(start, end),
      authors: data.authors.slice(start, end),
      codeUrls,
    });
  }

  const nameWords = data.names.map((name) =>
    name ? tokenize(name).filter((t) => !t.compound).length : 0,
  );
  return {
    meta: {
      version: SEARCH_INDEX_VERSION,
      docCount: data.docCount,
      averageLength: data.averageLength,
      lengths: data.lengths,
      tagSlugs: data.tagSlugs,
      docTags: data.docTags,
      typeNames: data.typeNames,
      flags: data.flags,
      venues: data.venues,
      docVenues: data.docVenues,
      years: data.years,
      nameWords: encodeVlq(nameWords),
      stopwords: data.stopTerms.map((id) => terms[id] ?? '').filter((t) => t !== ''),
      termCount: terms.length,
      vocabFirst,
      vocabStart,
      blockFirst,
      blockStart,
      cardSize,
      cardCount: cards.length,
      shardSize: data.shardSize,
      shardCount: data.shardCount,
    },
    vocab,
    blocks,
    cards,
  };
}

const splitFor = new WeakMap<SearchIndexData, SplitSearchIndex>();

/** `splitSearchIndex`, once per index: the meta endpoint and every part endpoint share it. */
export function getSplitSearchIndex(data: SearchIndexData): SplitSearchIndex {
  let split = splitFor.get(data);
  if (!split) {
    split = splitSearchIndex(data);
    splitFor.set(data, split);
  }
  return split;
}
