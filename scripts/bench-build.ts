/**
 * Measures `npm run build` at scale: ingest + `astro build` of N synthetic abstracts (default
 * 20,000), their wall time and peak memory, summed over the processes (targets: ≤ 90 s, ≤ 2.5 GB on a 2-core machine), the
 * time Astro spends on each route, the output (target: ≤ 350 MB of files, so a whole conference
 * fits GitHub Pages' 1 GB with room to spare) and where its bytes are, and the home page as a reader
 * gets it: HTML size (raw and gzipped) and first paint in headless Chromium.
 *   tsx scripts/bench-build.ts [--count 20000] [--dumps <dir>] [--work <dir>] [--text template|real]
 *                              [--reuse-records]
 * `--dumps` reuses a folder of dumps (e.g. one written once by generate-dumps.ts) instead of
 * generating N abstracts (`--text real`: the real-text generator) into the work folder (default
 * .bench/; `--work /tmp/scale-100k` keeps a 100,000-paper site's ~1 GB off the project's disk
 * quota and out of other sessions' way). Prints Markdown tables; exits 1 when a target is missed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/support/browser';
import { serveSite } from '../tests/support/site';
import { generateDumps, writeDumps } from './generate-dumps';
import { ingestCommand } from './ingest-command';

const TARGET_SECONDS = 90;
const TARGET_MEGABYTES = 2560;
/** Output target, in MB of file contents (10^6 bytes). */
const TARGET_OUTPUT_MB = 350;

interface StepResult {
  seconds: number;
  peakMb: number;
  stdout: string;
}

/** Resident memory of `root` and every process under it, in KB, from /proc (0 for gone processes). */
function treeRssKb(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(name));
      children.set(parent, list);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    queue.push(...(children.get(pid) ?? []));
    try {
      const rss = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0);
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

/**
 * Runs a command, sampling the resident memory of its whole process tree (summed: the build may run
 * several processes at once) four times a second.
 */
async function timed(command: string[], env: NodeJS.ProcessEnv): Promise<StepResult> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => out.push(chunk));
  // Progress as it comes (a 100,000-paper build runs for minutes), without Astro's line per page.
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    if (!/[├└]─ /.test(line)) process.stderr.write(`  ${line}\n`);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => err.push(chunk));
  let peakKb = 0;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid!))), 250);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearInterval(sampler);
  const stdout = out.join('');
  if (code !== 0) {
    process.stderr.write(stdout + err.join(''));
    throw new Error(`${command.join(' ')} failed`);
  }
  return { seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, stdout };
}

interface FolderStats {
  files: number;
  megabytes: number;
  /** Files and MB under each top-level entry (`papers`, `tags`, `papers.json`…), largest first. */
  parts: { name: string; files: number; megabytes: number }[];
}

function folderStats(dir: string): FolderStats {
  const parts = new Map<string, { files: number; bytes: number }>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const top = relative(dir, path).split(sep)[0]!;
    const part = parts.get(top) ?? { files: 0, bytes: 0 };
    part.files += 1;
    part.bytes += statSync(path).size;
    parts.set(top, part);
  }
  const list = [...parts].map(([name, { files, bytes }]) => ({
    name,
    files,
    megabytes: bytes / 1e6,
  }));
  return {
    files: list.reduce((sum, part) => sum + part.files, 0),
    megabytes: list.reduce((sum, part) => sum + part.megabytes, 0),
    parts: list.sort((a, b) => b.megabytes - a.megabytes),
  };
}

/**
 * The build's log split by the process that printed each line: scripts/build-site.ts labels them
 * (`[site] …`, `[papers] …`) when several processes build the site; one unlabelled log otherwise.
 */
function processLogs(log: string): Map<string, string> {
  const logs = new Map<string, string[]>();
  for (const line of log.split('\n')) {
    const match = /^\[([a-z0-9/ ]+)\] (.*)$/.exec(line);
    const [process, text] = match ? [match[1]!, match[2]!] : ['', line];
    const lines = logs.get(process) ?? [];
    lines.push(text);
    logs.set(process, lines);
  }
  // Lines of build-site.ts itself are unlabelled: only a log of their own when nothing is labelled.
  if (logs.size > 1) logs.delete('');
  return new Map([...logs].map(([process, lines]) => [process, lines.join('\n')]));
}

/**
 * Seconds Astro spent on each route, from the `HH:MM:SS ▶ src/pages/…` lines it prints as it starts
 * each one (1 s resolution), up to the `✓ Completed` line that ends page generation.
 */
function routeSeconds(log: string): { route: string; seconds: number }[] {
  const marks: { route: string; at: number }[] = [];
  for (const line of log.split('\n')) {
    const match = /^(\d\d):(\d\d):(\d\d) (?:▶ (\S+)|✓ Completed)/.exec(line);
    if (!match) continue;
    const [, h, m, sec, route] = match;
    marks.push({ route: route ?? '', at: Number(h) * 3600 + Number(m) * 60 + Number(sec) });
  }
  const routes: { route: string; seconds: number }[] = [];
  for (let i = 0; i + 1 < marks.length; i += 1) {
    if (marks[i]!.route === '') continue;
    // Past midnight the clock starts again at 0.
    const seconds = (marks[i + 1]!.at - marks[i]!.at + 86_400) % 86_400;
    routes.push({ route: marks[i]!.route, seconds });
  }
  return routes.sort((a, b) => b.seconds - a.seconds);
}

/**
 * Seconds of the three phases of `astro build`, from the clock times on Astro's log lines: bundling
 * (start to the first route), page generation (to `✓ Completed`) and the `astro:build:done` hooks
 * (sitemap; to `[build] Complete!`).
 */
function phaseSeconds(log: string): { phase: string; seconds: number }[] {
  const at = (pattern: RegExp) => {
    const line = log.split('\n').find((l) => pattern.test(l));
    const match = line && /^(\d\d):(\d\d):(\d\d) /.exec(line);
    return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : Number.NaN;
  };
  const start = at(/^\d\d:\d\d:\d\d /);
  const pages = at(/^\d\d:\d\d:\d\d [▶λ] /);
  const generated = at(/^\d\d:\d\d:\d\d ✓ Completed/);
  const complete = at(/^\d\d:\d\d:\d\d \[build\] Complete!/);
  const span = (from: number, to: number) => (to - from + 86_400) % 86_400;
  return [
    { phase: 'bundling (Vite, server and client)', seconds: span(start, pages) },
    { phase: 'page generation (every route)', seconds: span(pages, generated) },
    { phase: 'build:done hooks (sitemap)', seconds: span(generated, complete) },
  ].filter(({ seconds }) => !Number.isNaN(seconds));
}

async function firstPaint(outDir: string): Promise<{ fcpMs: number; loadMs: number }> {
  const server = await serveSite(outDir);
  const browser = await launchBrowser();
  try {
    const samples: { fcpMs: number; loadMs: number }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const page = await browser.newPage();
      await page.goto(server.url, { waitUntil: 'load' });
      samples.push(
        await page.evaluate(async () => {
          // The paint entry can land after `load`: wait for it through a buffered observer.
          const fcp = await new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
            setTimeout(() => resolve(Number.NaN), 5000);
          });
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return { fcpMs: fcp, loadMs: nav.loadEventEnd };
        }),
      );
      await page.close();
    }
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      fcpMs: median(samples.map((s) => s.fcpMs)),
      loadMs: median(samples.map((s) => s.loadMs)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '20000' },
      dumps: { type: 'string' },
      work: { type: 'string', default: '.bench' },
      text: { type: 'string', default: 'template' },
      'reuse-records': { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const text = values.text === 'real' ? 'real' : 'template';
  const work = values.work;
  const dumps = values.dumps ?? join(work, `dumps-${count}${text === 'real' ? '-real' : ''}`);
  const papersFile = join(work, `papers-${count}.json`);
  const outDir = join(work, `site-${count}`);
  if (!existsSync(dumps)) writeDumps(dumps, generateDumps(count, 5, 1, text));
  const env = { ...process.env, PAPERS_JSON: papersFile, OUT_DIR: outDir };

  // `--reuse-records`: the records of an earlier run (a 100,000-paper ingest takes ~25 minutes),
  // to measure `astro build` again; the table then shows no ingest time.
  const reuse = values['reuse-records'] && existsSync(papersFile);
  const ingest = reuse
    ? { seconds: 0, peakMb: 0, stdout: '' }
    : await timed(
        // As `npm run ingest` runs it (package.json), its Node flag included; a first build's
        // ingest, which derives every abstract (no derive cache from an earlier run).
        [...ingestCommand(), '--dumps', dumps, '--out', papersFile, '--no-cache'],
        env,
      );
  // Astro as `npm run build` runs it: scripts/build-site.ts, with its Node flags (heap ceiling).
  const tsx = join(dirname(fileURLToPath(import.meta.resolve('tsx/package.json'))), 'dist/cli.mjs');
  const astro = await timed([process.execPath, tsx, 'scripts/build-site.ts'], env);
  const html = readFileSync(join(outDir, 'index.html'));
  const site = folderStats(outDir);
  const paint = await firstPaint(outDir);

  const total = ingest.seconds + astro.seconds;
  const peak = Math.max(ingest.peakMb, astro.peakMb);
  const rows = [
    ['abstracts', String(count)],
    [
      'ingest',
      reuse
        ? `not run (--reuse-records: ${papersFile})`
        : `${ingest.seconds.toFixed(1)} s, peak ${ingest.peakMb.toFixed(0)} MB`,
    ],
    ['astro build', `${astro.seconds.toFixed(1)} s, peak ${astro.peakMb.toFixed(0)} MB`],
    [
      'npm run build (total)',
      `${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s), peak ${peak.toFixed(0)} MB (target ≤ ${TARGET_MEGABYTES} MB)`,
    ],
    [
      'output',
      `${site.files} files, ${site.megabytes.toFixed(0)} MB (target ≤ ${TARGET_OUTPUT_MB} MB)`,
    ],
    [
      'home page HTML',
      `${(html.length / 1024).toFixed(0)} KB, ${(gzipSync(html).length / 1024).toFixed(0)} KB gzipped`,
    ],
    [
      'home page first contentful paint',
      `${paint.fcpMs.toFixed(0)} ms (load ${paint.loadMs.toFixed(0)} ms), median of 5`,
    ],
  ];
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log('| measure | result |\n| --- | --- |');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  console.log('\n| output part | files | MB |\n| --- | ---: | ---: |');
  for (const part of site.parts.slice(0, 12)) {
    console.log(`| ${part.name} | ${part.files} | ${part.megabytes.toFixed(1)} |`);
  }
  for (const [process, log] of processLogs(astro.stdout)) {
    const which = process === '' ? '' : ` (${process} process)`;
    console.log(`\n| astro build phase${which} | seconds |\n| --- | ---: |`);
    for (const { phase, seconds } of phaseSeconds(log)) console.log(`| ${phase} | ${seconds} |`);
    console.log(`\n| astro route${which} | seconds |\n| --- | ---: |`);
    for (const { route, seconds } of routeSeconds(log).slice(0, 8)) {
      console.log(`| ${route} | ${seconds} |`);
    }
  }
  const missed = [
    total > TARGET_SECONDS && `build took ${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s)`,
    peak > TARGET_MEGABYTES && `peak ${peak.toFixed(0)} MB (target ≤ ${TARGET_MEGABYTES} MB)`,
    site.megabytes > TARGET_OUTPUT_MB &&
      `output ${site.megabytes.toFixed(0)} MB (target ≤ ${TARGET_OUTPUT_MB} MB)`,
  ].filter((miss): miss is string => typeof miss === 'string');
  for (const miss of missed) console.error(`target missed: ${miss}`);
  return missed.length === 0 ? 0 : 1;
}

process.exitCode = await run();
