/**
 * "Papers like this text", split into the files a lookup fetches on demand (issue 35), as the
 * search index is (search/split.ts): one whole index was 94 MB at 100,000 papers, over Cloudflare
 * Pages' 25 MiB a file, and every reader downloaded all of it for one lookup.
 *
 * - `similar-index/meta.json`: the paper count, the first term of every term block (front-coded),
 *   and how the papers are cut into document shards.
 * - `similar-index/terms/<n>.json`: the terms in sorted order (`<` on UTF-16 code units), cut into
 *   blocks of at most `targetBytes`; each term with its document frequency and VLQ postings. A
 *   term's block is found by binary search over the first terms; a list too long for one block
 *   (never at 100,000 papers, where the longest is 4.6 KB) starts a block and continues in the
 *   next ones, which then start with the same term.
 * - `similar-index/docs/<n>.json`: slugs and titles of papers `n × docShardSize` onwards, so a
 *   lookup fetches only the shards of the papers it shows.
 *
 * Browser-safe: no zod, no Node built-ins (the endpoints write these objects as JSON).
 */
import type { SimilarIndexData } from '../schema';
import { frontEncode } from '../search/frontcode';
import { decodeVlq, encodeVlq, vlqDigit } from '../search/vlq';

/** Bumped whenever the split files' layout changes, so the page never misreads an old one. */
export const SIMILAR_SHARDS_VERSION = 1;

/** `similar-index/meta.json`. */
export interface SimilarMetaData {
  version: typeof SIMILAR_SHARDS_VERSION;
  /** Papers in the index; document d is paper d of the records. */
  docCount: number;
  /** Front-coded: the first term of each term block, ascending (a long list's blocks repeat it). */
  blockFirst: string;
  /** Number of term blocks. */
  blockCount: number;
  /** Papers per document shard (document d is in shard `floor(d / docShardSize)`), and their number. */
  docShardSize: number;
  docShardCount: number;
}

/** `similar-index/terms/<n>.json`. */
export interface SimilarTermBlockData {
  version: typeof SIMILAR_SHARDS_VERSION;
  block: number;
  /** Front-coded term keys, ascending (a key repeats only where its list continues). */
  terms: string;
  /** VLQ: in how many papers each term occurs, aligned with `terms`. */
  df: string;
  /**
   * Each term's VLQ postings (pairs of document gap and weight level, as SimilarIndexData's),
   * joined by {@link POSTINGS_SEPARATOR}; a continued list's pieces concatenate in block order.
   */
  postings: string;
}

/** `similar-index/docs/<n>.json`: slugs and titles of documents `shard × docShardSize` onwards. */
export interface SimilarDocShardData {
  version: typeof SIMILAR_SHARDS_VERSION;
  shard: number;
  slugs: string[];
  titles: string[];
}

/** Every file of the split index. */
export interface SplitSimilarIndex {
  meta: SimilarMetaData;
  blocks: SimilarTermBlockData[];
  docs: SimilarDocShardData[];
}

/** Not a VLQ character, so one string holds a block's postings. */
export const POSTINGS_SEPARATOR = ',';

/**
 * 8 KiB a file: a pasted abstract's ~100–200 terms touch ~80 blocks, so the block size sets what a
 * lookup downloads (at 20,000 papers ~376 KB gzip at 8 KiB, ~666 KB at 16 KiB) against the number
 * of files (1,649 against 822); measured in docs/build.md, "Host limits".
 */
export const DEFAULT_TARGET_BYTES = 8 * 1024;
/** Cloudflare Pages' limit, the smallest per-file limit of the hosts docs/build.md lists. */
export const DEFAULT_MAX_FILE_BYTES = 25 * 2 ** 20;

export interface SimilarSplitOptions {
  /** Bytes a term block holds at most, and a document shard aims at. */
  targetBytes?: number;
  /** No file is larger: the split throws rather than write one. */
  maxFileBytes?: number;
}

const encoder = new TextEncoder();
/** Bytes of a value written as JSON (UTF-8). */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;
/** Characters of one VLQ value (5 bits a character). */
function vlqLength(value: number): number {
  let length = 1;
  for (let rest = Math.floor(value / 32); rest > 0; rest = Math.floor(rest / 32)) length += 1;
  return length;
}

/** The longest prefix front coding shares (search/frontcode.ts: one of 64 characters). */
const MAX_SHARED = 63;

/** Bytes of a string inside a JSON string: its length when it is printable ASCII without escapes. */
const stringBytes = (text: string): number =>
  /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(text) ? text.length : jsonBytes(text) - 2;

/**
 * Bytes of a term's front-coded line in a block's JSON: the shared-prefix character, the rest of
 * the term, and the line break before it (escaped, two bytes) unless it is the block's first.
 */
function lineBytes(term: string, previous: string): number {
  if (previous === '') return 1 + stringBytes(term);
  let shared = 0;
  while (shared < MAX_SHARED && shared < term.length && term[shared] === previous[shared]) {
    shared += 1;
  }
  return 3 + stringBytes(term.slice(shared));
}

/** An upper bound on a block's bytes besides its three strings' contents. */
const BLOCK_OVERHEAD = jsonBytes({
  version: SIMILAR_SHARDS_VERSION,
  block: Number.MAX_SAFE_INTEGER,
  terms: '',
  df: '',
  postings: '',
});

/** The longest (gap, level) pair: a gap under 2^30 papers is at most 6 VLQ characters, a level 1. */
const MAX_PAIR_CHARS = 8;

/** Cuts a VLQ string of (gap, level) pairs into pieces of at most `max` characters, at pair ends. */
function cutPostings(postings: string, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let values = 0;
  let lastPairEnd = 0;
  for (let i = 0; i < postings.length; i += 1) {
    if (vlqDigit(postings.charCodeAt(i)) >= 32) continue;
    values += 1;
    if (values % 2 !== 0) continue;
    const end = i + 1;
    if (end - start > max) {
      pieces.push(postings.slice(start, lastPairEnd));
      start = lastPairEnd;
    }
    lastPairEnd = end;
  }
  if (start < postings.length) pieces.push(postings.slice(start));
  return pieces;
}

/** The full index (what the ingest saves) as the files a lookup fetches on demand. */
export function splitSimilarIndex(
  data: SimilarIndexData,
  options: SimilarSplitOptions = {},
): SplitSimilarIndex {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const target = Math.min(options.targetBytes ?? DEFAULT_TARGET_BYTES, maxFileBytes);
  const budget = target - BLOCK_OVERHEAD;
  const df = decodeVlq(data.df);
  const order = data.terms.map((_, i) => i);
  order.sort((a, b) => (data.terms[a]! < data.terms[b]! ? -1 : 1));

  const blocks: SimilarTermBlockData[] = [];
  const firsts: string[] = [];
  let terms: string[] = [];
  let counts: number[] = [];
  let lists: string[] = [];
  let used = 0;
  const flush = () => {
    if (terms.length === 0) return;
    firsts.push(terms[0]!);
    blocks.push({
      version: SIMILAR_SHARDS_VERSION,
      block: blocks.length,
      terms: frontEncode(terms),
      df: encodeVlq(counts),
      postings: lists.join(POSTINGS_SEPARATOR),
    });
    terms = [];
    counts = [];
    lists = [];
    used = 0;
  };
  const add = (term: string, count: number, list: string, bytes: number) => {
    terms.push(term);
    counts.push(count);
    lists.push(list);
    used += bytes;
  };
  let previous = '';
  for (const id of order) {
    const term = data.terms[id]!;
    const count = df[id] ?? 0;
    const list = data.postings[id] ?? '';
    const tail = vlqLength(count) + 1 + list.length;
    // The line after the previous term's (sharing its prefix), or a block's first line.
    const next = lineBytes(term, used > 0 ? previous : '') + tail;
    if (used + next <= budget) {
      add(term, count, list, next);
      previous = term;
      continue;
    }
    const first = lineBytes(term, '') + tail;
    if (first <= budget) {
      flush();
      add(term, count, list, first);
      previous = term;
      continue;
    }
    // A list longer than a block: it starts a block, and each piece fills one.
    const head = first - list.length;
    if (budget - head < MAX_PAIR_CHARS) {
      throw new RangeError(`similar index: the term ${JSON.stringify(term)} alone fills a block`);
    }
    flush();
    for (const piece of cutPostings(list, budget - head)) {
      if (used > 0) flush();
      add(term, count, piece, head + piece.length);
    }
    previous = term;
  }
  flush();

  const docCount = data.slugs.length;
  const docBytes = data.slugs.reduce(
    (sum, slug, d) => sum + jsonBytes(slug) + jsonBytes(data.titles[d] ?? '') + 2,
    0,
  );
  let docShardSize = Math.max(
    1,
    Math.floor(target / Math.max(1, docBytes / Math.max(1, docCount))),
  );
  let docs = docShards(data, docShardSize);
  while (docShardSize > 1 && docs.some((shard) => jsonBytes(shard) > target)) {
    docShardSize = Math.max(1, Math.floor(docShardSize / 2));
    docs = docShards(data, docShardSize);
  }

  const split: SplitSimilarIndex = {
    meta: {
      version: SIMILAR_SHARDS_VERSION,
      docCount,
      blockFirst: frontEncode(firsts),
      blockCount: blocks.length,
      docShardSize,
      docShardCount: docs.length,
    },
    blocks,
    docs,
  };
  for (const [name, file] of similarIndexFiles(split)) {
    const json = JSON.stringify(file);
    // UTF-8 takes at most 3 bytes for a UTF-16 code unit: encode only what might be over.
    const bytes = json.length * 3 <= maxFileBytes ? json.length : encoder.encode(json).length;
    if (bytes > maxFileBytes) {
      throw new RangeError(
        `similar index: ${name} would be ${bytes} bytes (limit ${maxFileBytes})`,
      );
    }
  }
  return split;
}

function docShards(data: SimilarIndexData, size: number): SimilarDocShardData[] {
  const shards: SimilarDocShardData[] = [];
  for (let start = 0; start < data.slugs.length; start += size) {
    shards.push({
      version: SIMILAR_SHARDS_VERSION,
      shard: shards.length,
      slugs: data.slugs.slice(start, start + size),
      titles: data.titles.slice(start, start + size),
    });
  }
  return shards;
}

/** Every file of a split index: its path under `similar-index/`, and its content. */
export function similarIndexFiles(split: SplitSimilarIndex): [string, unknown][] {
  return [
    ['meta.json', split.meta],
    ...split.blocks.map((block, n): [string, unknown] => [`terms/${n}.json`, block]),
    ...split.docs.map((shard, n): [string, unknown] => [`docs/${n}.json`, shard]),
  ];
}

const splitFor = new WeakMap<SimilarIndexData, SplitSimilarIndex>();

/** `splitSimilarIndex` with the defaults, once per index: the endpoints share it. */
export function getSplitSimilarIndex(data: SimilarIndexData): SplitSimilarIndex {
  let split = splitFor.get(data);
  if (!split) {
    split = splitSimilarIndex(data);
    splitFor.set(data, split);
  }
  return split;
}
