import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { readBuiltPapers } from '../support/site';
import { launchBrowser, openPage } from '../support/browser';

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

const open = (path: string, options: { javaScriptEnabled?: boolean } = {}) =>
  openPage(browser, `${siteUrl}${path}`, options);

const points = 'svg.topic-map .map-points > a';

describe('topic map', () => {
  it('draws every paper as a labelled SVG link, in corpus order, without JavaScript', async () => {
    const { page, close } = await open('map/', { javaScriptEnabled: false });
    expect(await page.locator(points).count()).toBe(papers.length);
    const hrefs = await page
      .locator(points)
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(papers.map((p) => `/papers/${p.slug}/`));
    const titles = await page.locator(`${points} > title`).allTextContents();
    expect(titles).toEqual(papers.map((p) => p.title));
    expect(await page.locator(`${points} > use`).count()).toBe(papers.length);
    await close();
  });

  it('gives each point its title as accessible name, and opens the paper when clicked', async () => {
    const { page, errors, close } = await open('map/');
    const paper = papers[Math.floor(papers.length / 2)]!;
    const point = page.getByRole('link', { name: paper.title, exact: true });
    expect(await point.count()).toBe(1);
    await point.click();
    await page.waitForURL(`**/papers/${paper.slug}/`);
    expect((await page.locator('h1').textContent())?.trim()).toBe(paper.title);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the title of a focused point', async () => {
    const { page, close } = await open('map/');
    const paper = papers[0]!;
    await page.locator(points).first().focus();
    const tooltip = page.locator('.map-tooltip');
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.textContent()).toBe(paper.title);
    await close();
  });

  it('colours points by the family of their primary topic, with a key linking to each topic', async () => {
    const { page, close } = await open('map/');
    const primary = papers.map((p) => p.tags[0]).filter((t): t is string => Boolean(t));
    const legendLinks = await page
      .locator('.map-legend a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(legendLinks).toEqual(
      expect.arrayContaining([...new Set(primary)].map((slug) => `/tags/${slug}/`)),
    );
    const first = papers.findIndex((p) => p.tags.length > 0);
    const sameTopic = papers.findIndex(
      (p, i) => i !== first && p.tags[0] === papers[first]!.tags[0],
    );
    const classOf = (i: number) => page.locator(points).nth(i).getAttribute('class');
    if (sameTopic >= 0) expect(await classOf(sameTopic)).toBe(await classOf(first));
    const colour = await page
      .locator(points)
      .nth(first)
      .locator('use')
      .evaluate((c) => getComputedStyle(c).fill);
    expect(colour).not.toBe(await page.locator('body').evaluate((b) => getComputedStyle(b).color));
    await close();
  });

  it('highlights the papers of a topic given in the URL, as the home page filter would', async () => {
    const tag = papers.find((p) => p.tags.length > 0)?.tags[0];
    expect(tag, 'a tagged seed paper').toBeDefined();
    const { page, errors, close } = await open(`map/?tag=${tag}`);
    const expected = papers.flatMap((p) => (p.tags.includes(tag!) ? [`/papers/${p.slug}/`] : []));
    await expect.poll(() => page.locator(`${points}.is-hit`).count()).toBe(expected.length);
    const hits = await page
      .locator(`${points}.is-hit`)
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hits).toEqual(expected);
    expect(await page.locator('.map-status').textContent()).toContain(
      `of ${papers.length} papers match`,
    );
    expect(await page.locator('select[name="tag"]').inputValue()).toBe(tag);
    expect(errors).toEqual([]);
    await close();
  });

  it('highlights the papers matching a search, and clears the highlight', async () => {
    const { page, close } = await open('map/');
    await page.getByLabel('Highlight papers matching').fill('reinforcement');
    await page.getByRole('button', { name: 'Highlight' }).click();
    await expect.poll(() => page.locator(`${points}.is-hit`).count()).toBeGreaterThan(0);
    expect(page.url()).toContain('q=reinforcement');
    const hitTitles = await page.locator(`${points}.is-hit > title`).allTextContents();
    const withWord = papers.filter((p) => /reinforcement/i.test(p.plainText)).map((p) => p.title);
    expect(withWord.length).toBeGreaterThan(0);
    expect(hitTitles).toEqual(expect.arrayContaining(withWord));
    expect(hitTitles.length).toBeLessThan(papers.length);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.locator(`${points}.is-hit`).count()).toBe(0);
    expect(await page.locator('svg.topic-map.is-filtering').count()).toBe(0);
    await close();
  });
});
