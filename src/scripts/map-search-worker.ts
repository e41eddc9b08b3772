/**
 * The map's search: which papers match a query and topic filter, as document numbers (corpus order,
 * the order of the map's points). It runs the home page's search engine on the same index, so the map
 * highlights exactly what the search would list, off the main thread.
 */
import { SearchEngine } from '../lib/search/engine';
import type { SearchIndexData } from '../lib/search/format';

export interface MapSearchRequest {
  id: number;
  indexUrl: string;
  query: string;
  tags: string[];
  /** How many of the matches to return with slug and title, for the list under the map. */
  listed: number;
}

export type MapSearchResponse =
  | {
      id: number;
      type: 'matches';
      docs: number[];
      docCount: number;
      /** Slug and title of the first `listed` matches. */
      listed: [slug: string, title: string][];
    }
  | { id: number; type: 'error'; message: string };

// Only what this file uses of the worker global; the project's type library is the DOM one.
const scope = self as unknown as {
  postMessage(message: MapSearchResponse): void;
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<MapSearchRequest>) => void,
  ): void;
};

/** The engine pages its results; this is its largest page. */
const PAGE = 100;
let engine: Promise<{ searcher: SearchEngine; data: SearchIndexData }> | undefined;

async function load(indexUrl: string): Promise<{ searcher: SearchEngine; data: SearchIndexData }> {
  const response = await fetch(indexUrl);
  if (!response.ok) throw new Error(`${indexUrl}: HTTP ${response.status}`);
  const data = (await response.json()) as SearchIndexData;
  return { searcher: new SearchEngine(data), data };
}

function allMatches(searcher: SearchEngine, query: string, tags: string[]): number[] {
  const docs: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const ranking = searcher.rank({ query, filters: { tags }, limit: PAGE, offset });
    // Pages list complete matches first, then papers with only some of the words: keep the former.
    docs.push(...ranking.docs.slice(0, Math.max(0, ranking.total - offset)));
    if (ranking.docs.length < PAGE || docs.length >= ranking.total) return docs;
  }
}

scope.addEventListener('message', async ({ data }) => {
  try {
    engine ??= load(data.indexUrl);
    const { searcher, data: index } = await engine;
    const docs = allMatches(searcher, data.query, data.tags);
    const listed = docs
      .slice(0, data.listed)
      .map((doc): [string, string] => [index.slugs[doc] ?? '', index.titles[doc] ?? '']);
    scope.postMessage({ id: data.id, type: 'matches', docs, docCount: searcher.docCount, listed });
  } catch (error) {
    engine = undefined;
    scope.postMessage({ id: data.id, type: 'error', message: String(error) });
  }
});
