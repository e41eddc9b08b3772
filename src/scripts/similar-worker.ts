/**
 * The scoring of "papers like this text", off the main thread: this worker fetches the split
 * index's `meta.json` when the reader starts, then for each text only the term blocks of its terms
 * and the document shards of the papers it shows (src/lib/enrich/similar-split.ts), each at most
 * once, and scores the text, so a long paste never freezes the page.
 */
import { SimilarIndex, type SimilarPartFetcher } from '../lib/enrich/similar';
import type {
  SimilarDocShardData,
  SimilarMetaData,
  SimilarTermBlockData,
} from '../lib/enrich/similar-split';
import { MAX_SIMILAR_TEXT_CHARS, type SimilarReply, type SimilarRequest } from './similar-protocol';

let index: SimilarIndex | null = null;
let fetcher: SimilarPartFetcher | null = null;

/** The worker's `postMessage` (the DOM typings only know the window's, which takes an origin). */
const reply = (message: SimilarReply) =>
  (self as unknown as { postMessage(message: SimilarReply): void }).postMessage(message);

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Fetches each part once (a failed fetch is forgotten, so a later text tries again). */
function partFetcher(metaUrl: string): SimilarPartFetcher {
  const cache = new Map<string, Promise<unknown>>();
  const get = <T>(path: string): Promise<T> => {
    let pending = cache.get(path);
    if (!pending) {
      pending = fetchJson<T>(new URL(path, metaUrl).href);
      pending.catch(() => cache.delete(path));
      cache.set(path, pending);
    }
    return pending as Promise<T>;
  };
  return {
    block: (n) => get<SimilarTermBlockData>(`terms/${n}.json`),
    docs: (n) => get<SimilarDocShardData>(`docs/${n}.json`),
  };
}

async function load(url: string): Promise<void> {
  try {
    index = new SimilarIndex(await fetchJson<SimilarMetaData>(url));
    fetcher = partFetcher(url);
    index.warmUp();
    reply({ type: 'ready', docCount: index.docCount });
  } catch (error) {
    reply({ type: 'failed', reason: String(error) });
  }
}

async function score(request: Extract<SimilarRequest, { type: 'score' }>): Promise<void> {
  if (!index || !fetcher) return;
  const started = performance.now();
  try {
    const text = request.text.slice(0, MAX_SIMILAR_TEXT_CHARS);
    const matches = await index.lookUp(text, request.limit, fetcher);
    reply({ type: 'matches', id: request.id, matches, tookMs: performance.now() - started });
  } catch (error) {
    reply({ type: 'failed', reason: String(error) });
  }
}

addEventListener('message', (event: MessageEvent<SimilarRequest>) => {
  const request = event.data;
  if (request.type === 'load') void load(request.url);
  else void score(request);
});
