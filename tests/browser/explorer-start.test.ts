/**
 * The explorer's start on a shared search link (issue 35, "a lean explorer start"): what a reader
 * notices. The results come without the unfiltered list ever being shown (the page's first script,
 * search-boot.ts, marks the explorer before the list is parsed), nothing moves while they load,
 * the list still works without JavaScript, and the Save buttons of both lists work.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectErrors, launchBrowser, openPage } from '../support/browser';
import { readBuiltPapers } from '../support/site';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers = readBuiltPapers(siteDir);
const etap = papers.find((p) => p.name === 'ETAP')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hits = (page: Page) => page.locator('[data-result-list] > li');

/**
 * Watches the page from its first byte: whether the unfiltered list was ever displayed (checked
 * when it is parsed and at every frame), and the layout shifts.
 */
function watchStart(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as {
      listParsedWhileSearching: boolean | undefined;
      listDisplayed: boolean;
      shifts: number;
    };
    w.listDisplayed = false;
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    const observer = new MutationObserver(() => {
      const list = document.querySelector('[data-static-list]');
      if (list && w.listParsedWhileSearching === undefined) {
        w.listParsedWhileSearching =
          list.closest('paper-search')?.hasAttribute('data-searching') ?? false;
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    const frame = () => {
      const list = document.querySelector('[data-static-list]');
      if (list && getComputedStyle(list).display !== 'none') w.listDisplayed = true;
      if (!document.querySelector('[data-result-list] > li')) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const watched = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as {
      listParsedWhileSearching: boolean | undefined;
      listDisplayed: boolean;
      shifts: number;
    };
    return {
      listParsedWhileSearching: w.listParsedWhileSearching,
      listDisplayed: w.listDisplayed,
      shifts: w.shifts,
    };
  });

describe('a shared search link', () => {
  it('shows the results and never the unfiltered list, on a phone, without moving anything', async () => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await watchStart(page);
    await page.goto(`${siteUrl}?q=${encodeURIComponent(etap.name ?? '')}`);
    await expect.poll(() => hits(page).first().getAttribute('data-slug')).toBe(etap.slug);
    await expect(page.locator('[data-search-results]').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-static-list]').isVisible()).resolves.toBe(false);
    // Snippets and the rest of the first page come a moment later.
    await page.waitForTimeout(500);
    const seen = await watched(page);
    expect(seen.listParsedWhileSearching).toBe(true);
    expect(seen.listDisplayed).toBe(false);
    expect(seen.shifts).toBeLessThan(0.05);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts one search worker, the same file the home page starts when the reader types', async () => {
    const workers: string[] = [];
    const page = await browser.newPage();
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto(`${siteUrl}?q=ETAP`);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    await page.goto(siteUrl);
    await page.locator('#search-input').fill('ETAP');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const url = await page.locator('paper-search').getAttribute('data-worker-url');
    expect(workers.filter((path) => /search-worker/.test(path))).toEqual([url, url]);
    await page.close();
  });

  it('gives the list back, with working Save buttons, when the search is cleared', async () => {
    const { page, errors, close } = await openPage(browser, `${siteUrl}?q=ETAP`);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    const list = page.locator('[data-static-list]');
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await page.locator('[data-search-results]').isVisible()).toBe(false);
    const first = papers[0]!;
    const button = list.locator(`star-button[data-slug="${first.slug}"] button`);
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect((await button.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`Saved ${first.title}`);
    await page.reload();
    await expect
      .poll(() =>
        page.locator(`star-button[data-slug="${first.slug}"] button`).getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a shared search link: what waits for the first results (issue 35)', () => {
  it('builds none of the hidden list before the first results, and its Save buttons after them', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    // Counts the hidden list's built Save buttons when the first result is added to the page.
    await page.addInitScript(() => {
      const w = window as unknown as { listButtonsAtFirstResult: number | undefined };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-result-list] > li')) return;
        w.listButtonsAtFirstResult = document.querySelectorAll(
          '[data-static-list] star-button button',
        ).length;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${siteUrl}?q=ETAP`);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const atFirstResult = await page.evaluate(
      () => (window as unknown as { listButtonsAtFirstResult?: number }).listButtonsAtFirstResult,
    );
    expect(atFirstResult).toBe(0);
    // Then, when the browser is idle, so that giving the list back has nothing left to build.
    const cards = page.locator('[data-static-list] .paper-card');
    await expect
      .poll(() => page.locator('[data-static-list] star-button button').count())
      .toBe(await cards.count());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after the first results: the map link, Save, a filter and a shareable URL work', async () => {
    const { page, errors, close } = await openPage(
      browser,
      `${siteUrl}?q=${encodeURIComponent(etap.name ?? '')}`,
    );
    await expect.poll(() => hits(page).first().getAttribute('data-slug')).toBe(etap.slug);
    // The map link carries the search.
    const map = new URL((await page.locator('[data-map-link]').getAttribute('href'))!, siteUrl);
    expect(map.searchParams.get('q')).toBe(etap.name);
    // Save on a result, counted in the header.
    const save = hits(page).first().locator('star-button button');
    await save.click();
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('reading-list-count').isVisible()).toBe(true);
    expect((await page.locator('reading-list-count [aria-hidden]').textContent())?.trim()).toBe(
      '1',
    );
    // A topic of the paper filters the results in place, and the URL says so.
    const tag = etap.tags[0]!;
    const facet = page.locator(`a[data-facet="topic"][data-tag="${tag}"]`);
    await facet.click();
    expect(await facet.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('tag')).toEqual([tag]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(etap.name);
    await expect.poll(() => hits(page).first().getAttribute('data-slug')).toBe(etap.slug);
    expect(await page.locator('[data-filter-chips] button').count()).toBe(1);
    // The shared URL opens the same search in a fresh tab.
    const shared = await openPage(browser, page.url());
    await expect.poll(() => hits(shared.page).first().getAttribute('data-slug')).toBe(etap.slug);
    expect(await shared.page.locator(`a[data-tag="${tag}"][aria-current="true"]`).count()).toBe(1);
    expect([...errors, ...shared.errors]).toEqual([]);
    await shared.close();
    await close();
  });
});

describe('the explorer without JavaScript', () => {
  it('shows the list and no results area, also on a search link', async () => {
    for (const path of ['', '?q=ETAP']) {
      const { page, close } = await openPage(browser, `${siteUrl}${path}`, {
        javaScriptEnabled: false,
      });
      expect(await page.locator('[data-static-list]').isVisible()).toBe(true);
      expect(await page.locator('[data-static-list] .paper-card').count()).toBe(
        Math.min(100, papers.length),
      );
      // Cards further down render when scrolled to (content-visibility), and are in the page.
      await page.locator('[data-static-list] .paper-card').last().scrollIntoViewIfNeeded();
      expect(await page.locator('[data-static-list] .paper-card').last().isVisible()).toBe(true);
      expect(await page.locator('[data-search-results]').isVisible()).toBe(false);
      expect(await page.locator('[data-no-js-notice]').isVisible()).toBe(true);
      await close();
    }
  });
});
