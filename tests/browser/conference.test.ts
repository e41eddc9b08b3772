import fs from 'node:fs';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import jsQR from 'jsqr';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';
import { measureTargets } from '../support/targets';

// Issue 33, "works in the conference hall": filters on a phone, thumb-sized controls, short share
// links and QR codes, headings and the sitemap. The offline pack: tests/browser/offline.test.ts.

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers: Paper[] = readBuiltPapers(siteDir);
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Console errors besides Content-Security-Policy reports: the policy is hostile.test.ts's to check
 * (the explorer's own inline script is another file's).
 */
const clean = (errors: string[]) => errors.filter((e) => !e.includes('Content Security Policy'));

async function open(url: string, options: BrowserContextOptions = PHONE) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  return { page, errors, context, close: () => context.close() };
}

const star = async (page: Page, paper: Paper) => {
  const button = page.locator(`star-button[data-slug="${paper.slug}"] button`);
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
};

/** Where an element is in the viewport. */
const boxOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
    });

/** Reads the QR code the open dialog shows. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const canvas = page.locator('dialog.qr-dialog[open] canvas');
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(100);
  const { width, height, data } = await canvas.evaluate((c: HTMLCanvasElement) => {
    const image = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    return { width: image.width, height: image.height, data: [...image.data] };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data;
}

describe('filters on a phone (390×844, touch)', () => {
  it('shows the count and the first results after a filter tap, the filter as a removable chip', async () => {
    const { page, errors, close } = await open(`${siteUrl}?q=learning`);
    await expect.poll(() => page.locator('[data-result-list] > li').count()).toBeGreaterThan(0);
    await page.locator('.filters-disclosure > summary').tap();
    const topic = page.locator('section[aria-labelledby="facet-topic"] a[data-facet]:visible');
    const label = (await topic.first().locator('.facet-label').textContent())!.trim();
    await topic.first().tap();
    const chip = page.getByRole('button', { name: `Remove filter ${label}` });
    await expect.poll(() => chip.isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('[data-search-status]').textContent())
      .toMatch(/with 1 filter/);
    expect(await page.locator('details[data-filters-disclosure]').getAttribute('open')).toBeNull();
    const status = await boxOf(page, '[data-search-status]');
    const first = await boxOf(page, '[data-result-list] > li');
    expect(status.top).toBeGreaterThanOrEqual(0);
    expect(first.top).toBeGreaterThan(status.bottom);
    // The first result's title is on screen, with the count above it.
    const title = await boxOf(page, '[data-result-list] > li h3');
    expect(title.bottom).toBeLessThanOrEqual(title.height);
    expect(await page.locator('.filters-disclosure > summary').textContent()).toContain('1 on');
    await chip.tap();
    await expect.poll(() => chip.count()).toBe(0);
    expect(clean(errors)).toEqual([]);
    await close();
  });

  it('puts the keyboard away on the Search key and keeps it away after a filter tap', async () => {
    const { page, close } = await open(siteUrl);
    const box = page.locator('paper-search input[type="search"]');
    await box.tap();
    await box.fill('learning');
    await box.press('Enter');
    await expect.poll(() => page.locator('[data-result-list] > li').count()).toBeGreaterThan(0);
    const focusedIsBox = () =>
      page.evaluate(() => document.activeElement?.matches('input[type="search"]') ?? false);
    expect(await focusedIsBox()).toBe(false);
    await page.locator('.filters-disclosure > summary').tap();
    await page
      .locator('section[aria-labelledby="facet-topic"] a[data-facet]:visible')
      .first()
      .tap();
    await expect.poll(() => page.locator('.filter-chips button').count()).toBeGreaterThan(0);
    expect(await focusedIsBox()).toBe(false);
    // The summary reads "Filters (1 on)", its words apart, with its disclosure triangle.
    const summary = page.locator('.filters-disclosure > summary');
    expect(await summary.innerText()).toMatch(/Filters\s+\(1 on\)/);
    await close();
  });

  it('hides the options with no match during a search behind a "show" button', async () => {
    const { page, close } = await open(`${siteUrl}?q=diffusion`);
    await expect.poll(() => page.locator('[data-result-list] > li').count()).toBeGreaterThan(0);
    await page.locator('.filters-disclosure > summary').tap();
    const shownCounts = () =>
      page
        .locator('.facet-group a[data-facet]:visible .facet-count')
        .allTextContents()
        .then((counts) => counts.map((count) => Number(count.trim())));
    await expect.poll(async () => (await shownCounts()).includes(0)).toBe(false);
    const show = page.locator('[data-show-all]:visible').first();
    expect(await show.textContent()).toMatch(/^Show \d+ with no match$/);
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.tap();
    expect(await show.getAttribute('aria-expanded')).toBe('true');
    expect(await shownCounts()).toContain(0);
    // Without a search every option has papers and none is folded.
    await page.goto(siteUrl);
    await page.locator('.filters-disclosure > summary').tap();
    expect(await page.locator('[data-show-all]:visible').count()).toBe(0);
    expect(await page.locator('.facet-group li[hidden]').count()).toBe(0);
    await close();
  });
});

describe('controls for thumbs', () => {
  const paper = papers[0]!;
  const cases: { name: string; path: string; ready?: (page: Page) => Promise<void> }[] = [
    { name: 'home', path: '' },
    {
      name: 'home, searching, filters open',
      path: '?q=learning',
      ready: async (page) => {
        await expect.poll(() => page.locator('[data-result-list] > li').count()).toBeGreaterThan(0);
        await page.locator('.filters-disclosure > summary').tap();
      },
    },
    { name: 'paper', path: `papers/${paper.slug}/` },
    { name: 'tag', path: `tags/${paper.tags[0]}/` },
    { name: 'tags', path: 'tags/' },
    {
      name: 'reading list with a paper',
      path: 'list/',
      ready: async (page) => {
        await page.goto(`${siteUrl}papers/${paper.slug}/`);
        await star(page, paper);
        await page.goto(`${siteUrl}list/`);
        await expect.poll(() => page.locator('.rl-items > li').count()).toBe(1);
      },
    },
  ];
  for (const { name, path: pagePath, ready } of cases) {
    it(`on the ${name} page: primary actions 44×44 px, every other target 24 px or spaced`, async () => {
      const { page, close } = await open(`${siteUrl}${pagePath}`);
      await ready?.(page);
      const report = await measureTargets(page);
      expect(report.count).toBeGreaterThan(5);
      expect(report.small).toEqual([]);
      expect(report.crowded).toEqual([]);
      await close();
    });
  }

  it('has no sideways scrolling at 320 px on the home, paper and list pages', async () => {
    const { page, close } = await open(siteUrl, {
      ...PHONE,
      viewport: { width: 320, height: 640 },
    });
    for (const pagePath of ['', `papers/${papers[0]!.slug}/`, 'list/']) {
      await page.goto(`${siteUrl}${pagePath}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), pagePath).toBe(320);
    }
    await close();
  });

  it('has no sideways scrolling once a paper is on the reading list (the nav shows its count)', async () => {
    for (const width of [390, 320]) {
      const { page, close } = await open(`${siteUrl}papers/${papers[0]!.slug}/`, {
        ...PHONE,
        viewport: { width, height: 700 },
      });
      await star(page, papers[0]!);
      for (const pagePath of ['', `papers/${papers[0]!.slug}/`, 'tags/', 'list/']) {
        await page.goto(`${siteUrl}${pagePath}`);
        await expect.poll(() => page.locator('reading-list-count:not([hidden])').count()).toBe(1);
        const width_ = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width_, `${pagePath} at ${width} px`).toBe(width);
      }
      await close();
    }
  });

  it('keeps the paper page, its Cite dialog and the glossary within a phone at 200 % text', async () => {
    const paper = papers.find((p) => p.slug !== papers[0]!.slug) ?? papers[0]!;
    const { page, close } = await open(`${siteUrl}papers/${paper.slug}/`);
    const largeText = () => page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await largeText();
    expect(await pageWidth(), 'paper page').toBe(390);
    await page.locator('.cite-open').click();
    const dialog = page.locator('.cite dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return {
        left: rect.left,
        right: rect.right,
        overflow: element.scrollWidth - element.clientWidth,
      };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.overflow).toBeLessThanOrEqual(0);
    await page.goto(`${siteUrl}glossary/`);
    await largeText();
    expect(await pageWidth(), 'glossary').toBe(390);
    await close();
  });

  it('fades the nav row where it is cut, until it is scrolled to its end', async () => {
    const { page, close } = await open(siteUrl, {
      ...PHONE,
      viewport: { width: 320, height: 640 },
    });
    const row = page.locator('.site-header nav ul');
    await expect.poll(() => row.getAttribute('data-cut')).toBe('');
    await row.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    await expect.poll(() => row.getAttribute('data-cut')).toBeNull();
    await close();
  });

  it('keeps the header to two rows on a phone: the links scroll sideways, the current one in view', async () => {
    for (const width of [390, 320]) {
      const { page, close } = await open(`${siteUrl}list/`, {
        ...PHONE,
        viewport: { width, height: 700 },
      });
      const rows = await page.evaluate(() => {
        const tops = [...document.querySelectorAll('.site-header .brand, .site-header nav li')].map(
          (element) => Math.round(element.getBoundingClientRect().top),
        );
        return new Set(tops).size;
      });
      expect(rows, `${width} px`).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // The section being browsed (the reading list, last in the row) is wholly on screen.
      const current = await page
        .locator('.site-header nav a[aria-current]')
        .evaluate((a) => a.getBoundingClientRect().toJSON() as DOMRect);
      expect(current.left, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(current.right, `${width} px`).toBeLessThanOrEqual(width);
      await close();
    }
  });

  it('gives placeholders AA contrast in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, close } = await open(siteUrl, { colorScheme });
      const ratio = await page.evaluate(`(() => {
        const input = document.querySelector('#search-input');
        const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
        const a = lum(rgb(getComputedStyle(input, '::placeholder').color));
        const b = lum(rgb(getComputedStyle(input).backgroundColor));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      })()`);
      expect(ratio as number, colorScheme).toBeGreaterThanOrEqual(4.5);
      await close();
    }
  });
});

describe('headings and the sitemap', () => {
  const htmlFiles = (fs.readdirSync(siteDir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.html'))
    .sort();

  it('puts the headings of every built page in order: one h1 first, no level skipped', () => {
    const problems: string[] = [];
    for (const file of htmlFiles) {
      const document = parseDocument(fs.readFileSync(path.join(siteDir, file), 'utf8'));
      const levels = DomUtils.findAll((e) => /^h[1-6]$/.test(e.name), document.children).map(
        (heading) => Number(heading.name[1]),
      );
      if (levels[0] !== 1) problems.push(`${file}: starts at h${levels[0]}`);
      levels.forEach((level, i) => {
        if (i > 0 && level > levels[i - 1]! + 1)
          problems.push(`${file}: h${levels[i - 1]} → h${level}`);
      });
    }
    expect(htmlFiles.length).toBeGreaterThan(papers.length);
    expect(problems).toEqual([]);
  });

  it('lists only indexable pages in the sitemap', () => {
    const sitemap = fs.readFileSync(path.join(siteDir, 'sitemap-0.xml'), 'utf8');
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
    expect(urls.length).toBeGreaterThan(papers.length);
    const noindex = urls.filter(({ pathname }) => {
      const file = path.join(siteDir, pathname, 'index.html');
      return (
        !fs.existsSync(file) ||
        /<meta name="robots" content="noindex"/.test(fs.readFileSync(file, 'utf8'))
      );
    });
    expect(noindex.map((url) => url.pathname)).toEqual([]);
    expect(urls.map((url) => url.pathname)).not.toContain('/list/');
  });
});

describe('sharing at a poster', () => {
  const five = papers.slice(0, 5);

  it('shares 5 papers in a link of ≤ 120 characters that another browser imports as one list', async () => {
    const { page, close } = await open(siteUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    for (const paper of five) await star(page, paper);
    await page.goto(`${siteUrl}list/`);
    // Share and export come before the list.
    const share = page.getByRole('button', { name: 'Copy share link' });
    const firstRow = page.locator('.rl-items > li').first();
    await expect.poll(() => firstRow.isVisible()).toBe(true);
    expect((await share.boundingBox())!.y).toBeLessThan((await firstRow.boundingBox())!.y);
    await share.click();
    const link = await page.getByLabel('Share link').inputValue();
    expect(link).toMatch(/\/list\/#papers=[0-9a-f]{6,}(,[0-9a-f]{6,}){4}$/);
    // As long as on the default SITE_URL, http://localhost:4321.
    const onDefaultSite = `http://localhost:4321${new URL(link).pathname}${new URL(link).hash}`;
    expect(onDefaultSite.length).toBeLessThanOrEqual(120);
    // Notes only travel when asked for.
    await page.getByLabel(/Include titles and notes/).check();
    await share.click();
    expect(await page.getByLabel('Share link').inputValue()).toMatch(/#import=/);
    await close();

    const receiver = await open(link);
    const offer = receiver.page.locator('reading-list-import');
    await expect
      .poll(() => offer.locator('li a').allTextContents())
      .toEqual(five.map((p) => p.title));
    // One list on the page: the receiver's own (empty) list and its export wait.
    expect(await receiver.page.locator('.rl-mine').isVisible()).toBe(false);
    expect(await receiver.page.locator('reading-list-export').isVisible()).toBe(false);
    await receiver.page.getByRole('button', { name: 'Import 5 papers' }).click();
    await expect
      .poll(() => receiver.page.locator('.rl-items > li h3 a').allTextContents())
      .toEqual(five.map((p) => p.title));
    expect(await receiver.page.locator('.rl-mine').isVisible()).toBe(true);
    expect(clean(receiver.errors)).toEqual([]);
    await receiver.close();
  });

  it('says which ids of a short link the site does not have, and ignores malformed ones', async () => {
    const id = /-([0-9a-f]{6,})$/.exec(papers[1]!.slug)![1]!;
    const { page, close } = await open(`${siteUrl}list/#papers=${id},abcdef,<script>,${id}`);
    const offer = page.locator('reading-list-import');
    await expect.poll(() => offer.locator('li a').allTextContents()).toEqual([papers[1]!.title]);
    expect(await offer.locator('.rl-import-summary').textContent()).toContain(
      '1 paper of it is not on this site',
    );
    await close();
  });

  it('uses the share sheet where there is one', async () => {
    const context = await browser.newContext(PHONE);
    await context.addInitScript(`navigator.share = async (data) => { window.__shared = data; };`);
    const page = await context.newPage();
    await page.goto(siteUrl);
    await star(page, papers[0]!);
    await page.goto(`${siteUrl}list/`);
    await page.getByRole('button', { name: 'Share link…' }).click();
    await expect
      .poll(() => page.evaluate('window.__shared && window.__shared.url'))
      .toMatch(/\/list\/#papers=[0-9a-f]{6,}$/);
    await context.close();
  });

  it('keeps the Cite dialog’s Close in reach, its buttons thumb-sized, and closes it on a backdrop tap', async () => {
    const paper = papers.find((p) => p.authors.length > 0) ?? papers[0]!;
    const { page, close } = await open(`${siteUrl}papers/${paper.slug}/`);
    await page.getByRole('button', { name: 'Cite' }).tap();
    const dialog = page.locator('cite-paper dialog[open]');
    await expect.poll(() => dialog.count()).toBe(1);
    const closeButton = dialog.getByRole('button', { name: 'Close' });
    // Scrolled to its end, the dialog still shows Close.
    await dialog.evaluate((d) => d.scrollTo(0, d.scrollHeight));
    const shown = await closeButton.evaluate((b) => {
      const r = b.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height, width: r.width };
    });
    expect(shown.top).toBeGreaterThanOrEqual(0);
    expect(shown.bottom).toBeLessThanOrEqual(844);
    expect(Math.min(shown.height, shown.width)).toBeGreaterThanOrEqual(44);
    for (const copy of await dialog.locator('button[data-copy]:visible').all()) {
      expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // A tap outside the dialog's box closes it.
    const box = (await dialog.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, Math.min(843, box.y + box.height + 10));
    await expect.poll(() => dialog.count()).toBe(0);
    await close();
  });

  it('shows a paper’s address as a full-screen QR code that decodes to it, loading the library only then', async () => {
    const paper = papers[3]!;
    const { page, errors, close } = await open(`${siteUrl}papers/${paper.slug}/`);
    const scripts = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const before = await scripts();
    await page.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.locator('dialog.qr-dialog[open]');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
    expect(await decodeQr(page)).toBe(`${siteUrl}papers/${paper.slug}/`);
    // The QR library came with the click, not with the page.
    expect((await scripts()).length).toBeGreaterThan(before.length);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(clean(errors)).toEqual([]);
    await close();
  });

  it('shows the reading list’s share link as a QR code', async () => {
    const { page, close } = await open(siteUrl);
    for (const paper of five) await star(page, paper);
    await page.goto(`${siteUrl}list/`);
    await page.getByRole('button', { name: 'QR code' }).click();
    const link = await page.getByLabel('Share link').inputValue();
    expect(await decodeQr(page)).toBe(link);
    await close();
  });
});
