/**
 * The explorer's first script (issue 35). It is a classic, parser-blocking script written right
 * after `<paper-search>` opens (ExplorerPage.astro), bundled on its own as one file with no import
 * (`?worker&url`: Vite's worker bundle, an IIFE), so it runs before the browser has parsed, styled
 * or laid out any of the page below it. On a search link (`/?q=…`, or a filter) it
 *
 * - marks the explorer `data-searching`, so the unfiltered list of 100 cards is never laid out
 *   and the results area shows from the first paint (on a slow phone, style and layout of that
 *   list and its star buttons were ~4 of the 5.7 s of main-thread work before the first result at
 *   20,000 papers: docs/search.md, "Explorer start: where the time goes");
 * - starts the search worker, with the query in its `init` message, so the index's `meta` and the
 *   parts the query needs are on their way while the rest of the page and the explorer's code
 *   (paper-search.ts, a chain of module chunks that only runs after the whole page is parsed)
 *   still load. paper-search.ts adopts the worker and the messages it sent meanwhile.
 *
 * The fetch of this ~1 KB file overlaps the stylesheets', which block the first paint anyway.
 * Pages without a search start the worker later (when idle, or on focus). Without JavaScript
 * nothing of this runs and the list shows as it is.
 */
import type { SearchInitMessage, SearchWorkerResponse } from '../lib/search/protocol';

/** What this script leaves for paper-search.ts. */
export interface SearchBoot {
  worker: Worker;
  early: SearchWorkerResponse[];
}

/** The URL parameters that make the explorer show search results instead of its list. */
const SEARCH_KEYS = ['q', 'tag', 'type', 'venue', 'year'];

const element = document.querySelector<HTMLElement>('paper-search[data-worker-url]');
const params = new URLSearchParams(location.search);
// Only where paper-search.ts (a module script) will run to show the results: a browser without
// module scripts keeps the list.
const modules = 'noModule' in HTMLScriptElement.prototype;
if (element && modules && SEARCH_KEYS.some((key) => params.has(key))) {
  // Before the list below is parsed: the browser never styles or lays it out (ExplorerPage.astro's
  // `paper-search[data-searching]` rules). paper-search.ts keeps the attribute in step afterwards.
  element.toggleAttribute('data-searching', true);
  try {
    const worker = new Worker(element.dataset.workerUrl ?? '', { type: 'module' });
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
