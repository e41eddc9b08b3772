/**
 * Vocabularies shared by the zod schema (src/lib/schema.ts, Node only) and browser code: plain
 * constants, so a browser module can list them without importing zod.
 */

/** The kinds of contribution a paper makes, read from the abstract's wording. */
export const CONTRIBUTION_TYPES = [
  'method',
  'benchmark',
  'dataset',
  'theory',
  'empirical',
  'position',
] as const;

/** What a link in an abstract points at, judged from its host and path. */
export const LINK_KINDS = ['code', 'data', 'project', 'other'] as const;

/** Bumped whenever the similar-text index's layout changes, so the page never misreads an old one. */
export const SIMILAR_INDEX_VERSION = 2;
