/**
 * Messages between the page and the search worker (src/scripts/search-worker.ts). The page sends
 * `init` once, then a `search` per query; each answer carries the id of the request it answers, so
 * the page shows only the answers to its latest request. Results come at once from the in-memory
 * index; snippets of papers whose text is not loaded yet follow in a second message.
 */
import type { SearchFilters, SearchResults } from './engine';
import type { Range } from './snippet';

/** A snippet that arrived after its result: `hits[index]` of the answer to request `id`. */
export interface LateSnippet {
  index: number;
  slug: string;
  snippet: string;
  snippetRanges: Range[];
}

export interface SearchInitMessage {
  type: 'init';
  /**
   * URL of the index: a split index's `search/meta.json` (its parts are fetched next to it, on
   * demand), or a full `search-index.json`.
   */
  indexUrl: string;
  /** A full index to fall back to when the split one cannot be fetched (offline packs). */
  fullIndexUrl?: string;
  /**
   * The query of the search link the page was opened with, if any: the worker fetches the parts
   * of the index it needs as soon as the index's `meta` is in, before the page asks.
   */
  query?: string;
  /**
   * URL of a text shard, with `{shard}` standing for its number; by default `search-text/{shard}.json`
   * next to the full index, or next to the `search/` folder of a split one.
   */
  textUrl?: string;
}

export interface SearchQueryMessage {
  type: 'search';
  /** Chosen by the page, increasing: answers to older ids are stale. */
  id: number;
  query: string;
  filters?: SearchFilters;
  limit?: number;
  offset?: number;
}

export type SearchWorkerRequest = SearchInitMessage | SearchQueryMessage;

export type SearchWorkerResponse =
  /** The index is loaded: searches are answered from now on (earlier ones were queued). */
  | { type: 'ready'; docCount: number; loadMs: number }
  /**
   * The answer to request `id`. `tookMs`: time spent in the worker, from receiving the request to
   * answering it. Hits whose text shard is not loaded yet have a null snippet; a `snippets`
   * message follows with them.
   */
  | { type: 'results'; id: number; tookMs: number; results: SearchResults }
  /** Snippets for hits of request `id` that were answered without one. */
  | { type: 'snippets'; id: number; snippets: LateSnippet[] }
  /** `id` is null when loading the index failed; every later search fails the same way. */
  | { type: 'error'; id: number | null; message: string };

/** The URL of text shard `shard`, from the template of `SearchInitMessage.textUrl`. */
export function textShardUrl(template: string, shard: number): string {
  return template.replace('{shard}', String(shard));
}
