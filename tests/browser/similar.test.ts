import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { SimilarIndex } from '../../src/lib/enrich/similar';
import type { SimilarMetaData } from '../../src/lib/enrich/similar-split';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);

/** A file of the built site's split similar-text index (src/lib/enrich/similar-split.ts). */
const indexFile = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(siteDir, 'similar-index', name), 'utf8'));
const meta = indexFile('meta.json') as SimilarMetaData;

/** Every file of the built index loaded at once: what the page's answers must equal. */
function wholeIndex(): SimilarIndex {
  const index = new SimilarIndex(meta);
  for (let n = 0; n < meta.blockCount; n += 1)
    index.addBlock(indexFile(`terms/${n}.json`) as never);
  for (let n = 0; n < meta.docShardCount; n += 1)
    index.addDocs(indexFile(`docs/${n}.json`) as never);
  return index;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const vectorRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('similar-index')) vectorRequests.push(request.url());
  });
  await page.goto(`${siteUrl}${path}`);
  return { page, errors, vectorRequests, close: () => context.close() };
}

/** Pastes text into the box the way a reader does: a paste event, then the text in the field. */
async function paste(page: Page, text: string) {
  const box = page.getByLabel('Paste an abstract, a paragraph or any text');
  await box.focus();
  await box.evaluate((element: HTMLTextAreaElement, value) => {
    element.value = value;
    element.dispatchEvent(new ClipboardEvent('paste', { bubbles: true }));
  }, text);
}

const results = (page: Page) => page.locator('.similar-list > li');

describe('papers like this text', () => {
  it('fetches the vectors only once the reader starts, not with the page', async () => {
    const { page, vectorRequests, close } = await open('similar/');
    expect(await page.content()).not.toContain('"postings"');
    expect(vectorRequests).toEqual([]);
    await page.getByLabel('Paste an abstract, a paragraph or any text').focus();
    await expect.poll(() => vectorRequests.length).toBe(1);
    expect(vectorRequests[0]).toBe(`${siteUrl}similar-index/meta.json`);
    await close();
  });

  it('fetches only the index parts a text needs, once each, and answers as the whole index does', async () => {
    // The seed site's index is split into several term blocks (issue 35); its 57 papers' slugs
    // and titles fit one document shard (tests/unit/similar.test.ts splits those too).
    expect(meta.blockCount).toBeGreaterThan(2);
    expect(fs.existsSync(path.join(siteDir, 'similar-index.json'))).toBe(false);
    const whole = wholeIndex();
    const { page, errors, vectorRequests, close } = await open('similar/');
    const box = page.getByLabel('Paste an abstract, a paragraph or any text');
    const shown = async () =>
      results(page).evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('a')?.getAttribute('href'),
          row.querySelector('a')?.textContent,
          row.querySelector('.similar-why')?.textContent,
        ]),
      );
    const expected = (text: string) =>
      whole
        .similarTo(text, 10)
        .map((m) => [
          `/papers/${m.slug}/`,
          m.title,
          `Shares: ${m.terms.join(', ')} · similarity ${m.score.toFixed(2)}`,
        ]);
    const phrase = 'diffusion models for image generation';
    await box.fill(phrase);
    await expect.poll(shown).toEqual(expected(phrase));
    const blocks = vectorRequests.filter((url) => url.includes('/similar-index/terms/'));
    const docs = vectorRequests.filter((url) => url.includes('/similar-index/docs/'));
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.length).toBeLessThan(meta.blockCount);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(meta.docShardCount);
    expect(new Set(vectorRequests).size).toBe(vectorRequests.length);
    // A whole abstract, then the same phrase again: the parts already fetched are not fetched again.
    const paper = papers[11]!;
    await paste(page, paper.plainText);
    await expect.poll(shown).toEqual(expected(paper.plainText));
    await box.fill(phrase);
    await expect.poll(shown).toEqual(expected(phrase));
    expect(new Set(vectorRequests).size).toBe(vectorRequests.length);
    expect(errors).toEqual([]);
    await close();
  });

  it('finds the paper whose abstract is pasted, first, with the shared words that explain it', async () => {
    const { page, errors, close } = await open('similar/');
    const paper = papers[7]!;
    await paste(page, paper.plainText);
    await expect.poll(() => results(page).count()).toBe(10);
    const best = results(page).first();
    expect(await best.locator('a').textContent()).toBe(paper.title);
    expect(await best.locator('a').getAttribute('href')).toBe(`/papers/${paper.slug}/`);
    const why = (await best.locator('.similar-why').textContent()) ?? '';
    const shared = why
      .replace(/^Shares: /, '')
      .split(' · ')[0]!
      .split(', ');
    expect(shared.length).toBeGreaterThan(0);
    for (const word of shared) expect(paper.plainText).toContain(word);
    expect(await page.locator('.similar-status').textContent()).toMatch(/found in \d+ ms/);
    expect(errors).toEqual([]);
    await close();
  });

  it('updates as the reader types, and explains when nothing matches', async () => {
    const { page, close } = await open('similar/');
    const box = page.getByLabel('Paste an abstract, a paragraph or any text');
    await box.pressSequentially('zzqx qqzv');
    await expect
      .poll(() => page.locator('.similar-status').textContent())
      .toMatch(/No paper shares/);
    expect(await page.locator('.similar-results').isVisible()).toBe(false);
    await box.fill('');
    await box.pressSequentially('reinforcement learning policy');
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    await close();
  });

  it('runs the text of a shared ?text= link on arrival', async () => {
    const paper = papers[3]!;
    const { page, close } = await open(
      `similar/?text=${encodeURIComponent(paper.plainText.slice(0, 600))}`,
    );
    await expect.poll(() => results(page).first().locator('a').textContent()).toBe(paper.title);
    await close();
  });

  it('scores a huge acronym-heavy paste in a worker, on its first 20,000 characters, without freezing the page', async () => {
    const { page, errors, close } = await open('similar/');
    await page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    // 449 KB of text in which every other word is an acronym with its expansion (issue 13: 110 s).
    const huge = Array.from(
      { length: 9_000 },
      (_, i) => `Deep Residual Policy Networks (DRPN${i % 700}) beat ABC${i % 300} on RL.`,
    ).join(' ');
    expect(huge.length).toBeGreaterThan(449_000);
    await paste(page, huge);
    await expect
      .poll(() => page.locator('.similar-status').textContent(), { timeout: 30_000 })
      .toMatch(/Only the first 20,000 characters of the text were compared\.$/);
    expect(page.workers().map((worker) => worker.url())).toEqual([
      expect.stringMatching(/similar-worker/),
    ]);
    // The main thread never stalls for long: the scoring ran in the worker.
    const longTasks = await page.evaluate(
      () => (window as unknown as { longTasks: number[] }).longTasks,
    );
    expect(Math.max(0, ...longTasks)).toBeLessThan(1_000);
    expect(errors).toEqual([]);
    await close();
  });

  it('says it needs JavaScript when it is off', async () => {
    const { page, close } = await open('similar/', { javaScriptEnabled: false });
    expect(await page.locator('main noscript').count()).toBe(1);
    expect(await page.locator('.similar-form').textContent()).toMatch(/needs JavaScript/);
    await close();
  });
});
