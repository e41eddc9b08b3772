import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { collectErrors, launchBrowser } from '../support/browser';
import { readBuiltPapers } from '../support/site';

// Issue 33: the offline pack for venue Wi-Fi. A copy of the seed site is served from a folder this
// file may change (sirv in dev mode reads files on every request), so a "new deploy" is the same
// origin with a new build id in sw.js, as a host would serve it.

const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);
const COPY = '.tmp/site-offline';
let browser: Browser;
let server: http.Server;
let siteUrl: string;

beforeAll(async () => {
  fs.rmSync(COPY, { recursive: true, force: true });
  fs.cpSync(siteDir, COPY, { recursive: true });
  const serve = sirv(COPY, { dev: true, etag: false, extensions: ['html'] });
  server = http.createServer((req, res) =>
    serve(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(COPY, { recursive: true, force: true });
});

const buildIdOf = (): string =>
  (JSON.parse(fs.readFileSync(`${COPY}/offline.json`, 'utf8')) as { buildId: string }).buildId;

/** The service worker's caches in this browser context. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Saves a paper, then presses "Available offline" on the reading list and waits for it. */
async function takeOffline(context: BrowserContext, paper: Paper): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl}papers/${paper.slug}/`);
  const save = page.locator(`star-button[data-slug="${paper.slug}"] button`);
  await save.click();
  await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
  await page.goto(`${siteUrl}list/`);
  // The size is said before anything is downloaded.
  await expect
    .poll(() => page.locator('.offline-summary').textContent())
    .toMatch(/about [\d.]+ (KB|MB)/);
  const toggle = page.getByRole('button', { name: /Available offline/ });
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
  expect(await page.locator('.offline-status').textContent()).toMatch(/^Available offline: /);
  await page.evaluate(() => navigator.serviceWorker.ready);
  return page;
}

describe('the offline pack', () => {
  it('keeps the home page, a search, a saved paper and the map when the network is gone', async () => {
    const context = await browser.newContext();
    const paper = papers[2]!;
    const page = await takeOffline(context, paper);
    const errors = collectErrors(page);
    expect(await cacheNames(page)).toEqual([`paper-explorer:/:${buildIdOf()}`]);
    await context.setOffline(true);
    // The header says so.
    await expect.poll(() => page.locator('offline-status').isVisible()).toBe(true);
    await page.goto(siteUrl);
    expect(await page.locator('[data-static-list] .paper-list > li').count()).toBe(
      Math.min(papers.length, 100),
    );
    await page.goto(`${siteUrl}?q=diffusion`);
    await expect
      .poll(() => page.locator('[data-result-list] > li').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.goto(`${siteUrl}papers/${paper.slug}/`);
    expect(await page.locator('h1').textContent()).toBe(paper.title);
    await page.goto(`${siteUrl}map/`);
    expect(await page.locator('h1').textContent()).toBe('Topic map');
    // The map draws once its layout arrives (from the cache).
    await expect
      .poll(() => page.locator('topic-map-view').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('ready');
    // A page never visited nor saved says it is not kept, instead of the browser's error page.
    const unseen = papers.find((p) => p.slug !== paper.slug)!;
    await page.goto(`${siteUrl}papers/${unseen.slug}/`);
    expect(await page.locator('h1').textContent()).toBe('You are offline');
    // In the site's look (its font, its header), not the browser's plain serif page.
    expect(await page.locator('header a').textContent()).toBe('Paper Explorer');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).fontFamily),
    ).toContain('system-ui');
    await context.setOffline(false);
    // Offline, the browser reports the requests that failed; the policy is hostile.test.ts's to check.
    const unexpected = /Failed to load resource|ERR_INTERNET_DISCONNECTED|Content Security Policy/;
    expect(errors.filter((e) => !unexpected.test(e))).toEqual([]);
    await context.close();
  });

  it('keeps the page a reader landed on, before any other visit or the pack', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const paper = papers[1]!;
    const landing = `${siteUrl}papers/${paper.slug}/`;
    await page.goto(landing);
    // The first visit loaded before the service worker existed: it is sent the page to keep.
    await expect
      .poll(
        () =>
          page.evaluate(async (url) => {
            for (const name of await caches.keys()) {
              if (await (await caches.open(name)).match(url)) return true;
            }
            return false;
          }, landing),
        { timeout: 30_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    expect(await page.locator('h1').textContent()).toBe(paper.title);
    await context.setOffline(false);
    await context.close();
  });

  it('replaces the cache when a new build is deployed', async () => {
    const context = await browser.newContext();
    const page = await takeOffline(context, papers[0]!);
    const oldId = buildIdOf();
    // A new deploy: another build id in sw.js and offline.json, and a changed home page.
    const newId = 'feedface00000000';
    for (const file of ['sw.js', 'offline.json']) {
      const text = fs.readFileSync(`${COPY}/${file}`, 'utf8');
      fs.writeFileSync(`${COPY}/${file}`, text.replaceAll(oldId, newId));
    }
    const home = fs.readFileSync(`${COPY}/index.html`, 'utf8');
    fs.writeFileSync(
      `${COPY}/index.html`,
      home.replace('</main>', '<p id="new-deploy">New</p></main>'),
    );
    await page.goto(siteUrl);
    // The browser checks for a new service worker on navigation; asking makes it certain.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect
      .poll(() => cacheNames(page), { timeout: 30_000 })
      .toEqual([`paper-explorer:/:${newId}`]);
    // The new build fetched its own pack: the new home page works offline.
    await expect
      .poll(
        () =>
          page.evaluate(async (name) => {
            const cache = await caches.open(name);
            return (await cache.match('/offline-pack')) !== undefined;
          }, `paper-explorer:/:${newId}`),
        { timeout: 30_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.goto(siteUrl);
    expect(await page.locator('#new-deploy').count()).toBe(1);
    await context.setOffline(false);
    await context.close();
  });
});
