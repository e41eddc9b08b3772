import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);

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
    if (request.url().includes('similar-index.json')) vectorRequests.push(request.url());
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
