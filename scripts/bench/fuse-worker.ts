/** Bench worker: fuse.js over the raw records, answering like the search worker. */
import Fuse from 'fuse.js';
import { FUSE_OPTIONS, type BaselineRequest, type RawRecord } from './baselines';
import { serveBaseline } from './baseline-worker';

serveBaseline(async (indexUrl) => {
  const records = (await (await fetch(indexUrl)).json()) as RawRecord[];
  const fuse = new Fuse(records, FUSE_OPTIONS);
  return (message: Extract<BaselineRequest, { type: 'search' }>) => {
    const found = fuse.search(message.query);
    return {
      total: found.length,
      slugs: found.slice(0, message.limit ?? 10).map((r) => r.item.slug),
    };
  };
});
