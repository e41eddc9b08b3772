import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { MAX_READING_LIST_ITEMS, shareUrl } from '../../src/lib/site/reading-list';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);
const [first, second, third] = papers as [Paper, Paper, Paper];
const LIMIT = MAX_READING_LIST_ITEMS.toLocaleString('en');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs before any page script: makes localStorage throw, as blocked storage does. */
const BLOCK_STORAGE = `Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});`;
/** Runs before any page script: every write is over quota, as with full storage. */
const FILL_STORAGE = `Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};`;

async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  return { page, errors: collectErrors(page) };
}

const starButton = (page: Page, paper: Paper) =>
  page.locator(`star-button[data-slug="${paper.slug}"] button`);
const listRows = (page: Page) => page.locator('.rl-items > li');

async function star(page: Page, paper: Paper) {
  const button = starButton(page, paper);
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe('reading list', () => {
  it("has a paper page's Save button in the page itself, so nothing moves when it starts", async () => {
    // Built by the script, the button shifted the page's actions and abstract on a slow phone.
    const html = await (await fetch(`${siteUrl}papers/${third.slug}/`)).text();
    const element = html.slice(html.indexOf('<star-button'), html.indexOf('</star-button>'));
    expect(element).toContain('data-needs-js');
    expect(element).toMatch(/<button[^>]*class="star-toggle"/);
    expect(element).not.toMatch(/<button[^>]*\shidden/);
    // Without JavaScript it cannot work, so it is not shown.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}papers/${third.slug}/`);
    expect(await starButton(page, third).isVisible()).toBe(false);
    await context.close();
  });

  it('stars from the paper list and the paper page, keeps notes, and unstars', async () => {
    const context = await browser.newContext();
    const { page, errors } = await newPage(context);
    await page.goto(siteUrl);
    await star(page, first);
    await page.goto(`${siteUrl}papers/${second.slug}/`);
    expect(await page.getByRole('button', { name: `Save ${second.title}` }).count()).toBe(1);
    await star(page, second);
    await page.goto(`${siteUrl}list/`);
    await expect.poll(() => listRows(page).count()).toBe(2);
    expect(await listRows(page).locator('h3 a').allTextContents()).toEqual([
      first.title,
      second.title,
    ]);
    await listRows(page).first().getByLabel('Note').fill('Read section 3 first');
    await listRows(page).first().getByLabel('Note').blur();
    await page.reload();
    await expect
      .poll(() => listRows(page).first().getByLabel('Note').inputValue())
      .toBe('Read section 3 first');
    await page.getByRole('button', { name: `Remove ${second.title}` }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    await page.goto(`${siteUrl}papers/${second.slug}/`);
    expect(await starButton(page, second).getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('round-trips through a share link: star, export the URL, open it in a fresh browser, import', async () => {
    const sender = await browser.newContext();
    const { page } = await newPage(sender);
    await page.goto(siteUrl);
    await star(page, first);
    await star(page, third);
    await page.goto(`${siteUrl}list/`);
    await listRows(page).nth(1).getByLabel('Note').fill('Compare with the baseline');
    await listRows(page).nth(1).getByLabel('Note').blur();
    // Notes travel only in the long link, on request (the short one carries paper ids).
    await page.getByLabel(/Include titles and notes/).check();
    await page.getByRole('button', { name: 'Copy share link' }).click();
    const shareLink = await page.getByLabel('Share link').inputValue();
    expect(shareLink).toMatch(/\/list\/#import=[\w-]+$/);
    await sender.close();

    const receiver = await browser.newContext();
    const { page: other, errors } = await newPage(receiver);
    await other.goto(shareLink);
    const offer = other.locator('reading-list-import');
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.locator('li a').allTextContents()).toEqual([first.title, third.title]);
    expect(await listRows(other).count()).toBe(0);
    await other.getByRole('button', { name: 'Import 2 papers' }).click();
    await expect.poll(() => listRows(other).count()).toBe(2);
    expect(await listRows(other).nth(1).getByLabel('Note').inputValue()).toBe(
      'Compare with the baseline',
    );
    expect(new URL(other.url()).hash).toBe('');
    await other.reload();
    await expect.poll(() => listRows(other).count()).toBe(2);
    expect(await offer.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await receiver.close();
  });

  it('opens a 30,000-paper share link at once, offers the first 5,000 and says so', async () => {
    // Short slugs and titles keep the link (≈ 0.8 MB) under Chromium's 2 MB URL limit.
    const huge = Array.from({ length: 30_000 }, (_, i) => ({
      slug: `p-${i.toString(36)}`,
      title: `P${i}`,
      note: '',
      addedAt: '',
    }));
    const context = await browser.newContext();
    const { page, errors } = await newPage(context);
    await page.goto(shareUrl(`${siteUrl}list/`, huge));
    const offer = page.locator('reading-list-import');
    await expect.poll(() => offer.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await offer.locator('.rl-import-summary').textContent()).toBe(
      `This link shares ${LIMIT} papers or more, the most a reading list holds; the first ${LIMIT} are offered:`,
    );
    expect(await offer.locator('li').count()).toBe(MAX_READING_LIST_ITEMS);
    await page.getByRole('button', { name: `Import ${MAX_READING_LIST_ITEMS} papers` }).click();
    await expect
      .poll(() => offer.locator('.rl-import-status').textContent(), { timeout: 20_000 })
      .toBe(`Imported ${MAX_READING_LIST_ITEMS} papers.`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports Markdown and JSON, and the JSON imports into another browser', async () => {
    const context = await browser.newContext();
    const { page } = await newPage(context);
    await page.goto(siteUrl);
    await star(page, second);
    await page.goto(`${siteUrl}list/`);
    const [markdown] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Markdown' }).click(),
    ]);
    const markdownText = fs.readFileSync((await markdown.path())!, 'utf8');
    expect(markdown.suggestedFilename()).toBe('reading-list.md');
    expect(markdownText).toContain(`(<${siteUrl}papers/${second.slug}/>)`);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    const jsonText = fs.readFileSync((await json.path())!, 'utf8');
    const exported = JSON.parse(jsonText) as { papers: { slug: string; url: string }[] };
    expect(exported.papers.map((p) => [p.slug, p.url])).toEqual([
      [second.slug, `${siteUrl}papers/${second.slug}/`],
    ]);
    await context.close();

    const fresh = await browser.newContext();
    const { page: other } = await newPage(fresh);
    await other.goto(`${siteUrl}list/`);
    await other.getByLabel('Import a JSON export').setInputFiles({
      name: 'reading-list.json',
      mimeType: 'application/json',
      buffer: Buffer.from(jsonText),
    });
    await expect
      .poll(() => listRows(other).locator('h3 a').allTextContents())
      .toEqual([second.title]);
    await fresh.close();
  });

  it('works for this page, and says so, when the browser blocks storage', async () => {
    const context = await browser.newContext();
    await context.addInitScript(BLOCK_STORAGE);
    const { page, errors } = await newPage(context);
    await page.goto(`${siteUrl}papers/${first.slug}/`);
    await star(page, first);
    expect(
      await page.locator(`star-button[data-slug="${first.slug}"] .star-status`).textContent(),
    ).toMatch(/does not let this site store data/);
    await page.goto(`${siteUrl}list/`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/does not let this site store data/);
    expect(await page.getByRole('button', { name: 'Copy share link' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the change for this page, and says so, when storage is full', async () => {
    const context = await browser.newContext();
    await context.addInitScript(FILL_STORAGE);
    const { page, errors } = await newPage(context);
    await page.goto(siteUrl);
    await star(page, first);
    expect(
      await page.locator(`star-button[data-slug="${first.slug}"] .star-status`).textContent(),
    ).toMatch(/storage .* is full/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the list needs JavaScript instead of showing an empty list', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const { page } = await newPage(context);
    await page.goto(`${siteUrl}list/`);
    expect(await page.locator('.rl-nojs').textContent()).toMatch(/needs JavaScript/);
    expect(await page.getByRole('button', { name: 'Copy share link' }).isVisible()).toBe(false);
    await context.close();
  });
});
