import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/lib/build/link-check';
import { collectErrors, launchBrowser } from '../support/browser';
import { SEED_DUMPS } from '../support/seeds';
import { buildSite, readBuiltPapers, serveSite } from '../support/site';

// A GitHub Pages project site lives under /<repo>/: every link and asset must carry that base.
const BASE = '/paper-explorer/';
let browser: Browser;
let server: Awaited<ReturnType<typeof serveSite>>;
let outDir: string;

beforeAll(async () => {
  ({ outDir } = await buildSite({ dumps: SEED_DUMPS, outDir: '.tmp/site-base', base: BASE }));
  server = await serveSite(outDir, { base: BASE });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe(`a site built with BASE_PATH=${BASE}`, () => {
  it('has no internal link or asset outside the base', () => {
    expect(checkLinks(outDir, BASE)).toEqual([]);
  });

  it('navigates from the home page to a paper and a tag without errors', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(server.url);
    expect(await page.locator('.paper-list > li').count()).toBe(readBuiltPapers(outDir).length);
    await page.locator('.paper-list h3 a').first().click();
    await page.waitForURL(new RegExp(`${BASE}papers/[^/]+/$`));
    await page.locator('article header .tag').first().click();
    await page.waitForURL(new RegExp(`${BASE}tags/[^/]+/$`));
    expect(await page.locator('.paper-list > li').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
