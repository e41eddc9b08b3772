/**
 * The two engines the bench compares ours with, configured the way a site would typically use
 * them: fuse.js over the raw records (the naive approach) and MiniSearch with prefix and fuzzy
 * matching. Shared by the bench (which builds their payloads) and their browser workers.
 */
import type { Options as MiniSearchOptions } from 'minisearch';
import type { IFuseOptions } from 'fuse.js';
import type { Paper } from '../../src/lib/schema';

/** What the naive approach ships: the records as they are, minus fields no search looks at. */
export type RawRecord = Pick<Paper, 'slug' | 'name' | 'title' | 'tags' | 'keywords' | 'plainText'>;

export const toRawRecord = (p: Paper): RawRecord => ({
  slug: p.slug,
  name: p.name,
  title: p.title,
  tags: p.tags,
  keywords: p.keywords,
  plainText: p.plainText,
});

export const FUSE_OPTIONS: IFuseOptions<RawRecord> = {
  keys: [
    { name: 'name', weight: 3 },
    { name: 'title', weight: 2 },
    { name: 'keywords', weight: 1.5 },
    { name: 'tags', weight: 1 },
    { name: 'plainText', weight: 1 },
  ],
  // Without ignoreLocation fuse only looks near the start of each field, missing most abstract words.
  ignoreLocation: true,
  threshold: 0.3,
};

export const MINISEARCH_OPTIONS: MiniSearchOptions<RawRecord> = {
  idField: 'slug',
  fields: ['name', 'title', 'keywords', 'tags', 'plainText'],
  storeFields: ['slug'],
  extractField: (record, field) => {
    const value = record[field as keyof RawRecord];
    return Array.isArray(value) ? value.join(' ') : (value ?? '');
  },
  processTerm: (term) =>
    term
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase(),
  searchOptions: {
    prefix: true,
    fuzzy: 0.2,
    boost: { name: 3, title: 2, keywords: 1.5 },
  },
};

/** Messages of the baseline workers: the same shape as ours, so the bench page drives all alike. */
export type BaselineRequest =
  | { type: 'init'; indexUrl: string }
  | { type: 'search'; id: number; query: string; limit?: number };
