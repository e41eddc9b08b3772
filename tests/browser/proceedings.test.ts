import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@retorquere/bibtex-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { AnyNode } from 'domhandler';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { buildSite, readBuiltPapers, serveSite } from '../support/site';

// A site built from real proceedings (tests/fixtures/proceedings: PMLR volumes of ICML 2023 and
// AISTATS 2024, an OpenReview export, and a plain-text dump whose titles are derived): venue and
// year, authors and citations wherever a paper is listed, and no build jargon on any page.
let browser: Browser;
let server: Awaited<ReturnType<typeof serveSite>>;
let papers: Paper[];
let outDir: string;
const byKey = (key: string): Paper => papers.find((p) => p.sources[0]?.key === key)!;

beforeAll(async () => {
  const site = await buildSite({ dumps: 'tests/fixtures/proceedings', outDir: '.tmp/site-proc' });
  outDir = site.outDir;
  papers = readBuiltPapers(outDir);
  server = await serveSite(outDir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const paperUrl = (paper: Paper) => `${server.url}papers/${paper.slug}/`;
const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const card = (page: Page, title: string) =>
  page.locator('.paper-card', { has: page.locator('h3 a', { hasText: title }) });

describe('a PMLR paper page', () => {
  it('links the PDF and the OpenReview forum, and names venue, year and pages', async () => {
    const kitamura = byKey('kitamura23');
    const { page, errors, close } = await openPage(browser, paperUrl(kitamura));
    const links = page.locator('.paper-links a');
    expect(await links.allTextContents()).toEqual(['PDF', 'OpenReview']);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'https://openreview.net/pdf?id=0rZvMIfECW',
      'https://openreview.net/forum?id=0rZvMIfECW',
    ]);
    expect(words(await page.locator('.paper-venue').textContent())).toBe(
      'ICML 2023, pp. 17135–17175',
    );
    expect(await page.locator('.source li').allTextContents()).toEqual([
      'ICML 2023, pp. 17135–17175',
    ]);
    expect(errors).toEqual([]);
    await close();
  });

  it("cites it in the Cite dialog's BibTeX with booktitle, year, pages, editors and the official URL", async () => {
    const { page, errors, close } = await openPage(browser, paperUrl(byKey('kitamura23')));
    await page.getByRole('button', { name: 'Cite' }).click();
    const bibtex = (await page.locator('cite-paper dialog pre').textContent()) ?? '';
    const library = parse(bibtex, { english: false });
    expect(library.errors).toEqual([]);
    expect(library.entries).toHaveLength(1);
    const [entry] = library.entries;
    expect(entry!.key).toBe('kitamura23');
    expect(entry!.type).toBe('inproceedings');
    expect(entry!.fields.booktitle).toBe(
      'Proceedings of the 40th International Conference on Machine Learning',
    );
    expect(entry!.fields.year).toBe('2023');
    expect(entry!.fields.pages).toBe('17135–17175');
    expect(entry!.fields.editor?.map((e) => e.lastName)).toEqual([
      'Krause',
      'Brunskill',
      'Cho',
      'Engelhardt',
      'Sabato',
      'Scarlett',
    ]);
    expect(entry!.fields.url).toBe('https://openreview.net/forum?id=0rZvMIfECW');
    expect(entry!.fields.author?.[0]?.lastName).toBe('Kitamura');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('describes it in JSON-LD as part of its proceedings, with date, pages and official links', async () => {
    const { page, close } = await openPage(browser, paperUrl(byKey('kitamura23')));
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null',
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      datePublished: '2023',
      pagination: '17135-17175',
      sameAs: [
        'https://openreview.net/pdf?id=0rZvMIfECW',
        'https://openreview.net/forum?id=0rZvMIfECW',
      ],
      isPartOf: {
        '@type': 'Book',
        name: 'Proceedings of the 40th International Conference on Machine Learning',
        volumeNumber: '202',
      },
    });
    await close();
  });
});

describe('paper cards and search results', () => {
  it('show venue and year, authors, and mark derived titles', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    const kitamura = card(page, 'Regularization and Variance-Weighted');
    expect(words(await kitamura.locator('.paper-card-venue').textContent())).toBe('ICML 2023');
    expect((await kitamura.locator('.paper-card-authors a').allTextContents()).slice(0, 2)).toEqual(
      ['Toshinori Kitamura', 'Tadashi Kozuno'],
    );
    expect(await kitamura.locator('.derived-mark').count()).toBe(0);
    const derived = papers.find((p) => p.titleSource === 'derived')!;
    const plain = card(page, derived.title);
    expect(words(await plain.locator('.paper-card-venue').textContent())).toBe('ICLR 2026');
    expect(await plain.locator('.derived-mark').textContent()).toBe('(derived title)');
    expect(
      await page.getByRole('heading', { name: `${derived.title} (derived title)` }).count(),
    ).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('a surname search shows the author highlighted, and venue and year, on the result', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    await page.locator('#search-input').pressSequentially('Abedsoltan', { delay: 20 });
    const hits = page.locator('[data-result-list] > li');
    await expect.poll(() => hits.count()).toBe(1);
    const hit = hits.first();
    expect(await hit.locator('.paper-card-authors mark').allTextContents()).toEqual(['Abedsoltan']);
    expect(await hit.locator('.paper-card-authors a').first().textContent()).toBe(
      'Amirhesam Abedsoltan',
    );
    expect(await hit.locator('.paper-card-venue').textContent()).toBe('AISTATS 2024');
    expect(await hit.locator('.derived-mark').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('filters by venue and by year, with and without a query, in a shareable URL', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    const venues = page.locator('a[data-facet="venue"]');
    expect((await venues.locator('.facet-label').allTextContents()).map(words)).toEqual([
      'ICLR 2026',
      'ICML 2023',
      'ICLR 2024',
      'EMNLP 2023',
      'AISTATS 2024',
    ]);
    // Five venues are counted in the heading, not listed: a list of them filled a phone's screen.
    expect((await page.locator('h1').textContent())?.trim()).toBe('Papers from 5 venues');
    await venues.filter({ hasText: 'ICML 2023' }).click();
    await page.waitForURL(/\?venue=icml-2023$/);
    const hits = page.locator('[data-result-list] > li');
    await expect.poll(() => hits.count()).toBe(3);
    expect(new Set(await hits.locator('.paper-card-venue').allTextContents())).toEqual(
      new Set(['ICML 2023']),
    );
    // Another venue widens the filter (a paper has one venue); counts follow the other filters.
    await venues.filter({ hasText: 'AISTATS 2024' }).click();
    await page.waitForURL(/\?venue=icml-2023&venue=aistats-2024$/);
    await expect.poll(() => hits.count()).toBe(6);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.goto(`${server.url}?q=reinforcement&year=2023`);
    await expect.poll(() => hits.count()).toBeGreaterThan(0);
    const years = await hits.locator('.paper-card-venue').allTextContents();
    expect(years.every((text) => text.includes('2023'))).toBe(true);
    const chip = page.locator('[data-filter-chips] button');
    expect(await chip.getAttribute('aria-label')).toBe('Remove filter 2023');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

/** A tiny RIS reader: records end at `ER  -`; each line is `TAG  - value`. */
function parseRis(text: string): Record<string, string[]>[] {
  const records: Record<string, string[]>[] = [];
  let record: Record<string, string[]> = {};
  for (const line of text.split(/\r\n/)) {
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) {
      expect(line).toBe('');
      continue;
    }
    const [, tag, value] = match;
    if (tag === 'ER') {
      records.push(record);
      record = {};
    } else (record[tag!] ??= []).push(value!);
  }
  expect(record).toEqual({});
  return records;
}

describe('the reading list', () => {
  it('exports two saved papers as BibTeX and RIS, and lists their authors, venue and year', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const kitamura = byKey('kitamura23');
    const derived = papers.find((p) => p.titleSource === 'derived')!;
    for (const paper of [kitamura, derived]) {
      await page.goto(paperUrl(paper));
      await page.locator('star-button button').click();
    }
    await page.goto(`${server.url}list/`);
    const rows = page.locator('.rl-item');
    await expect
      .poll(() => rows.locator('.rl-venue').allTextContents())
      .toEqual(['ICML 2023', 'ICLR 2026']);
    expect(await rows.first().locator('.rl-authors a').first().textContent()).toBe(
      'Toshinori Kitamura',
    );
    expect(await rows.nth(1).locator('.derived-mark').textContent()).toBe('(derived title)');

    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      return fs.readFileSync((await file.path())!, 'utf8');
    };
    const library = parse(await download('Download BibTeX'), { english: false });
    expect(library.errors).toEqual([]);
    expect(library.entries).toHaveLength(2);
    expect(library.entries.map((e) => e.fields.title)).toEqual([kitamura.title, derived.title]);
    expect(library.entries[0]!.fields.booktitle).toBe(
      'Proceedings of the 40th International Conference on Machine Learning',
    );
    expect(library.entries[1]!.fields.note).toBe('Title derived from the abstract');
    // A paper without an official link is cited at its page on the site (SITE_URL).
    expect(library.entries[1]!.fields.url).toBe(`http://localhost:4321/papers/${derived.slug}/`);

    const ris = parseRis(await download('Download RIS'));
    expect(ris).toHaveLength(2);
    expect(ris.map((r) => [r.TY, r.TI, r.PY])).toEqual([
      [['CPAPER'], [kitamura.title], ['2023']],
      [['CPAPER'], [derived.title], ['2026']],
    ]);
    expect(ris[0]!.AU?.slice(0, 2)).toEqual(['Kitamura, Toshinori', 'Kozuno, Tadashi']);
    expect(ris[0]!.SP).toEqual(['17135']);

    const markdown = await download('Download Markdown');
    expect(markdown).toContain('  Toshinori Kitamura, Tadashi Kozuno, ');
    expect(markdown).toContain('Yutaka Matsuo. ICML 2023.\n');
    expect(markdown).toContain('(title derived from the abstract)\n  ICLR 2026.\n');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The text a reader sees: no script, style, template or noscript content. */
function visibleText(nodes: AnyNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return (node as unknown as { data: string }).data;
      if (!('children' in node)) return '';
      const name = 'name' in node ? node.name : '';
      if (['script', 'style', 'template', 'noscript'].includes(name)) return '';
      const label = 'attribs' in node ? (node.attribs['aria-label'] ?? '') : '';
      return `${visibleText(node.children as AnyNode[])} ${label}`;
    })
    .join(' ');
}

describe('every built page', () => {
  it('speaks to readers, never of dumps, imports or entries', () => {
    const pages = fs
      .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    const jargon: string[] = [];
    for (const file of pages) {
      const document = parseDocument(fs.readFileSync(path.join(outDir, file), 'utf8'));
      const title = DomUtils.textContent(DomUtils.getElementsByTagName('title', document));
      const text = `${title} ${visibleText(document.children)}`.replace(/\s+/g, ' ');
      const found = /.{0,40}(\bdumps?\b|imported|\bentry \d|dump order).{0,40}/i.exec(text);
      if (found) jargon.push(`${file}: …${found[0]}…`);
    }
    expect(jargon).toEqual([]);
  });
});
