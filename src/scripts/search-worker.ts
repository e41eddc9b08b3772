/**
 * The search worker: loads the index off the main thread and answers queries, so typing never waits
 * for a search. Protocol: src/lib/search/protocol.ts. With a split index (`search/meta.json`, issue
 * 35) it fetches the small `meta` first, then per query only the vocabulary chunks, postings blocks
 * and result cards the query needs, and keeps them for later queries; with a full index
 * (`search-index.json`: the bench, or when the split one cannot be fetched) everything at once.
 * Results are sent as soon as they are ranked; text shards are fetched for the papers a result
 * page shows (once each), and the snippets that had to wait for them follow in a `snippets` message.
 */
import { queryNotes, SearchEngine, type Ranking, type SearchResults } from '../lib/search/engine';
import type {
  CardShardData,
  PostingsBlockData,
  SearchIndexData,
  SearchMetaData,
  TextShardData,
  VocabChunkData,
} from '../lib/search/format';
import { loadParts, withParts, type PartFetcher } from '../lib/search/parts';
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
let partsBase = '';
const pendingParts = new Map<string, Promise<unknown>>();

/** Each part of a split index fetched once (a failed fetch is forgotten, to be tried again). */
function fetchPart<T>(path: string): Promise<T> {
  let pending = pendingParts.get(path) as Promise<T> | undefined;
  if (!pending) {
    pending = fetchJson<T>(new URL(path, partsBase).href);
    pending.catch(() => pendingParts.delete(path));
    pendingParts.set(path, pending);
  }
  return pending;
}

const fetcher: PartFetcher = {
  vocab: (n) => fetchPart<VocabChunkData>(`vocab/${n}.json`),
  block: (n) => fetchPart<PostingsBlockData>(`postings/${n}.json`),
  cards: (n) => fetchPart<CardShardData>(`cards/${n}.json`),
};
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

/** The index: split when the URL names a `meta.json`, else the full one. */
async function fetchIndex(indexUrl: string, fullUrl: string | undefined): Promise<SearchEngine> {
  if (!indexUrl.endsWith('meta.json')) {
    return new SearchEngine(await fetchJson<SearchIndexData>(indexUrl));
  }
  try {
    return new SearchEngine(await fetchJson<SearchMetaData>(indexUrl));
  } catch (error) {
    if (!fullUrl) throw error;
    // E.g. offline with a pack that holds the full index only.
    return new SearchEngine(await fetchJson<SearchIndexData>(fullUrl));
  }
}

async function load(indexUrl: string, fullUrl: string | undefined): Promise<SearchEngine> {
  const started = performance.now();
  const loaded = await fetchIndex(indexUrl, fullUrl);
  scope.postMessage({
    type: 'ready',
    docCount: loaded.docCount,
    loadMs: performance.now() - started,
  });
  return loaded;
}

let prefetched = false;
/** Vocabularies of at most this many chunks (~130,000 terms) are fetched whole after the first answer. */
const PREFETCH_MAX_VOCAB = 64;
/** Chunks fetched at once in the background, so a query typed meanwhile is not held up. */
const BACKGROUND_FETCHES = 2;

/**
 * After the first answer, the rest of the vocabulary in the background: completions and typo
 * candidates of the next keystrokes are then looked up without a round trip (only postings blocks
 * and cards are still fetched as queries need them).
 */
async function prefetchVocabulary(searcher: SearchEngine): Promise<void> {
  if (searcher.meta.vocabStart.length > PREFETCH_MAX_VOCAB) return;
  const queue = searcher.missingVocab();
  const next = async (): Promise<void> => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      await loadParts(searcher, { vocab: [n] }, fetcher);
    }
  };
  await Promise.all(Array.from({ length: BACKGROUND_FETCHES }, next));
}

/**
 * A small corpus's texts, all fetched after the first answer (not before it: on a slow link they
 * took the bandwidth the first result needed).
 */
function prefetchTexts(searcher: SearchEngine): void {
  if (prefetched) return;
  prefetched = true;
  prefetchVocabulary(searcher).catch(() => undefined);
  const shardCount = Math.ceil(searcher.docCount / searcher.shardSize);
  if (shardCount > PREFETCH_MAX_SHARDS) return;
  for (let n = 0; n < shardCount; n += 1) fetchShard(n).catch(() => undefined);
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
  const ranking = await withParts(searcher, fetcher, message, async () => {
    // Quoted phrases are checked on the abstracts (and titles): fetch the texts and cards of the
    // papers that may hold them.
    const phraseDocs = searcher.phraseDocs(message);
    await Promise.all([...new Set(phraseDocs.map((doc) => searcher.shardOf(doc)))].map(fetchShard));
    await loadParts(searcher, { cards: searcher.missingCards(phraseDocs) }, fetcher);
    return searcher.rank(message, (doc) => textOf(searcher, doc));
  });
  await loadParts(searcher, { cards: searcher.missingCards(ranking.docs) }, fetcher);
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
  prefetchTexts(searcher);
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'init') {
    const indexUrl = new URL(message.indexUrl, scope.location.href).href;
    const split = indexUrl.endsWith('meta.json');
    partsBase = indexUrl;
    const textBase = new URL(split ? '../search-text/' : 'search-text/', indexUrl).href;
    textTemplate = message.textUrl ?? `${textBase}{shard}.json`;
    const fullUrl = message.fullIndexUrl
      ? new URL(message.fullIndexUrl, scope.location.href).href
      : undefined;
    engine = load(indexUrl, fullUrl);
    const query = message.query;
    if (query) {
      engine
        .then((searcher) => loadParts(searcher, searcher.partsFor({ query }), fetcher))
        .catch(() => undefined);
    }
    engine.catch((error: unknown) =>
      scope.postMessage({ type: 'error', id: null, message: String(error) }),
    );
    return;
  }
  answer(message, performance.now()).catch((error: unknown) =>
    scope.postMessage({ type: 'error', id: message.id, message: String(error) }),
  );
});
