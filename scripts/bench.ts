/**
 * The search benchmark (issue 35), one run, one table: for each size, a built site (seed dumps for
 * 57, the real-text generator for the others), searched cold on the explorer page and on bare
 * pages of our engine, Pagefind 1.6 and MiniSearch 7 (slow mobile profile and unthrottled; medians
 * of `--runs`), warm per keystroke and one-typo known-item top-1 on the three engines, then
 * Lighthouse 12.2.3 mobile on the home page, a search link, a paper page and the glossary; the
 * machine's load average with every step.
 *   npm run bench [-- --sizes 57,2000] [--runs 3] [--typos 100] [--work .bench/matrix] [--rebuild all|<sizes>]
 *                 [--no-lighthouse] [--lighthouse-size <n>] [--timeout 300] [--pages …] [--queries]
 * Sites, Pagefind and MiniSearch indexes are made once under `--work` and reused (`--rebuild all`
 * or `--rebuild 57,2000` builds those sites again after a code change, keeping dumps and records).
 * MiniSearch's slow cold load is timed once when its index is over 5 MB gzip: its time is the
 * download (~45 s at 20,000 papers, minutes at 100,000), the same in every run. `--queries` also runs the
 * per-query comparison with fuse.js (scripts/bench/query-bench.ts). Prints the table, the targets
 * met or missed, and writes results.md/.json under `--work`; exit 1 when a target is missed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { coldRun, pagePath, PAGES, warmRun, type Engine, type PageName } from './bench/cold';
import { coldTarget, oneTypoQueries, typedPhrases } from './bench/known-item';
import { lighthouse } from './bench/lighthouse';
import {
  lighthouseTable,
  matrixTable,
  parseSizes,
  verdicts,
  type LighthouseRow,
  type SizeResult,
} from './bench/matrix';
import { queryBench } from './bench/query-bench';
import { serveSiteCompressed } from './bench/server';
import { prepareSite, type BenchSite } from './bench/sites';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'];
const ENGINES: Engine[] = ['ours', 'pagefind', 'minisearch'];
/** Above this (gzip), MiniSearch's slow cold load is timed once (module comment). */
const ONE_RUN_BYTES = 5 * 2 ** 20;

interface Options {
  sizes: number[];
  runs: number;
  typos: number;
  work: string;
  /** Sizes whose sites are built again (code changed); the others are reused when present. */
  rebuild: number[];
  lighthouse: boolean;
  lighthouseSize: number | undefined;
  timeoutMs: number;
  queries: string[] | undefined;
  /** The pages measured (default all): `--pages explorer,ours` skips Pagefind and MiniSearch. */
  pages: PageName[];
}

function readOptions(argv: string[]): Options {
  const split = argv.indexOf('--queries');
  const own = split === -1 ? argv : argv.slice(0, split);
  const { values } = parseArgs({
    args: own,
    options: {
      sizes: { type: 'string', default: '57,2000' },
      runs: { type: 'string', default: '3' },
      typos: { type: 'string', default: '100' },
      work: { type: 'string', default: '.bench/matrix' },
      rebuild: { type: 'string' },
      'no-lighthouse': { type: 'boolean', default: false },
      'lighthouse-size': { type: 'string' },
      timeout: { type: 'string', default: '300' },
      pages: { type: 'string', default: PAGES.join(',') },
    },
  });
  const whole = (name: string, value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: expected a positive integer`);
    return n;
  };
  return {
    sizes: parseSizes(values.sizes),
    runs: whole('runs', values.runs),
    typos: whole('typos', values.typos),
    work: values.work,
    rebuild:
      values.rebuild === undefined
        ? []
        : values.rebuild === 'all'
          ? parseSizes(values.sizes)
          : parseSizes(values.rebuild),
    lighthouse: !values['no-lighthouse'],
    lighthouseSize:
      values['lighthouse-size'] === undefined
        ? undefined
        : whole('lighthouse-size', values['lighthouse-size']),
    timeoutMs: whole('timeout', values.timeout) * 1000,
    // Everything after --queries is the per-query comparison's own command line.
    queries: split === -1 ? undefined : argv.slice(split + 1),
    pages: parsePages(values.pages),
  };
}

/** `explorer,ours` → those pages; throws on a name that is not one. */
function parsePages(value: string): PageName[] {
  const pages = value.split(',');
  const unknown = pages.filter((page) => !(PAGES as readonly string[]).includes(page));
  if (unknown.length > 0) throw new Error(`--pages: expected some of ${PAGES.join(', ')}`);
  return pages as PageName[];
}

const loads: string[] = [];
/** Notes the 1-minute load average after a step, for the report. */
function noteLoad(step: string): void {
  const line = `${step}: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  loads.push(line);
  console.error(`bench: load ${line}`);
}

/** Cold runs of every page, slow then unthrottled, pages taking turns run by run. */
async function measureCold(
  browser: Browser,
  site: BenchSite,
  options: Options,
  result: SizeResult,
): Promise<void> {
  const server = await serveSiteCompressed(site.dir, '.bench');
  try {
    const { query } = coldTarget(site.titles, site.slugs);
    for (const slow of [true, false]) {
      for (let run = 0; run < options.runs; run += 1) {
        for (const page of options.pages) {
          if (slow && run > 0 && page === 'minisearch' && site.minisearchGzip > ONE_RUN_BYTES) {
            continue;
          }
          const cold = await coldRun(browser, server, pagePath(page, query), slow, {
            explorer: page === 'explorer',
            timeoutMs: options.timeoutMs,
            profileTo:
              slow && run === 0 && page === 'explorer'
                ? join(options.work, `cold-profile-${site.size}.cpuprofile`)
                : undefined,
          });
          const entry = (result.cold[page] ??= { slow: [], fast: [] });
          (slow ? entry.slow : entry.fast).push(cold);
          console.error(
            `bench: ${site.papers} ${slow ? 'slow' : 'fast'} ${page}: ${(cold.ms / 1000).toFixed(2)} s, ${Math.round(cold.searchBytes / 1024)} KB`,
          );
        }
      }
    }
    noteLoad(`${site.papers} cold`);
    const phrases = typedPhrases(site.titles);
    const typos = oneTypoQueries(site.titles, site.slugs, options.typos);
    for (const engine of ENGINES.filter((e) => options.pages.includes(e))) {
      result.warm[engine] = await warmRun(
        browser,
        server.origin,
        engine,
        phrases,
        typos,
        options.timeoutMs,
      );
      console.error(
        `bench: ${site.papers} warm ${engine}: p95 ${result.warm[engine].p95.toFixed(1)} ms, top-1 ${Math.round(result.warm[engine].top1 * 100)} %`,
      );
    }
    noteLoad(`${site.papers} warm`);
  } finally {
    await server.close();
  }
}

/** Lighthouse on the main pages of one site (the 20,000 one when measured, else the largest). */
async function measureLighthouse(site: BenchSite, work: string): Promise<LighthouseRow[]> {
  const server = await serveSiteCompressed(site.dir, '.bench');
  try {
    const { query } = coldTarget(site.titles, site.slugs);
    const pages: [string, string][] = [
      ['home', '/'],
      ['search link', pagePath('explorer', query)],
      ['paper page', `/papers/${site.slugs[0]}/`],
      ['glossary', '/glossary/'],
    ];
    const rows: LighthouseRow[] = [];
    for (const [name, path] of pages) {
      const out = join(work, `lighthouse-${site.size}-${name.replace(' ', '-')}.json`);
      rows.push({
        papers: site.papers,
        page: name,
        result: await lighthouse(server.origin + path, out, CHROMIUM),
      });
      noteLoad(`lighthouse ${name}`);
    }
    return rows;
  } finally {
    await server.close();
  }
}

function report(
  options: Options,
  results: SizeResult[],
  lighthouseRows: LighthouseRow[],
  started: Date,
): number {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  const header = `npm run bench, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, Chromium (${CHROMIUM}); cold: medians of ${options.runs}, slow = 150 ms RTT, 1.6 Mbit/s down, CPU 4×`;
  const checks = verdicts(results, lighthouseRows);
  const text = [
    header,
    '',
    matrixTable(results, options.timeoutMs),
    ...(lighthouseRows.length ? ['', lighthouseTable(lighthouseRows)] : []),
    '',
    `Load average (1, 5, 15 min) after each step: ${loads.join('; ')}.`,
    '',
    ...checks.map((c) => `- ${c.met ? 'met' : '**missed**'}: ${c.target}: ${c.value}`),
  ].join('\n');
  console.log(text);
  writeFileSync(join(options.work, 'results.md'), `${text}\n`);
  writeFileSync(
    join(options.work, 'results.json'),
    JSON.stringify({ started, results, lighthouse: lighthouseRows, loads }, null, 1),
  );
  return checks.every((c) => c.met) ? 0 : 1;
}

async function run(argv: string[]): Promise<number> {
  let options: Options;
  try {
    options = readOptions(argv);
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: npm run bench -- [--sizes 57,2000,20000,100000] [--runs 3] [--typos 100] [--work <dir>] [--rebuild all|<sizes>] [--no-lighthouse] [--lighthouse-size <n>] [--timeout <s>] [--pages explorer,ours,pagefind,minisearch] [--queries …]`,
    );
    return 2;
  }
  const started = new Date();
  mkdirSync(options.work, { recursive: true });
  noteLoad('start');
  const sites: BenchSite[] = [];
  for (const size of options.sizes) {
    sites.push(
      await prepareSite(size, options.work, {
        rebuild: options.rebuild.includes(size),
        pagefind: options.pages.includes('pagefind'),
        minisearch: options.pages.includes('minisearch'),
      }),
    );
  }
  noteLoad('sites ready');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const results: SizeResult[] = [];
  try {
    for (const site of sites) {
      const result: SizeResult = {
        size: site.size,
        papers: site.papers,
        slug: coldTarget(site.titles, site.slugs).slug,
        cold: {},
        warm: {},
      };
      await measureCold(browser, site, options, result);
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  const lighthouseSite =
    sites.find((s) => s.size === (options.lighthouseSize ?? 20000)) ??
    [...sites].sort((a, b) => b.papers - a.papers)[0];
  const lighthouseRows =
    options.lighthouse && lighthouseSite
      ? await measureLighthouse(lighthouseSite, options.work)
      : [];
  let code = report(options, results, lighthouseRows, started);
  console.error(`bench: done in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`);
  if (options.queries) code = Math.max(code, await queryBench(options.queries));
  return code;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
