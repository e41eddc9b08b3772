/**
 * Measures the corpus-wide enrichment (tags, types, keywords, acronyms, related papers) of
 * 20,000 synthetic abstracts: seconds per step and peak memory. Prints one line; exits 1 when the
 * enrichment takes more than its budget.
 *   tsx scripts/bench-enrich.ts [--count 20000] [--budget 60]
 * The dumps are generated once into .bench/dumps-<count> (scripts/generate-dumps.ts) and turned
 * into base records by the ingest, so the enrichment sees what `npm run ingest` gives it.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { enrichPapers, type EnrichTimings } from '../src/lib/enrich/enrich';
import { buildBasePapersInParallel, readDumpsDir } from '../src/lib/pipeline';
import type { BasePaper } from '../src/lib/schema';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
import { generateDumps, writeDumps } from './generate-dumps';

interface Options {
  count: number;
  budget: number;
}

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '20000' },
      budget: { type: 'string', default: '60' },
    },
  });
  return { count: Number(values.count), budget: Number(values.budget) };
}

async function basePapers(count: number): Promise<BasePaper[]> {
  const dir = join('.bench', `dumps-${count}`);
  if (!existsSync(dir)) writeDumps(dir, generateDumps(count, 5, 1));
  const base = await buildBasePapersInParallel(readDumpsDir(dir), availableParallelism());
  return base.papers;
}

function report(
  papers: number,
  seconds: number,
  cpuSeconds: number,
  timings: EnrichTimings,
): string {
  const step = (ms = 0) => (ms / 1000).toFixed(1);
  const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return (
    `enrich ${papers} papers: ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU ` +
    `[read+tag ${step(timings.read)} s, related ${step(timings.related)} s, ` +
    `keywords+types ${step(timings.finish)} s], ` +
    `peak RSS ${megabytes(process.resourceUsage().maxRSS * 1024)} MB, ` +
    `heap after ${megabytes(process.memoryUsage().heapUsed)} MB`
  );
}

async function run(argv: string[]): Promise<number> {
  const options = readOptions(argv);
  const papers = await basePapers(options.count);
  const taxonomy = loadTaxonomy('content/taxonomy.yaml');
  const timings: EnrichTimings = {};
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const enriched = enrichPapers(papers, taxonomy, { timings });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time as well as wall time: other jobs on a shared machine stretch the wall clock.
  console.log(report(enriched.length, seconds, (cpu.user + cpu.system) / 1e6, timings));
  return seconds <= options.budget ? 0 : 1;
}

process.exitCode = await run(process.argv.slice(2));
