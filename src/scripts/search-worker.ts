/**
 * The search worker: loads the index off the main thread and answers queries, so typing never waits
 * for a search. Protocol: src/lib/search/protocol.ts. Text shards are fetched for the papers a
 * result page shows, once each.
 */
import { SearchEngine, type SearchResults } from '../lib/search/engine';
import type { SearchIndexData, ShardDoc, TextShardData } from '../lib/search/format';
import {
  textShardUrl,
  type SearchQueryMessage,
  type SearchWorkerRequest,
  type SearchWorkerResponse,
} from '../lib/search/protocol';

// Only what this file uses of the worker global; the project's type library is the DOM one.
const scope = self as unknown as {
  location: { href: string };
  postMessage(message: SearchWorkerResponse): void;
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<SearchWorkerRequest>) => void,
  ): void;
};

let engine: Promise<SearchEngine> | undefined;
let textTemplate = '';
const shards = new Map<number, Promise<TextShardData>>();

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function load(indexUrl: string): Promise<SearchEngine> {
  const started = performance.now();
  const loaded = new SearchEngine(await fetchJson<SearchIndexData>(indexUrl));
  scope.postMessage({
    type: 'ready',
    docCount: loaded.docCount,
    loadMs: performance.now() - started,
  });
  return loaded;
}

function shard(n: number): Promise<TextShardData> {
  let pending = shards.get(n);
  if (!pending) {
    pending = fetchJson<TextShardData>(textShardUrl(textTemplate, n));
    // A failed fetch is forgotten, so the next query that needs the shard tries again.
    pending.catch(() => shards.delete(n));
    shards.set(n, pending);
  }
  return pending;
}

async function answer(message: SearchQueryMessage): Promise<SearchResults> {
  if (!engine) throw new Error('search worker got a query before init');
  const searcher = await engine;
  const ranking = searcher.rank(message);
  const needed = [...new Set(ranking.docs.map((doc) => searcher.shardOf(doc)))];
  const loaded = new Map(await Promise.all(needed.map(async (n) => [n, await shard(n)] as const)));
  const hits = ranking.docs.map((doc, i) => {
    const data = loaded.get(searcher.shardOf(doc));
    const at = doc % searcher.shardSize;
    const text: ShardDoc = {
      slug: data?.slugs[at] ?? '',
      title: data?.titles[at] ?? '',
      name: data?.names[at] ?? null,
      plainText: data?.texts[at] ?? '',
    };
    return searcher.present(ranking, i, text);
  });
  const { words, total, facets, suggestions } = ranking;
  return { words, total, hits, facets, suggestions };
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'init') {
    const indexUrl = new URL(message.indexUrl, scope.location.href).href;
    textTemplate = message.textUrl ?? `${new URL('search-text/', indexUrl).href}{shard}.json`;
    engine = load(indexUrl);
    engine.catch((error: unknown) =>
      scope.postMessage({ type: 'error', id: null, message: String(error) }),
    );
    return;
  }
  const started = performance.now();
  answer(message).then(
    (results) =>
      scope.postMessage({
        type: 'results',
        id: message.id,
        tookMs: performance.now() - started,
        results,
      }),
    (error: unknown) =>
      scope.postMessage({ type: 'error', id: message.id, message: String(error) }),
  );
});
