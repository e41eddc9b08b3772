/**
 * Search benchmark: our engine against fuse.js over the raw records and MiniSearch, on the seed
 * corpus and on 20,000 synthetic papers, in headless Chromium.
 *   npm run bench [-- --count 20000] [--reuse]
 * --reuse keeps corpora already generated and ingested under .bench/search. Prints a Markdown table
 * (also written to .bench/search/results.md); exits 1 when our engine misses a target of
 * docs/search.md, 2 for a bad command line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleScripts, ENGINES, writePayloads, type EngineName } from './bench/artifacts';
import { BenchBrowser } from './bench/browser';
import { readTopics, seedCorpus, syntheticCorpus, type Corpus } from './bench/corpus';
import { makeQueries } from './bench/queries';
import { markdownTable, quantile, type EngineMeasurement } from './bench/report';
import { serveSite } from '../tests/support/site';

const WORK = '.bench/search';
const QUERIES = 300;
/** fuse.js needs seconds per query at 20,000 papers: a sample keeps the bench within minutes. */
const FUSE_QUERIES_LARGE = 25;
const LARGE = 1000;
const TYPED_PHRASES = 6;
const KEY_DELAY_MS = 60;

interface Options {
  count: number;
  reuse: boolean;
}

/** Our engine's targets (docs/search.md); `small` is the seed corpus. */
const TARGETS = {
  small: { p95Ms: 5, payloadBytes: 40 * 1024 },
  large: { p95Ms: 40, indexBytes: 3 * 1024 * 1024, longTasks: 0 },
};

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '20000' },
      reuse: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  return { count, reuse: values.reuse ?? false };
}

function prepareCorpora(options: Options): Corpus[] {
  mkdirSync(WORK, { recursive: true });
  return [seedCorpus(WORK, options.reuse), syntheticCorpus(WORK, options.count, options.reuse)];
}

async function measureCorpus(
  browser: BenchBrowser,
  corpus: Corpus,
  site: string,
  workerGzip: Record<EngineName, number>,
): Promise<EngineMeasurement[]> {
  console.error(`bench: ${corpus.name}: ${corpus.papers.length} papers, writing payloads`);
  const payloads = writePayloads(corpus.papers, readTopics(), site, corpus.name);
  const queries = makeQueries(corpus.papers, QUERIES);
  const warmup = makeQueries(corpus.papers, 10, 99).map((q) => q.text);
  const phrases = queries.filter((q) => !q.misspelled).slice(0, TYPED_PHRASES);
  const large = corpus.papers.length > LARGE;
  const measurements: EngineMeasurement[] = [];
  for (const engine of ENGINES) {
    const spec = { workerUrl: `/js/${engine}.js`, indexUrl: payloads[engine].indexPath };
    const sample = engine === 'fuse' && large ? queries.slice(0, FUSE_QUERIES_LARGE) : queries;
    console.error(`bench: ${corpus.name}: ${engine}, ${sample.length} queries`);
    const run = await browser.run(
      spec,
      engine === 'fuse' && large ? [] : warmup,
      sample.map((q) => q.text),
    );
    const typing =
      engine === 'fuse' && large
        ? undefined
        : await browser.type(
            spec,
            phrases.map((q) => q.text),
            KEY_DELAY_MS,
          );
    measurements.push({
      corpus: corpus.name,
      papers: corpus.papers.length,
      engine,
      queries: sample,
      run,
      workerGzip: workerGzip[engine],
      payload: payloads[engine],
      typing,
    });
  }
  return measurements;
}

/** The targets our engine missed, as readable lines. */
function missedTargets(measurements: readonly EngineMeasurement[]): string[] {
  const missed: string[] = [];
  for (const m of measurements.filter((x) => x.engine === 'ours')) {
    const p95 = quantile(m.run.roundTripMs, 0.95);
    const limits = m.papers > LARGE ? TARGETS.large : TARGETS.small;
    if (p95 > limits.p95Ms)
      missed.push(`${m.corpus}: p95 ${p95.toFixed(1)} ms > ${limits.p95Ms} ms`);
    if ('payloadBytes' in limits && m.workerGzip + m.payload.indexGzip > limits.payloadBytes) {
      missed.push(
        `${m.corpus}: payload ${m.workerGzip + m.payload.indexGzip} B > ${limits.payloadBytes} B`,
      );
    }
    if ('indexBytes' in limits && m.payload.indexGzip > limits.indexBytes) {
      missed.push(`${m.corpus}: index ${m.payload.indexGzip} B > ${limits.indexBytes} B`);
    }
    if ('longTasks' in limits && (m.typing?.longTasksMs.length ?? 0) > limits.longTasks) {
      missed.push(`${m.corpus}: ${m.typing?.longTasksMs.length} long tasks while typing`);
    }
  }
  return missed;
}

async function run(argv: string[]): Promise<number> {
  let options: Options;
  try {
    options = readOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: npm run bench -- [--count <n>] [--reuse]`);
    return 2;
  }
  const started = Date.now();
  const corpora = prepareCorpora(options);
  const site = resolve(WORK, 'site');
  const workerGzip = await bundleScripts(site);
  // No caching between engines: each load fetches its payload again.
  const server = await serveSite(site, { headers: { 'Cache-Control': 'no-store' } });
  const browser = await BenchBrowser.open(new URL(server.url).origin);
  try {
    const measurements: EngineMeasurement[] = [];
    for (const corpus of corpora) {
      measurements.push(...(await measureCorpus(browser, corpus, site, workerGzip)));
    }
    const table = markdownTable(measurements, new Date());
    writeFileSync(join(WORK, 'results.md'), `${table}\n`);
    writeFileSync(join(WORK, 'results.json'), JSON.stringify(measurements));
    console.log(table);
    console.error(`bench: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const missed = missedTargets(measurements);
    for (const line of missed) console.error(`bench: target missed: ${line}`);
    return missed.length > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
