import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGlossary, INLINE_PAPERS } from '../../src/lib/site/glossary';
import type { Paper } from '../../src/lib/schema';
import { readBuiltPapers } from '../support/site';
import { launchBrowser, openPage } from '../support/browser';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);
const glossary = buildGlossary(papers);
const titleOf = new Map(papers.map((p) => [p.slug, p.title]));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const open = (path: string) => openPage(browser, `${siteUrl}${path}`, { javaScriptEnabled: false });

describe('acronym glossary', () => {
  it('lists every acronym some abstract defines, with its expansions', async () => {
    expect(glossary.length, 'the seed abstracts define acronyms').toBeGreaterThan(10);
    const { page, close } = await open('glossary/');
    expect(await page.locator('dl.glossary dfn').allTextContents()).toEqual(
      glossary.map((e) => e.short),
    );
    const defined = papers.flatMap((p) => p.acronyms.map((a) => a.short));
    for (const short of new Set(defined)) {
      expect(glossary.some((e) => e.short === short || `${e.short}s` === short)).toBe(true);
    }
    const ambiguous = glossary.find((e) => e.expansions.length > 1) ?? glossary[0]!;
    const entry = page.locator(`#${ambiguous.id}`);
    const text = (await entry.locator('dt').textContent()) ?? '';
    for (const expansion of ambiguous.expansions) expect(text).toContain(expansion.long);
    await close();
  });

  it('links each acronym to the papers that define or mention it', async () => {
    const { page, close } = await open('glossary/');
    for (const entry of glossary.slice(0, 20)) {
      const links = await page
        .locator(`#${entry.id} .entry-papers a`)
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links).toEqual(entry.papers.slice(0, INLINE_PAPERS).map((slug) => `/papers/${slug}/`));
    }
    await close();
  });

  it('gives an acronym used by many papers a page listing all of them', async () => {
    const popular = [...glossary].sort((a, b) => b.papers.length - a.papers.length)[0]!;
    expect(popular.papers.length, 'an acronym used by many seed papers').toBeGreaterThan(
      INLINE_PAPERS,
    );
    const { page, close } = await open('glossary/');
    await page.locator(`#${popular.id} a.all-papers`).click();
    await page.waitForURL(`**/glossary/acronym/${popular.id}/`);
    expect(await page.locator('.paper-list h3 a').allTextContents()).toEqual(
      popular.papers.map((slug) => titleOf.get(slug)),
    );
    const mentioning = popular.mentionedBy[0];
    if (mentioning)
      expect(papers.find((p) => p.slug === mentioning)?.plainText).toContain(popular.short);
    await close();
  });

  it('jumps to each letter from the A–Z index', async () => {
    const { page, close } = await open('glossary/');
    const targets = await page
      .locator('.letter-nav a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      const id = target!.split('#')[1]!;
      expect(await page.locator(`[id="${id}"]`).count()).toBe(1);
    }
    await close();
  });
});
