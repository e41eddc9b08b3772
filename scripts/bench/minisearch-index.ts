/**
 * Writes MiniSearch's index of a records file (what `npm run ingest` wrote), configured as the
 * bench's MiniSearch worker loads it (scripts/bench/baselines.ts):
 *   tsx scripts/bench/minisearch-index.ts <papers.json> <index.json>
 * Run as a process of its own (scripts/bench/sites.ts): at 100,000 papers it needs a few GB.
 */
import MiniSearch from 'minisearch';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Paper } from '../../src/lib/schema';
import { MINISEARCH_OPTIONS, toRawRecord, type RawRecord } from './baselines';

const [records, out] = process.argv.slice(2);
if (!records || !out) {
  console.error('usage: tsx scripts/bench/minisearch-index.ts <papers.json> <index.json>');
  process.exit(2);
}
const mini = new MiniSearch<RawRecord>(MINISEARCH_OPTIONS);
mini.addAll((JSON.parse(readFileSync(records, 'utf8')) as Paper[]).map(toRawRecord));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(mini));
