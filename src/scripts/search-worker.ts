/**
 * The search worker: loads the index off the main thread and answers queries, so typing never waits
 * for a search. Protocol: src/lib/search/protocol.ts. Results are ranked from the in-memory index and
 * sent at once; text shards are fetched for the papers a result page shows (once each), and the
 * snippets that had to wait for them follow in a `snippets` message.
 */
import { queryNotes, SearchEngine, type Ranking, type SearchResults } from '../lib/search/engine';
import type { SearchIndexData, TextShardData } from '../lib/search/format';
import {
  textShardUrl,
  type LateSnippet,
  type SearchQueryMessage,
  type SearchWorkerRequest,
  type SearchWorkerResponse,
} from '../lib/search/protocol';
import { makeSnippet } from '../lib/search/snippet';

/** Corpora of at most this many shards have their texts fetched right after the index. */
const PREFETCH_MAX_SHARDS = 8;

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
const pendingShards = new Map<number, Promise<TextShardData>>();
const loadedShards = new Map<number, TextShardData>();

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

function fetchShard(n: number): Promise<TextShardData> {
  let pending = pendingShards.get(n);
  if (!pending) {
    pending = fetchJson<TextShardData>(textShardUrl(textTemplate, n));
    pending.then(
      (data) => loadedShards.set(n, data),
      // Forgotten, so the next query that needs the shard tries again.
      () => pendingShards.delete(n),
    );
    pendingShards.set(n, pending);
  }
  return pending;
}

async function load(indexUrl: string): Promise<SearchEngine> {
  const started = performance.now();
  const loaded = new SearchEngine(await fetchJson<SearchIndexData>(indexUrl));
  scope.postMessage({
    type: 'ready',
    docCount: loaded.docCount,
    loadMs: performance.now() - started,
  });
  const shardCount = Math.ceil(loaded.docCount / loaded.shardSize);
  if (shardCount <= PREFETCH_MAX_SHARDS) {
    for (let n = 0; n < shardCount; n += 1) fetchShard(n).catch(() => undefined);
  }
  return loaded;
}

function textOf(searcher: SearchEngine, doc: number): string | undefined {
  return loadedShards.get(searcher.shardOf(doc))?.texts[doc % searcher.shardSize];
}

/** Fetches the shards of the hits answered without a snippet, then sends their snippets. */
async function sendLateSnippets(
  searcher: SearchEngine,
  id: number,
  ranking: Ranking,
  results: SearchResults,
): Promise<void> {
  const late = results.hits.flatMap((hit, index) => (hit.snippet === null ? [index] : []));
  if (late.length === 0) return;
  const shards = new Set(late.map((i) => searcher.shardOf(ranking.docs[i] ?? 0)));
  await Promise.all([...shards].map(fetchShard));
  const snippets: LateSnippet[] = late.map((index) => {
    const snippet = makeSnippet(textOf(searcher, ranking.docs[index] ?? 0) ?? '', ranking.matcher);
    const slug = results.hits[index]?.slug ?? '';
    return { index, slug, snippet: snippet.text, snippetRanges: snippet.ranges };
  });
  scope.postMessage({ type: 'snippets', id, snippets });
}

async function answer(message: SearchQueryMessage, started: number): Promise<void> {
  if (!engine) throw new Error('search worker got a query before init');
  const searcher = await engine;
  // Quoted phrases are checked on the abstracts: fetch the texts of the papers that may hold them.
  await Promise.all(searcher.phraseShards(message).map(fetchShard));
  const ranking = searcher.rank(message, (doc) => textOf(searcher, doc));
  const results: SearchResults = {
    ...queryNotes(ranking),
    hits: ranking.docs.map((doc, i) => searcher.present(ranking, i, textOf(searcher, doc))),
  };
  scope.postMessage({
    type: 'results',
    id: message.id,
    tookMs: performance.now() - started,
    results,
  });
  // Shards are requested only now: a fetch() costs the worker a fraction of a millisecond, and
  // ten of them before the results delayed every answer at 20,000 papers.
  await sendLateSnippets(searcher, message.id, ranking, results);
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
  answer(message, performance.now()).catch((error: unknown) =>
    scope.postMessage({ type: 'error', id: message.id, message: String(error) }),
  );
});
