/**
 * The scoring of "papers like this text", off the main thread: this worker fetches and decodes the
 * paper vectors and scores each text it is sent, so a long paste never freezes the page.
 */
import { SimilarIndex } from '../lib/enrich/similar';
import { MAX_SIMILAR_TEXT_CHARS, type SimilarReply, type SimilarRequest } from './similar-protocol';

let index: SimilarIndex | null = null;

/** The worker's `postMessage` (the DOM typings only know the window's, which takes an origin). */
const reply = (message: SimilarReply) =>
  (self as unknown as { postMessage(message: SimilarReply): void }).postMessage(message);

async function load(url: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    index = new SimilarIndex(await response.json());
    index.warmUp();
    reply({ type: 'ready', docCount: index.docCount });
  } catch (error) {
    reply({ type: 'failed', reason: String(error) });
  }
}

addEventListener('message', (event: MessageEvent<SimilarRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    void load(request.url);
    return;
  }
  if (!index) return;
  const started = performance.now();
  const matches = index.similarTo(request.text.slice(0, MAX_SIMILAR_TEXT_CHARS), request.limit);
  reply({ type: 'matches', id: request.id, matches, tookMs: performance.now() - started });
});
