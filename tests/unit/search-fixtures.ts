/** Small hand-made corpora for the search tests: each paper differs only where a test needs it. */
import { buildSearchIndex, textFromShards } from '../../src/lib/search/build';
import { SearchEngine, type SearchRequest, type SearchResults } from '../../src/lib/search/engine';
import type { Paper } from '../../src/lib/schema';

let counter = 0;

/** A valid paper whose abstract is `plainText`; everything else is neutral unless overridden. */
export function paper(plainText: string, overrides: Partial<Paper> = {}): Paper {
  counter += 1;
  const id = counter.toString(16).padStart(12, '0');
  return {
    id,
    slug: `paper-${id.slice(-6)}`,
    name: null,
    title: `Untitled study ${counter}`,
    titleSource: 'derived',
    authors: [],
    year: null,
    paperLinks: {},
    publication: {},
    summary: plainText,
    abstract: plainText,
    plainText,
    links: [],
    sources: [{ file: 'test.txt', header: 'Test', paragraph: counter, line: 1 }],
    wordCount: plainText.split(/\s+/).length,
    tags: [],
    types: [],
    hasCode: false,
    keywords: [],
    acronyms: [],
    related: [],
    ...overrides,
  };
}

/** Builds the index, sends it through JSON like the real endpoint does, and returns a search function. */
export function searcher(papers: Paper[]): (request: SearchRequest | string) => SearchResults {
  const built = buildSearchIndex(papers, { shardSize: 4 });
  const engine = new SearchEngine(JSON.parse(JSON.stringify(built.index)));
  const textOf = textFromShards(built);
  return (request) =>
    engine.search(typeof request === 'string' ? { query: request, limit: 50 } : request, textOf);
}

/** The slugs of the results, best first. */
export function slugs(results: SearchResults): string[] {
  return results.hits.map((h) => h.slug);
}
