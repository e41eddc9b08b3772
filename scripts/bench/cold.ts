/**
 * Cold and warm search on a built site, in headless Chromium (issue 35): the explorer page
 * `/?q=…`, and three engines alone on bare pages (ours: the site's search worker; Pagefind 1.6's
 * JS API; MiniSearch 7 in a worker fetching its whole index, having no sharding). A cold run opens
 * a fresh browser context (nothing cached) and times navigation → first result on screen, under
 * the slow mobile profile or unthrottled, and sums the bytes the server sent before it. Warm: the
 * per-keystroke time while phrases are typed letter by letter, and one-typo known-item top-1.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { LinkProfile, Served } from './server';
import { median, p95, type KnownItem } from './known-item';

/** The slow profile's link (150 ms RTT, 1.6 Mbit/s down), set on the server for page and workers. */
export const SLOW_LINK: LinkProfile = { rttMs: 150, bytesPerSecond: 1.6e6 / 8 };
/** The slow profile's CPU: 4× slower, through CDP. (750 kbit/s up: requests are tiny, not modelled.) */
const SLOW_CPU_RATE = 4;

export const PAGES = ['explorer', 'ours', 'pagefind', 'minisearch'] as const;
export type PageName = (typeof PAGES)[number];
export type Engine = Exclude<PageName, 'explorer'>;

/** The files a page fetches to search: our worker and index parts, Pagefind's, MiniSearch's. */
const SEARCH_FILE =
  /^\/(search\/|search-index|search-text\/|_astro\/search-worker|pagefind\/|bench-bare\/minisearch)/;

export const MINISEARCH_INDEX = 'bench-bare/minisearch-index.json';

/** Writes the three bare pages (and MiniSearch's worker) into a built site's `bench-bare/`. */
export async function writeBarePages(dir: string): Promise<void> {
  // The explorer names its worker in `data-worker-url`; older builds had a fixed file name.
  const named = /data-worker-url="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'));
  const file = readdirSync(join(dir, '_astro')).find((f) => /^search-worker-.*\.js$/.test(f));
  const worker = named?.[1] ?? (file && `/_astro/${file}`);
  if (!worker) throw new Error(`${dir}: no search worker in index.html or _astro/`);
  mkdirSync(join(dir, 'bench-bare'), { recursive: true });
  await build({
    entryPoints: ['scripts/bench/minisearch-worker.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    outfile: join(dir, 'bench-bare/minisearch-worker.js'),
    logLevel: 'warning',
  });
  // Ours and MiniSearch speak the same protocol (init, then search → results).
  const workerPage = (title: string, script: string, init: string) =>
    `<!doctype html><meta charset="utf-8"><title>${title}</title><script type="module">
const q = new URLSearchParams(location.search).get('q') ?? '';
const worker = new Worker(${script});
let id = 0; const waiting = new Map();
worker.onmessage = (e) => { const m = e.data; if (m.type === 'results') { waiting.get(m.id)?.(m.results); waiting.delete(m.id); } };
const ask = (query) => new Promise((resolve) => { id += 1; waiting.set(id, resolve); worker.postMessage({ type: 'search', id, query, limit: 10 }); });
window.ask = async (query) => (await ask(query)).hits.map((h) => h.slug);
worker.postMessage(${init});
if (q) ask(q).then((r) => { window.firstSlug = r.hits[0]?.slug; window.firstResult = performance.now(); });
else window.firstResult = 0;
</script>`;
  writeFileSync(
    join(dir, 'bench-bare/ours.html'),
    workerPage(
      'ours',
      `'${worker}', { type: 'module' }`,
      `{ type: 'init', indexUrl: '/search/meta.json', query: q }`,
    ),
  );
  writeFileSync(
    join(dir, 'bench-bare/minisearch.html'),
    workerPage(
      'minisearch',
      `'/bench-bare/minisearch-worker.js'`,
      `{ type: 'init', indexUrl: '/${MINISEARCH_INDEX}' }`,
    ),
  );
  writeFileSync(
    join(dir, 'bench-bare/pagefind.html'),
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

/** The URL path of a page's cold run for query `q`. */
export function pagePath(page: PageName, q: string): string {
  const query = `?q=${encodeURIComponent(q)}`;
  return page === 'explorer' ? `/${query}` : `/bench-bare/${page}.html${query}`;
}

export interface ColdServer {
  origin: string;
  link: (profile: LinkProfile | undefined) => void;
  served: Served[];
}

export interface Cold {
  /** Navigation → first result on screen, ms; NaN when it timed out. */
  ms: number;
  /** Bytes (gzip, on the wire) of search files sent before the first result. */
  searchBytes: number;
  allBytes: number;
  slug: string | undefined;
  /** The search files sent before the first result, `path bytes` (results.json; for diagnosis). */
  searchFiles: string[];
}

/** One cold load of `path`: a fresh context, cache off, the slow profile or none. */
export async function coldRun(
  browser: Browser,
  server: ColdServer,
  path: string,
  slow: boolean,
  options: { explorer: boolean; timeoutMs: number; profileTo?: string },
): Promise<Cold> {
  const context = await browser.newContext(
    slow ? { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (slow) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU_RATE });
  if (options.profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  server.link(slow ? SLOW_LINK : undefined);
  const from = server.served.length;
  if (options.explorer) {
    // The explorer draws results into its list: the first `<li>` there is the first result.
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
  let result: { ms: number; slug: string | undefined; at?: number } = { ms: NaN, slug: undefined };
  try {
    await page.goto(server.origin + path, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { firstResult?: number }).firstResult !== undefined,
      null,
      { timeout: options.timeoutMs, polling: 50 },
    );
    result = await page.evaluate(() => {
      const w = window as unknown as { firstResult: number; firstSlug: string | undefined };
      // The first result's wall-clock time: what the server sent after it (snippet text, the
      // rest of the page of results) is not "before the first result", however late we ask.
      return { ms: w.firstResult, slug: w.firstSlug, at: performance.timeOrigin + w.firstResult };
    });
  } catch (error) {
    // A timeout is a result (NaN, "> timeout"); anything else is a broken page.
    if (!/Timeout/i.test(String(error))) throw error;
  }
  const at = result.at ?? Date.now();
  if (options.profileTo) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(options.profileTo, JSON.stringify(profile));
  }
  const before = server.served.slice(from).filter((d) => d.at <= at);
  server.link(undefined);
  await context.close();
  return {
    ms: result.ms,
    slug: result.slug,
    searchBytes: before.filter((d) => SEARCH_FILE.test(d.path)).reduce((s, d) => s + d.bytes, 0),
    allBytes: before.reduce((s, d) => s + d.bytes, 0),
    searchFiles: before.filter((d) => SEARCH_FILE.test(d.path)).map((d) => `${d.path} ${d.bytes}`),
  };
}

export interface Warm {
  p95: number;
  median: number;
  firstPassP95: number;
  keys: number;
  top1: number;
  /** Bare page open → ready to answer (the whole index loaded for MiniSearch), ms. */
  readyMs: number;
}

type Ask = (q: string) => Promise<string[]>;

/** Warm per-keystroke times and one-typo top-1 of one engine on its bare page (unthrottled). */
export async function warmRun(
  browser: Browser,
  origin: string,
  engine: Engine,
  phrases: readonly string[],
  typos: readonly KnownItem[],
  timeoutMs: number,
): Promise<Warm> {
  const page: Page = await browser.newPage();
  const opened = Date.now();
  await page.goto(`${origin}/bench-bare/${engine}.html`);
  await page.waitForFunction(() => (window as unknown as { ask?: unknown }).ask !== undefined);
  await page.evaluate(() => (window as unknown as { ask: Ask }).ask('warm'), null);
  const readyMs = Date.now() - opened;
  // Every prefix of every phrase typed in turn, twice: the first pass may still fetch parts of a
  // split index, the second finds them in memory (the engine warm, as a whole index is once loaded).
  const typeEveryPrefix = () =>
    page.evaluate(async (list) => {
      const ask = (window as unknown as { ask: Ask }).ask;
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
  page.setDefaultTimeout(timeoutMs);
  const firstPass = await typeEveryPrefix();
  const times = await typeEveryPrefix();
  const found = await page.evaluate(async (list) => {
    const ask = (window as unknown as { ask: Ask }).ask;
    let hits = 0;
    for (const { query, slug } of list) if ((await ask(query))[0] === slug) hits += 1;
    return hits;
  }, typos);
  await page.close();
  return {
    p95: p95(times),
    median: median(times),
    firstPassP95: p95(firstPass),
    keys: times.length,
    top1: found / Math.max(1, typos.length),
    readyMs,
  };
}
