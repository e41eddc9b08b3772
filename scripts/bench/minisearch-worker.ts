/** Bench worker: MiniSearch with prefix and fuzzy matching, answering like the search worker. */
import MiniSearch from 'minisearch';
import { MINISEARCH_OPTIONS, type BaselineRequest, type RawRecord } from './baselines';
import { serveBaseline } from './baseline-worker';

serveBaseline(async (indexUrl) => {
  const json = await (await fetch(indexUrl)).text();
  const index = MiniSearch.loadJSON<RawRecord>(json, MINISEARCH_OPTIONS);
  return (message: Extract<BaselineRequest, { type: 'search' }>) => {
    const found = index.search(message.query);
    return {
      total: found.length,
      slugs: found.slice(0, message.limit ?? 10).map((r) => String(r.id)),
    };
  };
});
