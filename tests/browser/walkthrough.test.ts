import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { familyOf } from '../../src/lib/site/topic-families';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';
import { mapPoints, type MapElement } from '../support/map';

// A researcher's walkthrough (issue 16): the map, the reading list, the paper page, the theme, the
// phone layout, the glossary and the tags page, each on a desktop and a phone, in light and dark.

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

interface Setting {
  name: string;
  phone: boolean;
  options: BrowserContextOptions;
}

const SETTINGS: Setting[] = (['light', 'dark'] as const).flatMap((colorScheme) => [
  {
    name: `desktop 1280×800, ${colorScheme}`,
    phone: false,
    options: { viewport: { width: 1280, height: 800 }, colorScheme },
  },
  {
    name: `phone 390×844, ${colorScheme}`,
    phone: true,
    options: {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme,
    },
  },
]);

const primaryOf = (paper: Paper) => paper.tags[0] ?? null;

describe.each(SETTINGS)('on a $name screen', ({ phone, options }) => {
  async function open(path: string, extra: BrowserContextOptions = {}) {
    const context = await browser.newContext({ ...options, ...extra });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${siteUrl}${path}`);
    return { page, errors, context, close: () => context.close() };
  }

  describe('the map', () => {
    /** Waits for the map to be drawn and brings it into view. */
    async function drawn(page: Page) {
      await page.waitForSelector('topic-map-view[data-state="ready"]');
      await page.locator('.map-stage').scrollIntoViewIfNeeded();
    }
    const mapState = (page: Page) =>
      page.evaluate(() => {
        const map = document.querySelector('topic-map-view') as unknown as MapElement;
        return map.currentView;
      });
    const screenPoints = (page: Page) => mapPoints(page, papers.length);

    it('draws at most ten colour groups, each with its own shape, and a key that explains them', async () => {
      const { page, errors, close } = await open('map/');
      await drawn(page);
      // The colour at each dot's centre, read off the canvas.
      const fills = await page.evaluate((count) => {
        const map = document.querySelector('topic-map-view') as unknown as MapElement;
        const canvas = map.querySelector('canvas')!;
        const box = canvas.getBoundingClientRect();
        const scale = canvas.width / box.width;
        const ctx = canvas.getContext('2d')!;
        return Array.from({ length: count }, (_, i) => {
          const p = map.screenPointOf(i)!;
          const x = Math.round((p.x - box.left) * scale);
          const y = Math.round((p.y - box.top) * scale);
          return [...ctx.getImageData(x, y, 1, 1).data].join(',');
        });
      }, papers.length);
      expect(new Set(fills).size).toBeLessThanOrEqual(10);
      // Same family, same colour; another family, another colour and another shape.
      const families = papers.map((p) => familyOf(primaryOf(p)).id);
      const byFamily = new Map<string, string>();
      families.forEach((family, i) => {
        const seen = byFamily.get(family);
        if (seen) expect(fills[i]).toBe(seen);
        else byFamily.set(family, fills[i]!);
      });
      expect(new Set(byFamily.values()).size).toBe(byFamily.size);
      const layout = (await (await fetch(`${siteUrl}map-layout.json`)).json()) as {
        families: { id: string; shape: string }[];
      };
      const shapes = layout.families.filter((f) => byFamily.has(f.id)).map((f) => f.shape);
      expect(new Set(shapes).size).toBe(byFamily.size);
      // The key says what colour means and why its counts differ from the tag pages'.
      const key = page.locator('.map-legend');
      expect(await key.textContent()).toMatch(/main.*topic/i);
      const topic = primaryOf(papers.find((p) => p.tags.length > 1)!)!;
      const main = papers.filter((p) => primaryOf(p) === topic).length;
      const tagged = papers.filter((p) => p.tags.includes(topic)).length;
      const entry = key.locator('.family-topics > li', {
        has: page.locator(`a[href="/tags/${topic}/"]`),
      });
      expect((await entry.textContent())?.replace(/\s+/g, ' ')).toContain(
        `${main} ${main === 1 ? 'dot' : 'dots'} · ${tagged} tagged`,
      );
      expect(errors).toEqual([]);
      await close();
    });

    it('names at least three areas in view, never one name over another', async () => {
      const { page, close } = await open('map/');
      await drawn(page);
      await expect.poll(() => page.locator('.map-label').count()).toBeGreaterThanOrEqual(3);
      const labels = await page
        .locator('.map-label')
        .evaluateAll((elements) =>
          elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
        );
      labels.forEach((a, i) => {
        for (const b of labels.slice(i + 1)) {
          const overlap =
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, 'two area names on top of each other').toBe(false);
        }
      });
      await close();
    });

    it('gives every dot and control a touch target of at least 24 px', async () => {
      const { page, close } = await open('map/');
      await drawn(page);
      // A tap 11 px off a dot's centre still opens it, wherever no other dot is nearer.
      const points = await screenPoints(page);
      const preview = page.locator('.map-preview');
      let tried = 0;
      for (const [i, p] of points.entries()) {
        const at = { x: p.x + 11, y: p.y };
        const nearer = points.some(
          (q, j) =>
            j !== i && Math.hypot(q.x - at.x, q.y - at.y) <= Math.hypot(p.x - at.x, p.y - at.y) + 1,
        );
        if (nearer || tried >= 12) continue;
        tried += 1;
        // Where the dot is now: opening the last preview may have scrolled the page.
        const now = (await screenPoints(page))[i]!;
        const tap = { x: now.x + 11, y: now.y };
        if (phone) await page.touchscreen.tap(tap.x, tap.y);
        else await page.mouse.click(tap.x, tap.y);
        await expect
          .poll(() => preview.locator('.map-preview-title').textContent())
          .toBe(papers[i]!.title);
        await preview.getByRole('button', { name: 'Close the preview' }).click();
      }
      expect(tried).toBeGreaterThan(0);
      for (const control of await page
        .locator(
          '.map-controls input, .map-controls select, .map-controls button, .map-toolbar button, .map-areas-list button',
        )
        .all()) {
        const box = (await control.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      }
      await close();
    });

    it('zooms and pans with the buttons, the keyboard, the wheel or a pinch, and resets', async () => {
      const { page, errors, close } = await open('map/');
      await drawn(page);
      const before = await mapState(page);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect((await mapState(page)).zoom).toBeCloseTo(2);
      await page.locator('.map-stage').focus();
      await page.keyboard.press('+');
      expect((await mapState(page)).zoom).toBeCloseTo(4);
      const zoomed = await mapState(page);
      await page.keyboard.press('ArrowRight');
      expect((await mapState(page)).cx).toBeGreaterThan(zoomed.cx);
      await page.keyboard.press('0');
      expect(await mapState(page)).toEqual(before);
      const map = (await page.locator('.map-stage').boundingBox())!;
      const [cx, cy] = [map.x + map.width / 2, map.y + map.height / 2];
      if (phone) {
        // Two fingers moving apart: a pinch.
        const cdp = await page.context().newCDPSession(page);
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints:
              type === 'touchEnd'
                ? []
                : [
                    { x: cx - spread, y: cy, id: 1 },
                    { x: cx + spread, y: cy, id: 2 },
                  ],
          });
        await touch('touchStart', 30);
        for (const spread of [50, 70, 90, 120]) await touch('touchMove', spread);
        await touch('touchEnd', 0);
      } else {
        await page.mouse.move(cx, cy);
        await page.mouse.wheel(0, -400);
      }
      await expect.poll(async () => (await mapState(page)).zoom).toBeGreaterThan(1.4);
      // Dots never shrink as the map grows (they grow until their separation allows no more).
      expect((await mapState(page)).dotRadius).toBeGreaterThanOrEqual(before.dotRadius);
      await page.getByRole('button', { name: 'Reset' }).click();
      expect(await mapState(page)).toEqual(before);
      expect(errors).toEqual([]);
      await close();
    });

    it('lists the highlighted papers under the map', async () => {
      const tag = papers.find((p) => p.tags.length > 0)!.tags[0]!;
      const { page, close } = await open(`map/?tag=${tag}`);
      const expected = papers.filter((p) => p.tags.includes(tag)).map((p) => p.title);
      const list = page.getByRole('region', { name: 'Highlighted papers' });
      await expect.poll(() => list.locator('li a').allTextContents()).toEqual(expected);
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect.poll(() => list.isVisible()).toBe(false);
      await close();
    });

    it(`says ${phone ? 'tap, never hover or click' : 'point at and click'} in its instructions`, async () => {
      const { page, close } = await open('map/');
      const intro = (await page.locator('.map-intro').innerText()).toLowerCase();
      if (phone) {
        expect(intro).toContain('tap');
        expect(intro).not.toMatch(/hover|point at|click|wheel/);
      } else {
        expect(intro).toMatch(/point at/);
        expect(intro).not.toContain('tap');
      }
      await close();
    });
  });

  describe('saving papers and the reading list', () => {
    it('says "Saved", announces it and counts it in the nav', async () => {
      const paper = papers[1]!;
      const { page, errors, close } = await open(`papers/${paper.slug}/`);
      const save = page.getByRole('button', { name: `Save ${paper.title}` });
      expect(await save.getAttribute('aria-pressed')).toBe('false');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.locator('.nav-count').isVisible()).toBe(false);
      await save.click();
      const saved = page.getByRole('button', { name: `Saved ${paper.title}` });
      expect(await saved.getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('star-button .star-status').textContent()).toBe(
        'Saved to your reading list (1 paper).',
      );
      expect(await page.locator('star-button [role="status"]').count()).toBe(1);
      await expect.poll(() => nav.locator('.nav-count').isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: /^Reading list\W+1 paper$/ }).count()).toBe(1);
      await saved.click();
      expect(await page.locator('star-button .star-status').textContent()).toBe(
        'Removed from your reading list (0 papers).',
      );
      await expect.poll(() => nav.locator('.nav-count').isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await close();
    });

    it('shows summary, tags and date added, sorts, and undoes a removal', async () => {
      const [a, b] = [papers[3]!, papers[0]!];
      const { page, errors, close } = await open(`papers/${a.slug}/`);
      await page.getByRole('button', { name: `Save ${a.title}` }).click();
      await page.goto(`${siteUrl}papers/${b.slug}/`);
      await page.getByRole('button', { name: `Save ${b.title}` }).click();
      await page.goto(`${siteUrl}list/`);
      const rows = page.locator('.rl-items > li');
      await expect.poll(() => rows.count()).toBe(2);
      const first = rows.first();
      await expect.poll(() => first.locator('.rl-summary').textContent()).toBe(a.summary);
      expect(await first.locator('.rl-tags a').count()).toBe(a.tags.length + a.types.length);
      const today = new Date().toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      expect(await first.locator('.rl-added').textContent()).toBe(`Added ${today}`);
      const titles = () => rows.locator('h3 a').allTextContents();
      expect(await titles()).toEqual([a.title, b.title]);
      await page.getByLabel('Sort by').selectOption('newest');
      expect(await titles()).toEqual([b.title, a.title]);
      await page.getByLabel('Sort by').selectOption('title');
      expect(await titles()).toEqual(
        [a.title, b.title].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })),
      );
      await page.getByLabel('Sort by').selectOption('added');
      await page.getByRole('button', { name: `Remove ${a.title}` }).click();
      await expect.poll(titles).toEqual([b.title]);
      expect(await page.locator('.rl-undo').textContent()).toContain(`Removed “${a.title}”.`);
      await page.getByRole('button', { name: `Undo: put back ${a.title}` }).click();
      await expect.poll(titles).toEqual([a.title, b.title]);
      expect(errors).toEqual([]);
      await close();
    });

    it('does not offer to share or export an empty list', async () => {
      const { page, close } = await open('list/');
      const share = page.getByRole('button', { name: 'Copy share link' });
      await expect.poll(() => share.isVisible()).toBe(true);
      expect(await share.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Download JSON' }).isDisabled()).toBe(true);
      expect(await page.locator('.rl-export-empty').isVisible()).toBe(true);
      await close();
    });
  });

  it('copies the address being browsed, the same origin the share link uses, while canonical stays on SITE_URL', async () => {
    const paper = papers[2]!;
    const { page, close } = await open(`papers/${paper.slug}/`, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `http://localhost:4321/papers/${paper.slug}/`,
    );
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.locator('.copy-link-status').textContent()).toBe('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${siteUrl}papers/${paper.slug}/`);
    await page.getByRole('button', { name: `Save ${paper.title}` }).click();
    await page.goto(`${siteUrl}list/`);
    await page.getByRole('button', { name: 'Copy share link' }).click();
    const share = await page.getByLabel('Share link').inputValue();
    expect(new URL(share).origin).toBe(new URL(copied).origin);
    await close();
  });

  describe('the paper page', () => {
    it('shows no "Name:" line repeating the title, and a Code badge only with a code link', async () => {
      const named = papers.find((p) => p.name && p.title.includes(p.name))!;
      const promised = papers.find((p) => p.hasCode && !p.links.some((l) => l.kind === 'code'));
      const linked = papers.find((p) => p.links.some((l) => l.kind === 'code'))!;
      const { page, close } = await open(`papers/${named.slug}/`);
      expect(await page.locator('article').textContent()).not.toContain('Name:');
      await page.goto(`${siteUrl}papers/${linked.slug}/`);
      const badge = page.locator('article header a.badge');
      expect((await badge.textContent())?.trim()).toBe('Code');
      expect(await badge.getAttribute('href')).toBe(
        linked.links.find((l) => l.kind === 'code')!.url,
      );
      expect(promised, 'a seed paper that only promises code').toBeDefined();
      await page.goto(`${siteUrl}papers/${promised!.slug}/`);
      expect(await page.locator('article .badge').count()).toBe(0);
      // Nor in the paper list.
      await page.goto(siteUrl);
      expect(await page.locator(`li[data-slug="${promised!.slug}"] .badge`).count()).toBe(0);
      expect(await page.locator(`li[data-slug="${linked.slug}"] a.badge`).count()).toBe(1);
      // Nor in search results, which clone the paper card's <template>.
      for (const [paper, badges] of [
        [promised!, 0],
        [linked, 1],
      ] as const) {
        await page.goto(`${siteUrl}?q=${encodeURIComponent(paper.title)}`);
        const hit = page.locator(`[data-search-results] li.search-hit[data-slug="${paper.slug}"]`);
        await hit.waitFor();
        expect(await hit.locator('a.badge').count()).toBe(badges);
        if (badges) {
          expect(await hit.locator('a.badge').getAttribute('href')).toBe(
            paper.links.find((l) => l.kind === 'code')!.url,
          );
        }
      }
      await close();
    });

    it('puts Copy link at the top, with the Save button', async () => {
      const { page, close } = await open(`papers/${papers[0]!.slug}/`);
      const copy = (await page.getByRole('button', { name: 'Copy link' }).boundingBox())!;
      const abstract = (await page.locator('#abstract-heading').boundingBox())!;
      expect(copy.y).toBeLessThan(abstract.y);
      expect(copy.y).toBeLessThan(options.viewport!.height);
      await close();
    });

    it('goes to the next and previous paper with j / k and → / ←, but not while typing', async () => {
      const [first, second, third] = papers as [Paper, Paper, Paper];
      const { page, close } = await open(`papers/${second.slug}/`);
      const hints = page.locator('.pager-keys');
      expect(await hints.isVisible()).toBe(!phone);
      await page.keyboard.press('j');
      await page.waitForURL(`**/papers/${third.slug}/`);
      await page.keyboard.press('k');
      await page.waitForURL(`**/papers/${second.slug}/`);
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL(`**/papers/${first.slug}/`);
      await page.keyboard.press('ArrowRight');
      await page.waitForURL(`**/papers/${second.slug}/`);
      // A field on the page (a browser extension's, a future note box) keeps its keys.
      await page.evaluate(() => {
        const field = document.createElement('input');
        field.id = 'typing';
        document.querySelector('main')!.prepend(field);
      });
      await page.locator('#typing').pressSequentially('jk');
      await page.locator('#typing').press('ArrowLeft');
      expect(await page.locator('#typing').inputValue()).toBe('jk');
      expect(page.url()).toBe(`${siteUrl}papers/${second.slug}/`);
      await close();
    });
  });

  it('offers System, Light and Dark, shows the current one, and can go back to the system', async () => {
    const system = options.colorScheme as 'light' | 'dark';
    const other = system === 'light' ? 'Dark' : 'Light';
    const { page, close } = await open('');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const pressed = () =>
      page
        .locator('theme-toggle button[aria-pressed="true"]')
        .evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.themeChoice));
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await pressed()).toEqual(['system']);
    const systemBackground = await background();
    await button(other).click();
    expect(await pressed()).toEqual([other.toLowerCase()]);
    expect(await background()).not.toBe(systemBackground);
    await page.reload();
    expect(await pressed()).toEqual([other.toLowerCase()]);
    expect(await background()).not.toBe(systemBackground);
    await button('System').click();
    expect(await pressed()).toEqual(['system']);
    expect(await background()).toBe(systemBackground);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    await close();
  });

  it(
    phone
      ? 'starts the first paper above 600 px and shows no keyboard hints'
      : 'shows the keyboard hints',
    async () => {
      const { page, close } = await open('');
      const firstPaper = (await page.locator('.paper-list > li').first().boundingBox())!;
      const hint = page.locator('#search-hint');
      if (phone) {
        expect(firstPaper.y).toBeLessThan(600);
        expect(await hint.isVisible()).toBe(false);
      } else {
        expect(await hint.isVisible()).toBe(true);
      }
      await close();
    },
  );

  it('filters the glossary as the reader types', async () => {
    const { page, close } = await open('glossary/');
    const entries = page.locator('.glossary-entry');
    const total = await entries.count();
    const short = (await entries.nth(1).locator('dfn').textContent())!;
    await page.getByLabel('Filter acronyms').fill(short);
    const visible = () =>
      entries.evaluateAll((all) =>
        all
          .filter((e) => !(e as HTMLElement).hidden)
          .map((e) => e.querySelector('dfn')!.textContent),
      );
    await expect.poll(visible).toContain(short);
    const shown = await visible();
    expect(shown.length).toBeLessThan(total);
    expect(await page.locator('.glossary-filter-status').textContent()).toBe(
      `${shown.length} of ${total} acronyms match.`,
    );
    await page.getByLabel('Filter acronyms').fill('zzzz-no-such');
    await expect.poll(visible).toEqual([]);
    expect(await page.locator('.glossary-filter-status').textContent()).toContain('No acronym');
    await page.getByLabel('Filter acronyms').fill('');
    await expect.poll(async () => (await visible()).length).toBe(total);
    await close();
  });

  it('sorts the tags by count, A–Z on request, and marks Tags in the nav on tag pages', async () => {
    const { page, close } = await open('tags/');
    const topics = page.locator('section[aria-labelledby="tags-topics"] .tag-index > li');
    const counts = async () =>
      (await topics.locator('.muted').allTextContents()).map((t) => Number(t.match(/\d+/)![0]));
    const byCount = await counts();
    expect(byCount).toEqual([...byCount].sort((x, y) => y - x));
    await page.getByRole('button', { name: 'A–Z' }).click();
    const labels = await topics.locator('a').allTextContents();
    expect(labels).toEqual([...labels].sort((x, y) => x.localeCompare(y, 'en')));
    expect(await page.getByRole('button', { name: 'A–Z' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Tags' }).getAttribute('aria-current')).toBe('page');
    await topics.first().locator('a').click();
    await page.waitForURL(/\/tags\/[^/]+\/$/);
    expect(await nav.getByRole('link', { name: 'Tags' }).getAttribute('aria-current')).toBe('true');
    expect(await nav.locator('a[aria-current]').count()).toBe(1);
    await close();
  });
});
