/**
 * Cold start of a shared search link (issue 35), on built sites, in headless Chromium:
 *   tsx scripts/bench-cold.ts --site 57=<dist> --site 2000=<dist> … [--runs 3] [--lighthouse]
 * Each site is built by `npm run build` (or scripts/build-site.ts with PAPERS_JSON) and indexed by
 * Pagefind first (`npx pagefind --site <dist> --glob "papers/**\/*.html"`). Per site it measures,
 * for a title-word query of one paper:
 * - the explorer page `/?q=…`, our engine on a bare page (the worker alone), and Pagefind's JS API
 *   on a bare page: time from navigation to the first result on screen (medians of `--runs`),
 *   under the slow mobile profile (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower, set
 *   through CDP) and unthrottled, and the bytes (transferred, gzip) of search files before it;
 * - warm: p95 per keystroke while the query's letters are typed one by one (ours, Pagefind);
 * - one-typo known-item top-1: a paper's title words with one typo (swap, missing, extra or wrong
 *   letter, never the first), found first (ours, Pagefind).
 * `--lighthouse` also runs Lighthouse (mobile) on the largest site's home page, a search link, a
 * paper page and the glossary. The machine's load average is printed with the table.
 */
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { seededRandom } from '../src/lib/random';
import { serveSiteCompressed, type Served } from './bench/server';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'];
/** The slow profile's link (RTT, 1.6 Mbit/s down), set on the server for the page and its workers. */
const SLOW_LINK = { rttMs: 150, bytesPerSecond: 1.6e6 / 8 };
const SEARCH_FILE = /^\/(search\/|search-index|search-text\/|_astro\/search-worker|pagefind\/)/;

interface SiteInfo {
  papers: number;
  dir: string;
  slugs: string[];
  titles: string[];
}

function readSite(dir: string): SiteInfo {
  const meta = JSON.parse(readFileSync(join(dir, 'search-index.json'), 'utf8')) as {
    slugs: string[];
    titles: string[];
  };
  return { papers: meta.slugs.length, dir, slugs: meta.slugs, titles: meta.titles };
}

const WORD = /[\p{L}\p{N}]+/gu;
const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'and',
  'in',
  'on',
  'to',
  'with',
  'by',
  'from',
]);
function titleWords(title: string, n = 3): string[] {
  return (title.toLowerCase().match(WORD) ?? [])
    .filter((w) => !STOP.has(w) && w.length > 2)
    .slice(0, n);
}

/** One typo a person makes, never in the first letter. */
function typo(word: string, random: () => number): string {
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1);
  }
}

/** The bare pages: our worker alone, and Pagefind's JS API alone. */
function writeBarePages(site: SiteInfo): void {
  const worker = readdirSync(join(site.dir, '_astro')).find((f) =>
    /^search-worker-.*\.js$/.test(f),
  );
  mkdirSync(join(site.dir, 'bench-bare'), { recursive: true });
  writeFileSync(
    join(site.dir, 'bench-bare/ours.html'),
    `<!doctype html><meta charset="utf-8"><title>ours</title><script type="module">
const q = new URLSearchParams(location.search).get('q') ?? '';
const worker = new Worker('/_astro/${worker}', { type: 'module' });
let id = 0; const waiting = new Map();
worker.onmessage = (e) => { const m = e.data; if (m.type === 'results') { waiting.get(m.id)?.(m.results); waiting.delete(m.id); } };
const ask = (query) => new Promise((resolve) => { id += 1; waiting.set(id, resolve); worker.postMessage({ type: 'search', id, query, limit: 10 }); });
window.ask = async (query) => (await ask(query)).hits.map((h) => h.slug);
worker.postMessage({ type: 'init', indexUrl: '/search/meta.json', query: q });
if (q) ask(q).then((r) => { window.firstSlug = r.hits[0]?.slug; window.firstResult = performance.now(); });
else window.firstResult = 0;
</script>`,
  );
  writeFileSync(
    join(site.dir, 'bench-bare/pagefind.html'),
    `<!doctype html><meta charset="utf-8"><title>pagefind</title><script type="module">
const q = new URLSearchParams(location.search).get('q') ?? '';
const pagefind = await import('/pagefind/pagefind.js');
await pagefind.init?.();
const slugOf = (url) => url.replace(/^.*\\/papers\\/([^/]+)\\/.*$/, '$1');
window.ask = async (query) => { const s = await pagefind.search(query); const first = await s.results[0]?.data(); return first ? [slugOf(first.url)] : []; };
if (q) { const r = await window.ask(q); window.firstSlug = r[0]; window.firstResult = performance.now(); }
else window.firstResult = 0;
</script>`,
  );
}

interface Cold {
  ms: number;
  searchBytes: number;
  allBytes: number;
  slug: string | undefined;
}

async function coldRun(
  browser: Browser,
  server: { link: (p: typeof SLOW_LINK | undefined) => void; served: Served[] },
  url: string,
  slow: boolean,
  explorer: boolean,
  profileTo?: string,
): Promise<Cold> {
  const context = await browser.newContext(
    slow ? { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (slow) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  server.link(slow ? SLOW_LINK : undefined);
  const from = server.served.length;
  if (explorer) {
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const first = document.querySelector('[data-result-list] > li');
        if (first) {
          const w = window as unknown as { firstResult: number; firstSlug: string | undefined };
          w.firstResult = performance.now();
          w.firstSlug = (first as HTMLElement).dataset.slug;
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as unknown as { firstResult?: number }).firstResult !== undefined,
    null,
    {
      timeout: 120_000,
    },
  );
  const at = Date.now();
  const result = await page.evaluate(() => {
    const w = window as unknown as { firstResult: number; firstSlug: string | undefined };
    return { ms: w.firstResult, slug: w.firstSlug };
  });
  if (profileTo) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(profileTo, JSON.stringify(profile));
  }
  const before = server.served.slice(from).filter((d) => d.at <= at);
  server.link(undefined);
  await context.close();
  return {
    ms: result.ms,
    slug: result.slug,
    searchBytes: before.filter((d) => SEARCH_FILE.test(d.path)).reduce((s, d) => s + d.bytes, 0),
    allBytes: before.reduce((s, d) => s + d.bytes, 0),
  };
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;

async function warm(
  browser: Browser,
  origin: string,
  engine: 'ours' | 'pagefind',
  phrases: string[],
  typos: { query: string; slug: string }[],
) {
  const page: Page = await browser.newPage();
  await page.goto(`${origin}/bench-bare/${engine}.html`);
  await page.waitForFunction(() => (window as unknown as { ask?: unknown }).ask !== undefined);
  await page.evaluate(() =>
    (window as unknown as { ask: (q: string) => Promise<string[]> }).ask('warm'),
  );
  // The same phrases twice: the first pass may still fetch parts of a split index, the second
  // finds them all in memory (the engine warm, as a full index is after it loads).
  /** Every prefix of every phrase typed in turn: the time each answer took, in ms. */
  const typeEveryPrefix = () =>
    page.evaluate(async (list) => {
      const ask = (window as unknown as { ask: (q: string) => Promise<string[]> }).ask;
      const out: number[] = [];
      for (const phrase of list) {
        for (let n = 1; n <= phrase.length; n += 1) {
          const t = performance.now();
          await ask(phrase.slice(0, n));
          out.push(performance.now() - t);
        }
      }
      return out;
    }, phrases);
  const firstPass: number[] = await typeEveryPrefix();
  const times: number[] = await typeEveryPrefix();
  let top1 = 0;
  for (const { query, slug } of typos) {
    const slugs = await page.evaluate(
      (q) => (window as unknown as { ask: (q: string) => Promise<string[]> }).ask(q),
      query,
    );
    if (slugs[0] === slug) top1 += 1;
  }
  await page.close();
  return {
    p95: p95(times),
    median: median(times),
    firstPassP95: p95(firstPass),
    keys: times.length,
    top1: top1 / Math.max(1, typos.length),
  };
}

async function lighthouse(
  url: string,
  out: string,
): Promise<{ cls: number; tbt: number; lcp: number; score: number }> {
  await new Promise<void>((resolveRun, reject) => {
    const child = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'inherit' },
    );
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`lighthouse exited ${code}`)),
    );
  });
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    audits: Record<string, { numericValue: number }>;
    categories: { performance: { score: number } };
  };
  return {
    cls: report.audits['cumulative-layout-shift']!.numericValue,
    tbt: report.audits['total-blocking-time']!.numericValue,
    lcp: report.audits['largest-contentful-paint']!.numericValue,
    score: report.categories.performance.score,
  };
}

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      site: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      typos: { type: 'string', default: '100' },
      lighthouse: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const loads = [loadavg()[0]!];
  console.log(
    `# bench-cold ${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model} · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const rows: string[] = [];
  const lhRows: string[] = [];
  let largest: { origin: string; site: SiteInfo; close: () => Promise<void> } | undefined;
  for (const spec of values.site ?? []) {
    const [, dir] = spec.split('=');
    const site = readSite(resolve(dir!));
    writeBarePages(site);
    const server = await serveSiteCompressed(site.dir, '.bench');
    const random = seededRandom(35);
    const target = Math.floor(site.papers / 2);
    const query = titleWords(site.titles[target]!).join(' ');
    for (const slow of [true, false]) {
      const results: Record<string, Cold[]> = { explorer: [], ours: [], pagefind: [] };
      for (let r = 0; r < runs; r += 1) {
        const q = encodeURIComponent(query);
        const profileTo =
          slow && r === 0 ? join('.bench', `cold-profile-${site.papers}.cpuprofile`) : undefined;
        results.explorer!.push(
          await coldRun(browser, server, `${server.origin}/?q=${q}`, slow, true, profileTo),
        );
        results.ours!.push(
          await coldRun(
            browser,
            server,
            `${server.origin}/bench-bare/ours.html?q=${q}`,
            slow,
            false,
          ),
        );
        results.pagefind!.push(
          await coldRun(
            browser,
            server,
            `${server.origin}/bench-bare/pagefind.html?q=${q}`,
            slow,
            false,
          ),
        );
      }
      for (const [page, list] of Object.entries(results)) {
        const hit = list.filter((c) => c.slug === site.slugs[target]).length;
        rows.push(
          `| ${site.papers} | ${slow ? 'slow mobile' : 'unthrottled'} | ${page} | ${(median(list.map((c) => c.ms)) / 1000).toFixed(2)} s | ${(median(list.map((c) => c.searchBytes)) / 1024).toFixed(0)} KB | ${(median(list.map((c) => c.allBytes)) / 1024).toFixed(0)} KB | ${hit}/${list.length} |`,
        );
        console.error(rows.at(-1));
      }
      loads.push(loadavg()[0]!);
    }
    const phrases = [3, 7, 11, 13].map((i) =>
      titleWords(site.titles[(target + i * 97) % site.papers]!).join(' '),
    );
    const typoQueries = Array.from({ length: Number(values.typos) }, () => {
      const doc = Math.floor(random() * site.papers);
      const words = titleWords(site.titles[doc]!, 4);
      const k = Math.floor(random() * words.length);
      if (words[k] && words[k]!.length > 4) words[k] = typo(words[k]!, random);
      return { query: words.join(' '), slug: site.slugs[doc]! };
    }).filter((q) => q.query.length > 0);
    for (const engine of ['ours', 'pagefind'] as const) {
      const w = await warm(browser, server.origin, engine, phrases, typoQueries);
      rows.push(
        `| ${site.papers} | warm | ${engine} | p95/keystroke ${w.p95.toFixed(1)} ms (median ${w.median.toFixed(1)}, ${w.keys} keys; first pass p95 ${w.firstPassP95.toFixed(1)} ms) | one-typo top-1 ${(w.top1 * 100).toFixed(0)} % | | |`,
      );
      console.error(rows.at(-1));
    }
    if (largest) await largest.close();
    largest = { origin: server.origin, site, close: server.close };
  }
  if (values.lighthouse && largest) {
    const { origin, site } = largest;
    const q = encodeURIComponent(titleWords(site.titles[Math.floor(site.papers / 2)]!).join(' '));
    const pages: [string, string][] = [
      ['home', '/'],
      ['search link', `/?q=${q}`],
      ['paper page', `/papers/${site.slugs[0]}/`],
      ['glossary', '/glossary/'],
    ];
    for (const [name, path] of pages) {
      const lh = await lighthouse(
        `${origin}${path}`,
        join('.bench', `lighthouse-${name.replace(' ', '-')}.json`),
      );
      lhRows.push(
        `| ${site.papers} | ${name} | ${lh.cls.toFixed(3)} | ${lh.tbt.toFixed(0)} ms | ${(lh.lcp / 1000).toFixed(2)} s | ${Math.round(lh.score * 100)} |`,
      );
      console.error(lhRows.at(-1));
      loads.push(loadavg()[0]!);
    }
  }
  await largest?.close();
  await browser.close();
  console.log(
    '\n| papers | profile | page / engine | first result (median) | search bytes before it | all bytes | intended paper first |',
  );
  console.log(
    '| -----: | ------- | ------------- | --------------------: | ---------------------: | --------: | -------------------: |',
  );
  for (const row of rows) console.log(row);
  if (lhRows.length > 0) {
    console.log('\n| papers | Lighthouse 12 mobile | CLS | TBT | LCP | performance |');
    console.log('| -----: | -------------------- | --: | --: | --: | ----------: |');
    for (const row of lhRows) console.log(row);
  }
  console.log(
    `\nload average (1 min) during the run: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
}

run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
