/**
 * Measures `/map/` of a built site as a reader gets it, in headless Chromium over loopback: the
 * page's HTML (raw and gzipped), the layout file, and per run (a fresh browser context, so nothing
 * is cached) the time from navigation to first contentful paint, to DOMContentLoaded and to the
 * map being drawn and answering taps (`performance.mark('map-ready')`, map-view.ts), the long
 * tasks before that, the elements in the page, and a tap on a dot until its preview shows a title.
 *   tsx scripts/bench-map.ts --dir <built site> [--runs 3]
 * Build a large site first: generate-dumps.ts --count 20000, ingest, build-site.ts (README).
 * Prints a Markdown table and the machine's load average before and after.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/support/browser';
import { serveSite } from '../tests/support/site';

const { values } = parseArgs({
  options: { dir: { type: 'string', default: 'dist' }, runs: { type: 'string', default: '3' } },
});
const dir = values.dir!;
const runs = Number(values.runs);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const html = readFileSync(join(dir, 'map/index.html'));
const layout = readFileSync(join(dir, 'map-layout.json'));
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()}`);
console.log(`/map/ HTML: ${kb(html.length)} (${kb(gzipSync(html).length)} gzipped)`);
console.log(`/map-layout.json: ${kb(layout.length)} (${kb(gzipSync(layout).length)} gzipped)`);

const server = await serveSite(dir);
const browser = await launchBrowser();
const rows: string[] = [];
for (const [name, options] of [
  ['desktop 1366×900', { viewport: { width: 1366, height: 900 } }],
  ['phone 390×844', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const) {
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const durations: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      (window as unknown as { longTasks: number[] }).longTasks = durations;
    });
    await page.goto(`${server.url}map/`);
    await page.waitForSelector('topic-map-view[data-state="ready"]', { timeout: 60_000 });
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const ready = performance.getEntriesByName('map-ready')[0]!;
      const { longTasks } = window as unknown as { longTasks: number[] };
      return {
        fcp: paint?.startTime ?? NaN,
        dcl: nav.domContentLoadedEventEnd,
        ready: ready.startTime,
        longTasks: longTasks.length,
        longest: Math.max(0, ...longTasks),
        elements: document.querySelectorAll('*').length,
      };
    });
    await page.locator('.map-stage').scrollIntoViewIfNeeded();
    const start = Date.now();
    const at = await page.evaluate(() =>
      (
        document.querySelector('topic-map-view') as unknown as {
          screenPointOf(i: number): { x: number; y: number };
        }
      ).screenPointOf(0),
    );
    if (name.startsWith('phone')) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => {
      const title = document.querySelector('.map-preview-title')?.textContent ?? '';
      return title !== '' && title !== 'Loading…';
    });
    const tap = Date.now() - start;
    rows.push(
      `| ${name} | ${run} | ${timing.fcp.toFixed(0)} | ${timing.dcl.toFixed(0)} | **${timing.ready.toFixed(0)}** | ${timing.longTasks} (longest ${timing.longest.toFixed(0)}) | ${timing.elements} | ${tap} |`,
    );
    await context.close();
  }
}
await browser.close();
await server.close();
console.log(
  '\n| screen | run | first paint ms | DOMContentLoaded ms | map drawn and tappable ms | long tasks before | elements | tap → preview ms |',
);
console.log('| --- | --: | --: | --: | --: | --- | --: | --: |');
for (const row of rows) console.log(row);
console.log(`\nload average after: ${load()}`);
