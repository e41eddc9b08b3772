/**
 * The per-query comparison (`npm run bench -- --queries`, after the cold/warm matrix): our engine
 * against fuse.js over the raw records and MiniSearch, on the seed corpus and on 20,000 synthetic
 * papers, in headless Chromium: 300 queries taking turns, recall@10, snippets, long tasks.
 *   npm run bench -- --queries [--count 20000] [--reuse] [--dumps <dir>] [--corpus seed|synthetic]
 *                 [--engines ours,minisearch,fuse]
 * --reuse keeps corpora already generated and ingested under .bench/search; --dumps takes the
 * synthetic dumps from a folder generated before (scripts/generate-dumps.ts) instead of generating
 * them; --corpus and --engines measure only some corpora or engines. Prints a Markdown table
 * (also written to .bench/search/results.md); exits 1 when our engine misses a target of
 * docs/search.md, 2 for a bad command line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleScripts, ENGINES, writePayloads, type EngineName, type Payload } from './artifacts';
import { BenchBrowser } from './browser';
import { readTopics, seedCorpus, syntheticCorpus, type Corpus } from './corpus';
import { makeQueries } from './queries';
import { serveBench } from './server';
import type { RunResult } from './page';
import { markdownTable, quantile, type EngineMeasurement } from './report';

const WORK = '.bench/search';
const QUERIES = 300;
/** fuse.js needs seconds per query at 20,000 papers: a sample keeps the bench within minutes. */
const FUSE_QUERIES_LARGE = 25;
const LARGE = 1000;
const TYPED_PHRASES = 6;
const KEY_DELAY_MS = 60;

const CORPORA = ['seed', 'synthetic'] as const;

interface Options {
  count: number;
  reuse: boolean;
  dumps: string | undefined;
  corpora: readonly (typeof CORPORA)[number][];
  engines: readonly EngineName[];
}

/** A comma-separated list of some of `allowed`, or all of them when not given. */
function listOption<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string,
): T[] {
  if (value === undefined) return [...allowed];
  const items = value.split(',');
  const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
  if (unknown.length > 0 || items.length === 0) {
    throw new Error(`--${name}: expected some of ${allowed.join(', ')}, got ${value}`);
  }
  return items as T[];
}

/** Our engine's targets (docs/search.md); `small` is the seed corpus. */
const TARGETS = {
  /** `p95VsMiniSearch`: our p95 at most this times MiniSearch's in the same run (issue 15). */
  small: { p95Ms: 5, p95VsMiniSearch: 1.5, payloadBytes: 40 * 1024 },
  /** `p95WithSnippetsMs`: until the last late snippet of a page has arrived (issue 15). */
  large: { p95Ms: 40, p95WithSnippetsMs: 60, indexBytes: 3 * 1024 * 1024, longTasks: 0 },
};

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '20000' },
      reuse: { type: 'boolean', default: false },
      dumps: { type: 'string' },
      corpus: { type: 'string' },
      engines: { type: 'string' },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  return {
    count,
    reuse: values.reuse ?? false,
    dumps: values.dumps,
    corpora: listOption(values.corpus, CORPORA, 'corpus'),
    engines: listOption(values.engines, ENGINES, 'engines'),
  };
}

function prepareCorpora(options: Options): Corpus[] {
  mkdirSync(WORK, { recursive: true });
  return options.corpora.map((name) =>
    name === 'seed'
      ? seedCorpus(WORK, options.reuse)
      : syntheticCorpus(WORK, options.count, options.reuse, options.dumps),
  );
}

const specOf = (engine: EngineName, payloads: Record<EngineName, Payload>) => ({
  workerUrl: `/js/${engine}.js`,
  indexUrl: payloads[engine].indexPath,
});

async function measureCorpus(
  browser: BenchBrowser,
  corpus: Corpus,
  payloads: Record<EngineName, Payload>,
  workerGzip: Record<EngineName, number>,
  engines: readonly EngineName[],
): Promise<EngineMeasurement[]> {
  const queries = makeQueries(corpus.papers, QUERIES);
  const warmup = makeQueries(corpus.papers, 10, 99).map((q) => q.text);
  const phrases = queries.filter((q) => !q.misspelled).slice(0, TYPED_PHRASES);
  const large = corpus.papers.length > LARGE;
  // fuse.js is measured on its own: its allocation (GC threads) would slow whichever engine came
  // next. Ours and MiniSearch take turns query by query.
  const sideBySide = engines.filter((engine) => engine !== 'fuse');
  const runs = new Map<EngineName, RunResult>();
  if (sideBySide.length > 0) {
    console.error(`bench: ${corpus.name}: ${sideBySide.join(' + ')}, ${queries.length} queries`);
    const specs = sideBySide.map((engine) => specOf(engine, payloads));
    const results = await browser.run(
      specs,
      warmup,
      queries.map((q) => q.text),
    );
    sideBySide.forEach((engine, i) => runs.set(engine, results[i]!));
  }
  const fuseQueries = large ? queries.slice(0, FUSE_QUERIES_LARGE) : queries;
  if (engines.includes('fuse')) {
    console.error(`bench: ${corpus.name}: fuse, ${fuseQueries.length} queries`);
    const [result] = await browser.run(
      [specOf('fuse', payloads)],
      large ? [] : warmup,
      fuseQueries.map((q) => q.text),
    );
    runs.set('fuse', result!);
  }
  const measurements: EngineMeasurement[] = [];
  for (const engine of engines) {
    const typing =
      engine === 'fuse' && large
        ? undefined
        : await browser.type(
            specOf(engine, payloads),
            phrases.map((q) => q.text),
            KEY_DELAY_MS,
          );
    measurements.push({
      corpus: corpus.name,
      papers: corpus.papers.length,
      engine,
      queries: engine === 'fuse' ? fuseQueries : queries,
      run: runs.get(engine)!,
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
    const mini = measurements.find((x) => x.corpus === m.corpus && x.engine === 'minisearch');
    if ('p95VsMiniSearch' in limits && mini) {
      const miniP95 = quantile(mini.run.roundTripMs, 0.95);
      if (p95 > limits.p95VsMiniSearch * miniP95) {
        missed.push(
          `${m.corpus}: p95 ${p95.toFixed(1)} ms > ${limits.p95VsMiniSearch} × MiniSearch's ${miniP95.toFixed(1)} ms`,
        );
      }
    }
    const withSnippets = quantile(m.run.completeMs, 0.95);
    if ('p95WithSnippetsMs' in limits && withSnippets > limits.p95WithSnippetsMs) {
      missed.push(
        `${m.corpus}: p95 with snippets ${withSnippets.toFixed(1)} ms > ${limits.p95WithSnippetsMs} ms`,
      );
    }
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

/** Runs the per-query comparison with its own options (see above); 1 when a target is missed. */
export async function queryBench(argv: string[]): Promise<number> {
  let options: Options;
  try {
    options = readOptions(argv);
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: npm run bench -- --queries [--count <n>] [--reuse] [--dumps <dir>] [--corpus seed|synthetic] [--engines ours,minisearch,fuse]`,
    );
    return 2;
  }
  const started = Date.now();
  const corpora = prepareCorpora(options);
  const site = resolve(WORK, 'site');
  const workerGzip = await bundleScripts(site);
  // Every file is written before the server starts: it lists the folder once, at start.
  const payloads = corpora.map((corpus) => {
    console.error(`bench: ${corpus.name}: ${corpus.papers.length} papers, writing payloads`);
    return writePayloads(corpus.papers, readTopics(), site, corpus.name);
  });
  // No caching between engines: each load fetches its payload again.
  const server = await serveBench(site, WORK, { 'Cache-Control': 'no-store' });
  const browser = await BenchBrowser.open(server.origin);
  try {
    const measurements: EngineMeasurement[] = [];
    for (const [i, corpus] of corpora.entries()) {
      const payload = payloads[i]!;
      measurements.push(
        ...(await measureCorpus(browser, corpus, payload, workerGzip, options.engines)),
      );
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
