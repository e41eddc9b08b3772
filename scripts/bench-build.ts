/**
 * Measures `npm run build` at scale: ingest + `astro build` of N synthetic abstracts (default
 * 20,000), their wall time and peak memory (targets: ≤ 5 min, ≤ 4 GB on a 2-core machine), and the
 * home page as a reader gets it: HTML size (raw and gzipped) and first paint in headless Chromium.
 *   tsx scripts/bench-build.ts [--count 20000]
 * Prints a Markdown table; exits 1 when a target is missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/support/browser';
import { serveSite } from '../tests/support/site';
import { generateDumps, writeDumps } from './generate-dumps';

const TARGET_SECONDS = 300;
const TARGET_MEGABYTES = 4096;

interface StepResult {
  seconds: number;
  peakMb: number;
}

/** Runs a command under GNU time, which reports the peak resident memory of the whole process tree's largest process. */
function timed(command: string[], env: NodeJS.ProcessEnv): StepResult {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', ...command], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${command.join(' ')} failed`);
  }
  const [seconds, kb] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { seconds: seconds!, peakMb: kb! / 1024 };
}

function folderStats(dir: string): { files: number; megabytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, megabytes: bytes / 1e6 };
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
  const { values } = parseArgs({ options: { count: { type: 'string', default: '20000' } } });
  const count = Number(values.count);
  const dumps = join('.bench', `dumps-${count}`);
  const papersFile = join('.bench', `papers-${count}.json`);
  const outDir = join('.bench', `site-${count}`);
  if (!existsSync(dumps)) writeDumps(dumps, generateDumps(count, 5, 1));
  const env = { ...process.env, PAPERS_JSON: papersFile, OUT_DIR: outDir };

  const ingest = timed(
    ['npx', 'tsx', 'scripts/ingest.ts', '--dumps', dumps, '--out', papersFile],
    env,
  );
  const astro = timed(['npx', 'astro', 'build'], env);
  const html = readFileSync(join(outDir, 'index.html'));
  const site = folderStats(outDir);
  const paint = await firstPaint(outDir);

  const total = ingest.seconds + astro.seconds;
  const peak = Math.max(ingest.peakMb, astro.peakMb);
  const rows = [
    ['abstracts', String(count)],
    ['ingest', `${ingest.seconds.toFixed(1)} s, peak ${ingest.peakMb.toFixed(0)} MB`],
    ['astro build', `${astro.seconds.toFixed(1)} s, peak ${astro.peakMb.toFixed(0)} MB`],
    [
      'npm run build (total)',
      `${total.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s), peak ${peak.toFixed(0)} MB (target ≤ ${TARGET_MEGABYTES} MB)`,
    ],
    ['output', `${site.files} files, ${site.megabytes.toFixed(0)} MB`],
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
  return total <= TARGET_SECONDS && peak <= TARGET_MEGABYTES ? 0 : 1;
}

process.exitCode = await run();
