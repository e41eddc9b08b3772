/**
 * Builds the search index from the paper records at build time, so the browser only decodes it.
 * Terms come from `tokenize` (the same function the query side uses); each posting keeps the
 * abstract's term count and a mask of the other fields the term occurs in, so ranking weights
 * stay in the engine and can change without a new index format.
 */
import { eng as englishStopwords } from 'stopword';
import { CONTRIBUTION_TYPES } from '../constants';
import type { Paper, Topic } from '../schema';
import {
  DERIVED_TITLE_FLAG,
  FIELD,
  HAS_CODE_FLAG,
  POSTINGS_SEPARATOR,
  SEARCH_INDEX_VERSION,
  type SearchIndexData,
  type TextShardData,
} from './format';
import { frontEncode } from './frontcode';
import { encodePostings, type Posting } from './postings';
import { tokenize } from './text';
import { encodeVlq } from './vlq';

/** The core index plus its text shards. */
export interface BuiltSearchIndex {
  index: SearchIndexData;
  shards: TextShardData[];
}

export interface BuildSearchIndexOptions {
  /** The taxonomy's topics, so a tag's label words (not only its slug) find its papers. */
  topics?: readonly Pick<Topic, 'slug' | 'label'>[];
  /** Papers per text shard; see docs/search.md for how the default was measured. */
  shardSize?: number;
  /**
   * A paper's venue as the site names it (`value` for the `?venue=` filter, `label` for readers);
   * papers have none when not given.
   */
  venueOf?: (paper: Paper) => { value: string; label: string; lang?: string | undefined };
}

/** Papers per text shard when not given: a result page of 10 touches at most 10 shards of ~8 KB gzipped. */
export const DEFAULT_SHARD_SIZE = 16;

/** One document's terms: abstract term counts and field masks. */
interface DocTerms {
  counts: Map<string, number>;
  fields: Map<string, number>;
  length: number;
}

function addField(fields: Map<string, number>, text: string, bit: number): void {
  for (const token of tokenize(text)) fields.set(token.term, (fields.get(token.term) ?? 0) | bit);
}

function collectDocTerms(paper: Paper, topicLabels: ReadonlyMap<string, string>): DocTerms {
  const counts = new Map<string, number>();
  let length = 0;
  for (const token of tokenize(paper.plainText)) {
    counts.set(token.term, (counts.get(token.term) ?? 0) + 1);
    if (!token.compound) length += 1;
  }
  const fields = new Map<string, number>();
  if (paper.name) addField(fields, paper.name, FIELD.name);
  addField(fields, paper.title, FIELD.title);
  for (const keyword of paper.keywords) addField(fields, keyword, FIELD.keyword);
  for (const author of paper.authors) addField(fields, author, FIELD.author);
  for (const acronym of paper.acronyms) {
    addField(fields, acronym.short, FIELD.acronym);
    addField(fields, acronym.long, FIELD.acronym);
  }
  for (const tag of paper.tags) {
    addField(fields, tag, FIELD.tag);
    const label = topicLabels.get(tag);
    if (label) addField(fields, label, FIELD.tag);
  }
  return { counts, fields, length: Math.max(length, 1) };
}

function buildPostings(docs: readonly DocTerms[]): { terms: string[]; postings: string[] } {
  const lists = new Map<string, Posting[]>();
  docs.forEach((doc, docId) => {
    const terms = new Set([...doc.counts.keys(), ...doc.fields.keys()]);
    for (const term of terms) {
      let list = lists.get(term);
      if (!list) {
        list = [];
        lists.set(term, list);
      }
      list.push({
        doc: docId,
        count: doc.counts.get(term) ?? 0,
        fields: doc.fields.get(term) ?? 0,
      });
    }
  });
  // Code-unit order, not localeCompare: the engine's binary search compares with < and >.
  const terms = [...lists.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { terms, postings: terms.map((term) => encodePostings(lists.get(term) ?? [])) };
}

function buildDocColumns(papers: readonly Paper[]) {
  const typeNames = [...CONTRIBUTION_TYPES];
  const tagSlugs = [...new Set(papers.flatMap((p) => p.tags))].sort();
  const tagIndex = new Map(tagSlugs.map((slug, i) => [slug, i]));
  const docTags: number[] = [];
  const flags: number[] = [];
  for (const paper of papers) {
    docTags.push(paper.tags.length, ...paper.tags.map((t) => tagIndex.get(t) ?? 0));
    let bits =
      (paper.hasCode ? HAS_CODE_FLAG : 0) |
      (paper.titleSource === 'derived' ? DERIVED_TITLE_FLAG : 0);
    for (const type of paper.types) bits |= 1 << typeNames.indexOf(type);
    flags.push(bits);
  }
  return { typeNames, tagSlugs, docTags: encodeVlq(docTags), flags: encodeVlq(flags) };
}

function buildVenueColumns(papers: readonly Paper[], options: BuildSearchIndexOptions) {
  const venues: SearchIndexData['venues'] = [];
  const venueIndex = new Map<string, number>();
  const docVenues = papers.map((paper) => {
    const venue = options.venueOf?.(paper);
    if (!venue) return 0;
    let index = venueIndex.get(venue.value);
    if (index === undefined) {
      index = venues.length;
      venueIndex.set(venue.value, index);
      venues.push({
        value: venue.value,
        label: venue.label,
        ...(venue.lang ? { lang: venue.lang } : {}),
      });
    }
    return index + 1;
  });
  return {
    venues,
    docVenues: encodeVlq(docVenues),
    years: encodeVlq(papers.map((paper) => paper.year ?? 0)),
  };
}

function codeUrlsOf(papers: readonly Paper[]): Record<number, string> {
  const urls: Record<number, string> = {};
  papers.forEach((paper, doc) => {
    const code = paper.links.find((link) => link.kind === 'code');
    if (code) urls[doc] = code.url;
  });
  return urls;
}

function buildShards(papers: readonly Paper[], shardSize: number): TextShardData[] {
  const shards: TextShardData[] = [];
  for (let start = 0; start < papers.length; start += shardSize) {
    const slice = papers.slice(start, start + shardSize);
    shards.push({
      version: SEARCH_INDEX_VERSION,
      shard: shards.length,
      texts: slice.map((p) => p.plainText),
    });
  }
  return shards;
}

/** Builds the core index and the text shards for `papers`, in their order. */
export function buildSearchIndex(
  papers: readonly Paper[],
  options: BuildSearchIndexOptions = {},
): BuiltSearchIndex {
  const shardSize = options.shardSize ?? DEFAULT_SHARD_SIZE;
  const topicLabels = new Map((options.topics ?? []).map((t) => [t.slug, t.label]));
  const docs = papers.map((paper) => collectDocTerms(paper, topicLabels));
  const { terms, postings } = buildPostings(docs);
  const stopwords = new Set(englishStopwords);
  const lengths = docs.map((d) => d.length);
  const totalLength = lengths.reduce((sum, n) => sum + n, 0);
  const shards = buildShards(papers, shardSize);
  const index: SearchIndexData = {
    version: SEARCH_INDEX_VERSION,
    docCount: papers.length,
    averageLength: papers.length ? totalLength / papers.length : 1,
    terms: frontEncode(terms),
    postings: postings.join(POSTINGS_SEPARATOR),
    stopTerms: terms.flatMap((term, i) => (stopwords.has(term) ? [i] : [])),
    lengths: encodeVlq(lengths),
    slugs: papers.map((p) => p.slug),
    titles: papers.map((p) => p.title),
    names: papers.map((p) => p.name),
    authors: papers.map((p) => p.authors),
    ...buildVenueColumns(papers, options),
    codeUrls: codeUrlsOf(papers),
    ...buildDocColumns(papers),
    shardSize,
    shardCount: shards.length,
  };
  return { index, shards };
}

const builtFor = new WeakMap<readonly Paper[], BuiltSearchIndex>();

/** `buildSearchIndex`, once per records array: the index endpoint and every shard endpoint share it. */
export function getSearchIndex(
  papers: readonly Paper[],
  options: BuildSearchIndexOptions = {},
): BuiltSearchIndex {
  let built = builtFor.get(papers);
  if (!built) {
    built = buildSearchIndex(papers, options);
    builtFor.set(papers, built);
  }
  return built;
}

/** Looks up a document's text in built shards (for tests and tools that have every shard at hand). */
export function textFromShards(built: BuiltSearchIndex): (doc: number) => string {
  const size = built.index.shardSize;
  return (doc) => built.shards[Math.floor(doc / size)]?.texts[doc % size] ?? '';
}
