/**
 * The explorer's first module script (issue 35): on a search link (`/?q=…`) it starts the search
 * worker at once, so the index's `meta` and the parts the query needs are on their way while the
 * explorer's code (paper-search.ts, a chain of chunks: ~2.6 s on a slow phone before the worker
 * started) still loads; paper-search.ts adopts the worker and the messages it sent meanwhile. It
 * imports nothing, so it is one small file with no chunk to wait for, and runs before
 * paper-search.ts (ExplorerPage.astro emits it first; tests/browser/search.test.ts checks the
 * order). Pages without a search start the worker later (when idle, or on focus).
 */
import type { SearchInitMessage, SearchWorkerResponse } from '../lib/search/protocol';

/** What this script leaves for paper-search.ts. */
export interface SearchBoot {
  worker: Worker;
  early: SearchWorkerResponse[];
}

const element = document.querySelector<HTMLElement>('paper-search[data-index-url]');
const params = new URLSearchParams(location.search);
if (element && ['q', 'tag', 'type', 'venue', 'year'].some((key) => params.has(key))) {
  try {
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
    const early: SearchWorkerResponse[] = [];
    worker.onmessage = (event: MessageEvent<SearchWorkerResponse>) => early.push(event.data);
    const init: SearchInitMessage = {
      type: 'init',
      indexUrl: element.dataset.indexUrl ?? '',
      fullIndexUrl: element.dataset.fullIndexUrl,
      query: params.get('q') ?? '',
    };
    worker.postMessage(init);
    (window as { paperSearchBoot?: SearchBoot }).paperSearchBoot = { worker, early };
  } catch {
    // paper-search.ts starts its own.
  }
}
