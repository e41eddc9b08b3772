import type { Browser } from 'playwright-core';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { seriousViolations } from '../support/axe';
import { openPage, launchBrowser } from '../support/browser';
import { buildSite, readBuiltPapers, serveSite } from '../support/site';

// A site built from the BibTeX, JSON Lines, CSV and plain-text fixtures, all with metadata.
let browser: Browser;
let server: Awaited<ReturnType<typeof serveSite>>;
let papers: Paper[];
let outDir: string;
const byTitle = (start: string): Paper => papers.find((p) => p.title.startsWith(start))!;

beforeAll(async () => {
  const site = await buildSite({
    dumps: 'tests/fixtures/formats/good',
    outDir: '.tmp/site-scholarly',
  });
  outDir = site.outDir;
  papers = readBuiltPapers(outDir);
  server = await serveSite(site.outDir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const paperUrl = (paper: Paper) => `${server.url}papers/${paper.slug}/`;

describe('a paper with given metadata', () => {
  it('shows its given title and authors, and says nothing of a derived title', async () => {
    const { page, errors, close } = await openPage(browser, paperUrl(byTitle('Bayesian')));
    // The title's formula is typeset in the heading, as the BibTeX file wrote it; the tab's
    // title is plain text.
    const heading = page.locator('h1');
    expect(
      await heading.evaluate((h) =>
        [...h.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : '·')),
      ),
    ).toEqual(['Bayesian Nyström Sketches for ', '·', ' Kernel Regression']);
    expect(await heading.locator('.katex annotation').textContent()).toBe(
      String.raw`\mathcal{O}(n \log n)`,
    );
    expect(await page.title()).toBe(
      'Bayesian Nyström Sketches for O(n log n) Kernel Regression · Paper Explorer',
    );
    expect(await page.getByText('Title derived from the abstract').count()).toBe(0);
    expect(await page.locator('.paper-authors a').allTextContents()).toEqual([
      'Åsa Lindqvist',
      'Karl Müller',
      'Pieter van der Berg',
    ]);
    const links = await page.locator('.paper-links a').allTextContents();
    expect(links).toEqual(['PDF', 'DOI 10.5555/imaginary.2026.0042', 'OpenReview']);
    expect(errors).toEqual([]);
    await close();
  });

  it('carries Google Scholar citation_* tags', async () => {
    const { page, close } = await openPage(browser, paperUrl(byTitle('Bayesian')));
    const meta = (name: string) =>
      page
        .locator(`meta[name="${name}"]`)
        .evaluateAll((els) => els.map((el) => el.getAttribute('content')));
    expect(await meta('citation_title')).toEqual([
      'Bayesian Nyström Sketches for O(n log n) Kernel Regression',
    ]);
    expect(await meta('citation_author')).toEqual([
      'Åsa Lindqvist',
      'Karl Müller',
      'Pieter van der Berg',
    ]);
    expect(await meta('citation_publication_date')).toEqual(['2026']);
    expect(await meta('citation_conference_title')).toEqual(['ICLR 2026 Papers']);
    expect(await meta('citation_pdf_url')).toEqual(['https://example.org/papers/lindqvist26.pdf']);
    await close();
  });

  it('copies its BibTeX and plain-text citation from the Cite dialog', async () => {
    const { page, errors, close } = await openPage(browser, paperUrl(byTitle('Bayesian')), {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const dialog = page.locator('cite-paper dialog');
    expect(await dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Cite' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Copy BibTeX' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('BibTeX copied');
    const bibtex = await page.evaluate(() => navigator.clipboard.readText());
    expect(bibtex).toMatch(/^@inproceedings\{lindqvist26,\n {2}title = \{\{Bayesian Nyström/);
    expect(bibtex).toContain('author = {Åsa Lindqvist and Karl Müller and Pieter van der Berg}');
    await dialog.getByRole('button', { name: 'Copy citation' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        'Lindqvist, Å., Müller, K., van der Berg, P. (2026). Bayesian Nyström Sketches for O(n log n) Kernel Regression. ICLR 2026. https://doi.org/10.5555/imaginary.2026.0042',
      );
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('names its sources by venue, never by file name or position', async () => {
    const lanterns = byTitle('Sparse Lanterns');
    const { page, close } = await openPage(browser, paperUrl(lanterns));
    const sources = await page.locator('.source li').allTextContents();
    // Two copies in one venue (its headers in two languages) are one line.
    expect(sources).toEqual(['Listed in ICLR 2026']);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toMatch(/\.(txt|bib|jsonl|csv)\b/);
    await close();
  });
});

describe('a paper without a given title', () => {
  it('says its title was derived from the abstract', async () => {
    const derived = papers.find((p) => p.titleSource === 'derived' && p.authors.length === 0)!;
    const { page, close } = await openPage(browser, paperUrl(derived));
    expect(await page.locator('h1').textContent()).toBe(derived.title);
    expect(await page.locator('.title-note').textContent()).toBe('Title derived from the abstract');
    expect(await page.locator('meta[name="citation_author"]').count()).toBe(0);
    await close();
  });
});

describe('authors', () => {
  it('each have a page listing their papers, reached from a paper page', async () => {
    const { page, errors, close } = await openPage(browser, paperUrl(byTitle('Bayesian')));
    await page.locator('.paper-authors a', { hasText: 'Åsa Lindqvist' }).click();
    await page.waitForURL(/\/authors\/asa-lindqvist\/$/);
    expect(await page.locator('h1').textContent()).toBe('Åsa Lindqvist');
    const titles = await page.locator('.paper-list h3').allTextContents();
    expect(titles.map((t) => t.trim()).sort()).toEqual(
      papers
        .filter((p) => p.authors.includes('Åsa Lindqvist'))
        .map((p) => p.title)
        .sort(),
    );
    expect(titles).toHaveLength(3);
    expect(errors).toEqual([]);
    await close();
  });

  it('appear on the explorer as a facet with counts and a filter box', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    const facet = page.locator('.author-facet');
    const top = await facet
      .locator('ul')
      .first()
      .locator('a')
      .evaluateAll((links) =>
        links.map((a) => [
          a.querySelector('.facet-label')?.textContent,
          a.querySelector('.facet-count')?.textContent,
        ]),
      );
    expect(top.slice(0, 2)).toEqual([
      ['Mei Tanaka', '3'],
      ['Åsa Lindqvist', '3'],
    ]);
    await facet.getByLabel(/Find an author/).fill('berg');
    const match = facet.locator('.author-matches a');
    await expect.poll(() => match.allTextContents()).toEqual(['Pieter van der Berg (2)']);
    await match.click();
    await page.waitForURL(/\/authors\/pieter-van-der-berg\/$/);
    expect(await page.locator('.paper-list > li').count()).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });

  it('are shown on paper cards and found by the search box', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    const card = page.locator('.paper-card', { hasText: 'Tidal Memory' });
    expect(await card.locator('.paper-card-authors a').allTextContents()).toEqual([
      'Chidi Okafor',
      'Åsa Lindqvist',
    ]);
    await page.locator('#search-input').pressSequentially('okafor', { delay: 30 });
    const hits = page.locator('[data-result-list] > li');
    await expect.poll(() => hits.count()).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });

  it('venues named in two languages appear once on the explorer', async () => {
    const { page, close } = await openPage(browser, server.url);
    const heading = (await page.locator('h1').textContent())?.replace(/\s+/g, ' ').trim();
    expect(heading).toBe('ICLR 2026 · Fourteenth Workshop on Imaginary Learning 2026');
    await close();
  });
});

describe('the new pages and controls', () => {
  it('have no serious accessibility violation: open Cite dialog, author page, author matches', async () => {
    const paper = await openPage(browser, paperUrl(byTitle('Bayesian')));
    await paper.page.getByRole('button', { name: 'Cite' }).click();
    expect(await seriousViolations(paper.page)).toEqual([]);
    await paper.close();
    const author = await openPage(browser, `${server.url}authors/asa-lindqvist/`);
    expect(await seriousViolations(author.page)).toEqual([]);
    await author.close();
    const home = await openPage(browser, server.url);
    await home.page.getByLabel(/Find an author/).fill('a');
    await expect.poll(() => home.page.locator('.author-matches a').count()).toBeGreaterThan(0);
    expect(await seriousViolations(home.page)).toEqual([]);
    await home.close();
  });

  it('are valid HTML', async () => {
    const validate = promisify(execFile)('npx', ['tsx', 'scripts/validate-html.ts', outDir]);
    await expect(validate).resolves.toBeTruthy();
  });
});
