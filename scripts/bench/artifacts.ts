/** Writes what each engine ships to the browser, and measures it gzipped. */
import { build } from 'esbuild';
import MiniSearch from 'minisearch';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSearchIndex } from '../../src/lib/search/build';
import type { Paper, Topic } from '../../src/lib/schema';
import { MINISEARCH_OPTIONS, toRawRecord, type RawRecord } from './baselines';

export const ENGINES = ['ours', 'minisearch', 'fuse'] as const;
export type EngineName = (typeof ENGINES)[number];

/** Bytes after gzip at the default level, what a static host typically serves. */
export const gzipSize = (text: string | Buffer) => gzipSync(text).length;

const BUNDLES: Record<EngineName | 'page', string> = {
  ours: 'src/scripts/search-worker.ts',
  minisearch: 'scripts/bench/minisearch-worker.ts',
  fuse: 'scripts/bench/fuse-worker.ts',
  page: 'scripts/bench/page.ts',
};

/** Bundles the three workers and the bench page script, minified, as the site would ship them. */
export async function bundleScripts(site: string): Promise<Record<EngineName, number>> {
  mkdirSync(join(site, 'js'), { recursive: true });
  const sizes = {} as Record<EngineName, number>;
  for (const [name, entry] of Object.entries(BUNDLES)) {
    const outfile = join(site, 'js', `${name}.js`);
    await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      outfile,
      logLevel: 'warning',
    });
    if (name !== 'page') sizes[name as EngineName] = gzipSize(readFileSync(outfile));
  }
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>' +
      '<body><script src="/js/page.js"></script></body></html>\n',
  );
  return sizes;
}

function write(file: string, text: string): number {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return gzipSize(text);
}

/** What one engine's payload weighs, gzipped. */
export interface Payload {
  /** URL path of the index file the worker fetches first. */
  indexPath: string;
  /** Index fetched before the first query. */
  indexGzip: number;
  /** Text shards fetched lazily (ours only): all of them, and one on average. */
  shardsGzip?: { total: number; average: number; count: number };
}

export function writePayloads(
  papers: readonly Paper[],
  topics: readonly Topic[],
  site: string,
  corpus: string,
): Record<EngineName, Payload> {
  const root = join(site, corpus);
  rmSync(root, { recursive: true, force: true });
  const { index, shards } = buildSearchIndex(papers, { topics });
  const shardSizes = shards.map((s) =>
    write(join(root, 'ours', 'search-text', `${s.shard}.json`), JSON.stringify(s)),
  );
  const shardTotal = shardSizes.reduce((sum, n) => sum + n, 0);
  const records: RawRecord[] = papers.map(toRawRecord);
  const mini = new MiniSearch<RawRecord>(MINISEARCH_OPTIONS);
  mini.addAll(records);
  return {
    ours: {
      indexPath: `/${corpus}/ours/search-index.json`,
      indexGzip: write(join(root, 'ours', 'search-index.json'), JSON.stringify(index)),
      shardsGzip: {
        total: shardTotal,
        average: Math.round(shardTotal / Math.max(1, shards.length)),
        count: shards.length,
      },
    },
    minisearch: {
      indexPath: `/${corpus}/minisearch/index.json`,
      indexGzip: write(join(root, 'minisearch', 'index.json'), JSON.stringify(mini)),
    },
    fuse: {
      indexPath: `/${corpus}/fuse/records.json`,
      indexGzip: write(join(root, 'fuse', 'records.json'), JSON.stringify(records)),
    },
  };
}
