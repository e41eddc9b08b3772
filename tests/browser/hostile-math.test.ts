/**
 * Issue 13: a formula can neither hide nor push away the words after it. KaTeX caps user sizes at
 * KATEX_LIMITS.maxSize; negative sizes are clipped to the formula's own box by the page's CSS.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser';
import { buildSite, readBuiltPapers, serveSite } from '../support/site';

const PROSE =
  'We study a simple method for learning policies from offline data that improves the return ' +
  'of the learned policy on many continuous control tasks';
/** Each abstract holds one hostile formula followed by a marker word that must stay readable. */
const FORMULAS = {
  rule: String.raw`$\rule{10000em}{10000em}$`,
  kern: String.raw`$x\kern{-1000em}$`,
  hspace: String.raw`$\hspace{-500em}y$`,
  raise: String.raw`$\raisebox{-1000em}{z}\raisebox{1000em}{w}$`,
  plain: String.raw`$\frac{a+b}{c} \le \sum_{i=1}^{n} x_i^2$`,
};

let browser: Browser;
let site: { url: string; dir: string; close: () => Promise<void> };

beforeAll(async () => {
  const dumps = '.tmp/math-dumps';
  fs.rmSync(dumps, { recursive: true, force: true });
  fs.mkdirSync(dumps, { recursive: true });
  const abstracts = Object.entries(FORMULAS).map(
    ([name, formula]) =>
      `${PROSE} (${name}) ${formula} AFTER${name.toUpperCase()} and more words follow here.`,
  );
  fs.writeFileSync(path.join(dumps, 'math.txt'), ['Math 2026', '', ...abstracts].join('\n\n'));
  // The same formulas in BibTeX titles, which the paper's heading typesets (titleTex).
  const entries = Object.entries(FORMULAS).map(
    ([name, formula], i) =>
      `@InProceedings{t${i}, title = {Titled ${name} ${formula} TITLE${name.toUpperCase()} Words},
  author = {Doe, Jane}, year = {2026},
  abstract = {${PROSE}, as titled entry number ${i} shows on its own page.}}`,
  );
  fs.writeFileSync(path.join(dumps, 'titles.bib'), entries.join('\n\n'));
  const built = await buildSite({ dumps, outDir: '.tmp/site-math' });
  const server = await serveSite(built.outDir);
  site = { url: server.url, dir: built.outDir, close: server.close };
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Where the marker word is drawn in `container`, and what the reader sees at its centre. */
function markerBox(page: Page, marker: string, container = '.abstract') {
  return page.evaluate(
    ({ word, selector }) => {
      const abstract = document.querySelector(selector);
      const walker = document.createTreeWalker(abstract!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(word) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const box = range.getBoundingClientRect();
        const paragraph = abstract!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return {
          box: { x: box.x, y: box.y, width: box.width, height: box.height },
          paragraph: { x: paragraph.x, right: paragraph.right },
          viewport: { width: innerWidth, height: innerHeight },
          hitIsText: hit === node.parentElement,
        };
      }
      return null;
    },
    { word: marker, selector: container },
  );
}

/** The word is drawn inside its container and the viewport, and nothing (a giant rule) over it. */
function expectVisible(seen: Awaited<ReturnType<typeof markerBox>>) {
  expect(seen).not.toBeNull();
  const { box, paragraph, viewport, hitIsText } = seen!;
  expect(box.width).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(paragraph.x - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(paragraph.right, viewport.width) + 1);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(hitIsText).toBe(true);
}

it.each(Object.keys(FORMULAS))('the words after %s stay visible', async (name) => {
  const paper = readBuiltPapers(site.dir).find((p) => p.abstract.includes(`(${name})`));
  expect(paper).toBeDefined();
  const { page, errors, close } = await openPage(browser, `${site.url}papers/${paper!.slug}/`);
  const marker = `AFTER${name.toUpperCase()}`;
  await page.getByText(marker).first().scrollIntoViewIfNeeded();
  expectVisible(await markerBox(page, marker));
  expect(errors).toEqual([]);
  await close();
});

it('clips nothing of an ordinary formula and keeps it on the line of its words', async () => {
  const paper = readBuiltPapers(site.dir).find((p) => p.abstract.includes('(plain)'));
  const { page, close } = await openPage(browser, `${site.url}papers/${paper!.slug}/`);
  const layout = await page.evaluate(() => {
    const formula = document.querySelector<HTMLElement>('.abstract .katex')!;
    const range = document.createRange();
    range.selectNodeContents(formula.nextSibling!);
    const line = range.getClientRects()[0]!;
    const box = formula.getBoundingClientRect();
    return {
      overhang: parseFloat(getComputedStyle(formula).fontSize) * 0.25,
      hidden: {
        x: formula.scrollWidth - formula.clientWidth,
        y: formula.scrollHeight - formula.clientHeight,
      },
      lineMiddle: line.y + line.height / 2,
      box: { top: box.top, bottom: box.bottom },
    };
  });
  // At most a glyph's overhang goes past the box, and the clip margin (0.25em) still shows it.
  expect(layout.hidden.x).toBeLessThanOrEqual(layout.overhang);
  expect(layout.hidden.y).toBeLessThanOrEqual(layout.overhang);
  // The words right after it sit beside it: baseline alignment survived the clip.
  expect(layout.lineMiddle).toBeGreaterThan(layout.box.top);
  expect(layout.lineMiddle).toBeLessThan(layout.box.bottom);
  await close();
});

it.each(Object.keys(FORMULAS))(
  'the heading words after %s in a title stay visible',
  async (name) => {
    const paper = readBuiltPapers(site.dir).find((p) => p.title.startsWith(`Titled ${name} `));
    expect(paper?.titleTex).toBeDefined();
    const { page, errors, close } = await openPage(browser, `${site.url}papers/${paper!.slug}/`);
    expect(await page.locator('.paper h1 .katex math').count()).toBe(1);
    expectVisible(await markerBox(page, `TITLE${name.toUpperCase()}`, '.paper h1'));
    // The Cite dialog writes the formula as TeX, the page's <title> the plain title.
    await page.getByRole('button', { name: 'Cite' }).click();
    const bibtex = (await page.locator('cite-paper dialog pre').textContent()) ?? '';
    expect(bibtex).toContain(
      `title = {{Titled ${name} ${FORMULAS[name as keyof typeof FORMULAS]} TITLE`,
    );
    expect(await page.title()).toBe(`${paper!.title} · Paper Explorer`);
    expect(errors).toEqual([]);
    await close();
  },
);
