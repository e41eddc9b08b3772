import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { readBuiltPapers } from '../support/site';
import { launchBrowser, openPage } from '../support/browser';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);
const mathPaper = papers.find((p) => p.abstract.includes('$'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const open = (url: string, options: { javaScriptEnabled?: boolean } = {}) =>
  openPage(browser, url, options);

const paperCards = (page: Page) => page.locator('.paper-list > li');

describe('home page', () => {
  it('lists every seed paper with titles, summaries and tag links', async () => {
    const { page, errors, close } = await open(siteUrl);
    await expect.poll(() => paperCards(page).count()).toBe(papers.length);
    await expect(page.locator('h1').textContent()).resolves.toContain('ICLR 2026');
    await expect(
      page.getByRole('heading', { name: `All ${papers.length} papers` }).count(),
    ).resolves.toBe(1);
    const first = papers[0]!;
    const card = page.locator(`li[data-slug="${first.slug}"]`);
    await expect(card.locator('h3 a').textContent()).resolves.toBe(first.title);
    await expect(card.locator('.paper-card-summary').textContent()).resolves.toBe(first.summary);
    expect(errors).toEqual([]);
    await close();
  });

  it('still lists every paper with JavaScript turned off, and tag links work', async () => {
    const { page, close } = await open(siteUrl, { javaScriptEnabled: false });
    expect(await paperCards(page).count()).toBe(papers.length);
    const facet = page.locator('.facets a[data-tag]').first();
    const count = Number(await facet.locator('.facet-count').textContent());
    await facet.click();
    await page.waitForURL(/\/tags\/[^/]+\/$/);
    expect(await paperCards(page).count()).toBe(count);
    await close();
  });

  it('sorts by title through a plain link', async () => {
    const { page, close } = await open(`${siteUrl}by-title/`);
    const titles = await page.locator('.paper-list h3 a').allTextContents();
    expect(titles).toHaveLength(papers.length);
    const sorted = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(titles.map((t) => t.trim())).toEqual(sorted.map((t) => t.trim()));
    await close();
  });
});

describe('paper page', () => {
  it('renders math with KaTeX at build time and leaves no raw $ in the abstract', async () => {
    expect(mathPaper, 'a seed abstract with LaTeX math').toBeDefined();
    const { page, errors, close } = await open(`${siteUrl}papers/${mathPaper!.slug}/`);
    expect(await page.locator('.abstract .katex').count()).toBeGreaterThan(0);
    const text = await page.locator('.abstract .katex-html, .abstract > p').first().innerText();
    expect(text).not.toContain('$');
    expect(await page.locator('.abstract').innerText()).not.toMatch(/\$|\\[a-z]+\{/);
    expect(await page.locator('script[src*="katex"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('has a canonical URL, Open Graph, Twitter and JSON-LD metadata from the record', async () => {
    const paper = papers[3]!;
    const { page, close } = await open(`${siteUrl}papers/${paper.slug}/`);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    await expect(page.title()).resolves.toBe(`${paper.title} · Paper Explorer`);
    await expect(page.locator('h1').textContent()).resolves.toBe(paper.title);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/papers/${paper.slug}/$`));
    await expect(meta('meta[property="og:title"]')).resolves.toBe(
      `${paper.title} · Paper Explorer`,
    );
    await expect(meta('meta[property="og:description"]')).resolves.toBe(paper.summary);
    await expect(meta('meta[property="og:url"]')).resolves.toBe(canonical);
    await expect(meta('meta[name="description"]')).resolves.toBe(paper.summary);
    await expect(meta('meta[name="twitter:card"]')).resolves.toBe('summary_large_image');
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(jsonLd).toMatchObject({ '@type': 'ScholarlyArticle', headline: paper.title });
    await close();
  });

  it('links to its tag pages and its related papers, which open', async () => {
    const paper = papers.find((p) => p.related.length > 0 && p.tags.length > 0)!;
    const { page, errors, close } = await open(`${siteUrl}papers/${paper.slug}/`);
    const tagLink = page.locator('article header .tag').first();
    const tagLabel = (await tagLink.textContent())!.trim();
    await tagLink.click();
    await page.waitForURL(/\/tags\/[^/]+\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe(tagLabel);
    expect(await page.locator(`li[data-slug="${paper.slug}"]`).count()).toBe(1);
    await page.goBack();
    const related = page.locator('.related a').first();
    const relatedTitle = (await related.textContent())!.trim();
    await related.click();
    await page.waitForURL(/\/papers\/[^/]+\/$/);
    await expect(page.locator('h1').textContent()).resolves.toBe(relatedTitle);
    expect(errors).toEqual([]);
    await close();
  });

  it('copies its link with the copy-link button', async () => {
    const paper = papers[0]!;
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.goto(`${siteUrl}papers/${paper.slug}/`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.locator('.copy-link-status').textContent()).toBe('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/papers/${paper.slug}/$`));
    await context.close();
  });
});

describe('tags, data and errors', () => {
  it('lists every tag with its count, and each tag page lists that many papers', async () => {
    const { page, errors, close } = await open(`${siteUrl}tags/`);
    const links = page.locator('.tag-index li');
    expect(await links.count()).toBeGreaterThan(5);
    const first = links.first();
    const count = Number((await first.locator('.muted').textContent())!.match(/\d+/)![0]);
    await first.locator('a').click();
    expect(await paperCards(page).count()).toBe(count);
    expect(errors).toEqual([]);
    await close();
  });

  it('moves a paper link whose readable part changed (a better title) to the paper, by its short id', async () => {
    const paper = papers[papers.length - 1]!;
    const id = paper.slug.match(/-([0-9a-f]{6,12})$/)![1]!;
    const { page, status, errors, close } = await open(
      `${siteUrl}papers/an-older-title-${id}/#abstract`,
    );
    expect(status).toBe(404);
    await page.waitForURL(`${siteUrl}papers/${paper.slug}/#abstract`);
    await expect(page.locator('h1').textContent()).resolves.toContain(paper.title);
    // The old address itself answers 404 (a host's not-found page); nothing else goes wrong.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    await close();
    // An id no paper has stays on the helpful 404 page.
    const lost = await open(`${siteUrl}papers/an-older-title-000000/`);
    await lost.page.waitForLoadState('networkidle');
    await expect(lost.page.locator('h1').textContent()).resolves.toBe('Page not found');
    await lost.close();
  });

  it('serves papers.json.gz, sitemap.xml, robots.txt and a helpful 404', async () => {
    const { page, status, close } = await open(`${siteUrl}no-such-paper/`);
    expect(status).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
    expect(await page.locator('input[name="q"]').count()).toBe(1);
    // The export is gzipped (a 20,000-paper corpus would otherwise be its site's largest file).
    const download = page.locator('footer a', { hasText: 'Download the data' });
    expect(await download.getAttribute('href')).toBe('/papers.json.gz');
    expect((await fetch(`${siteUrl}papers.json.gz`)).status).toBe(200);
    // The file as a reader saves it (hosts differ in whether they label it Content-Encoding: gzip).
    const gzipped = fs.readFileSync(path.join(siteDir, 'papers.json.gz'));
    const data = JSON.parse(gunzipSync(gzipped).toString('utf8'));
    expect(data.schemaVersion).toBe(1);
    expect(data.count).toBe(papers.length);
    expect(data.papers.map((paper: Paper) => paper.slug)).toEqual(papers.map((p) => p.slug));
    const sitemap = await (await fetch(`${siteUrl}sitemap.xml`)).text();
    expect(sitemap).toContain('<sitemapindex');
    const urls = fs.readFileSync(path.join(siteDir, 'sitemap-0.xml'), 'utf8');
    expect(urls).toContain(`/papers/${papers[0]!.slug}/`);
    await expect((await fetch(`${siteUrl}robots.txt`)).text()).resolves.toContain('Sitemap:');
    await close();
  });

  it('keeps the picked theme across pages without JavaScript races', async () => {
    const { page, close } = await open(siteUrl);
    const dark = page.getByRole('button', { name: 'Dark', exact: true });
    expect(await dark.getAttribute('aria-pressed')).toBe('false');
    await dark.click();
    expect(await dark.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${siteUrl}tags/`);
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(theme).toBe('dark');
    expect(await dark.getAttribute('aria-pressed')).toBe('true');
    await close();
  });
});
