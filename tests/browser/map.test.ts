import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import type { MapLayoutData, MapShardData } from '../../src/lib/site/map-layout';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { mapPointOf, mapPoints, touchPaths, type MapElement } from '../support/map';

// The topic map (issues 33 and 35): dots on a canvas from a layout fetched after the page shows;
// a tap at a dot's centre previews that dot's paper; names of the areas in view that never overlap;
// titles when zoomed in; a lasso lists papers with keywords; keyboard and screen-reader paths;
// cooperative gestures on a touch screen (one finger scrolls the page, two move the map).

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

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };

async function open(pathname: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${siteUrl}${pathname}`);
  return { page, errors, close: () => context.close() };
}

/** Waits for the map to be drawn, and brings it into view. */
async function ready(page: Page) {
  await page.waitForSelector('topic-map-view[data-state="ready"]');
  await page.locator('.map-stage').scrollIntoViewIfNeeded();
}

const pointOf = mapPointOf;
const allPoints = (page: Page) => mapPoints(page, papers.length);

const boxesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((e) => {
      const { left, top, right, bottom } = e.getBoundingClientRect();
      return { left, top, right, bottom };
    }),
  );

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Taps (touch) or clicks (mouse) at a viewport position. */
async function press(page: Page, phone: boolean, x: number, y: number) {
  if (phone) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

describe('the map files', () => {
  it('ships no dots in the page: a compact layout and shards of titles, one point per paper', async () => {
    const html = fs.readFileSync(path.join(siteDir, 'map/index.html'), 'utf8');
    expect(html).not.toContain('<use');
    expect(html).not.toContain(papers[0]!.title);
    const layout = (await (await fetch(`${siteUrl}map-layout.json`)).json()) as MapLayoutData;
    expect(layout.count).toBe(papers.length);
    expect(layout.x).toHaveLength(papers.length);
    // No two dots closer than the separation the dots are drawn at: they never overlap.
    for (let i = 0; i < layout.count; i += 1) {
      for (let j = i + 1; j < layout.count; j += 1) {
        const d = Math.hypot(layout.x[i]! - layout.x[j]!, layout.y[i]! - layout.y[j]!);
        expect(d).toBeGreaterThanOrEqual(layout.separation);
      }
    }
    const slugs: string[] = [];
    for (let shard = 0; shard < layout.shards; shard += 1) {
      const data = (await (
        await fetch(`${siteUrl}map-shards/${shard}.json`)
      ).json()) as MapShardData;
      for (const [index, [slug, title]] of Object.entries(data.papers)) {
        slugs[Number(index)] = slug;
        expect(title).toBe(papers[Number(index)]!.title);
      }
    }
    expect(slugs).toEqual(papers.map((p) => p.slug));
  });

  it('says without JavaScript that the map needs it, and links to the same papers as lists', async () => {
    const { page, close } = await open('map/', { javaScriptEnabled: false });
    const notice = page.locator('noscript, p', { hasText: 'The map needs JavaScript' }).last();
    expect(await notice.isVisible()).toBe(true);
    expect(await page.locator('.map-stage').isVisible()).toBe(false);
    expect(await page.locator('.map-legend a[href^="/tags/"]').count()).toBeGreaterThan(0);
    await close();
  });
});

describe.each([
  { name: 'phone 390×844', phone: true, options: PHONE },
  { name: 'desktop 1366×900', phone: false, options: DESKTOP },
])('on a $name screen', ({ phone, options }) => {
  it('previews the paper of the dot whose centre is tapped, for every dot', async () => {
    const { page, errors, close } = await open('map/', options);
    await ready(page);
    const preview = page.locator('.map-preview');
    for (const [index, paper] of papers.entries()) {
      const { x, y } = await pointOf(page, index);
      await press(page, phone, x, y);
      await expect
        .poll(() => preview.locator('.map-preview-title').textContent(), {
          message: `dot ${index}`,
        })
        .toBe(paper.title);
      expect(page.url()).toBe(`${siteUrl}map/`);
      await expect
        .poll(() => preview.getByRole('link', { name: /^Open/ }).getAttribute('href'))
        .toBe(`/papers/${paper.slug}/`);
      await expect
        .poll(() => preview.getByRole('button', { name: `Save ${paper.title}` }).isVisible())
        .toBe(true);
      if (index === 0) {
        // The card (summary, authors) loads after the title: on a loaded machine, later.
        await expect
          .poll(() => preview.locator('.map-preview-summary').textContent())
          .toBe(paper.summary);
      }
      await preview.getByRole('button', { name: 'Close the preview' }).click();
      await expect.poll(() => preview.isHidden()).toBe(true);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the paper from the preview, and saves it to the reading list', async () => {
    const { page, close } = await open('map/', options);
    await ready(page);
    const paper = papers[5]!;
    const { x, y } = await pointOf(page, 5);
    await press(page, phone, x, y);
    const preview = page.locator('.map-preview');
    await expect
      .poll(() => preview.getByRole('button', { name: `Save ${paper.title}` }).isVisible())
      .toBe(true);
    const save = preview.locator('star-button button');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await preview.getByRole('link', { name: /^Open/ }).click();
    await page.waitForURL(`**/papers/${paper.slug}/`);
    expect((await page.locator('h1').textContent())?.trim()).toBe(paper.title);
    await close();
  });

  it('names at least three areas in view, never overlapping, inside the map, near their papers', async () => {
    const { page, close } = await open('map/', options);
    await ready(page);
    await expect.poll(() => page.locator('.map-label').count()).toBeGreaterThanOrEqual(3);
    const labels = await boxesOf(page, '.map-label');
    const stage = (await boxesOf(page, '.map-stage'))[0]!;
    labels.forEach((a, i) => {
      expect(a.left).toBeGreaterThanOrEqual(stage.left);
      expect(a.right).toBeLessThanOrEqual(stage.right);
      expect(a.top).toBeGreaterThanOrEqual(stage.top);
      expect(a.bottom).toBeLessThanOrEqual(stage.bottom);
      for (const b of labels.slice(i + 1)) expect(overlap(a, b), 'two names overlap').toBe(false);
    });
    // Each name is an area of the list under the map, which lists that area's papers.
    const names = await page.locator('.map-label').allTextContents();
    const areas = await page.locator('.map-areas-list button').allTextContents();
    for (const name of names) expect(areas.some((area) => area.startsWith(`${name} (`))).toBe(true);
    await close();
  });

  it('shows the titles of the papers in view once zoomed in, never overlapping', async () => {
    const { page, errors, close } = await open('map/', options);
    await ready(page);
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 3 && (await page.locator('.map-title').count()) === 0; i += 1) {
      await zoomIn.click();
      await page.waitForTimeout(400);
    }
    await expect.poll(() => page.locator('.map-title').count()).toBeGreaterThan(0);
    const titles = await page.locator('.map-title').allTextContents();
    const stage = (await boxesOf(page, '.map-stage'))[0]!;
    const points = await allPoints(page);
    const inView = papers
      .filter((_, i) => {
        const p = points[i]!;
        return p.x >= stage.left && p.x <= stage.right && p.y >= stage.top && p.y <= stage.bottom;
      })
      .map((p) => p.title);
    for (const title of titles) expect(inView).toContain(title);
    const boxes = await boxesOf(page, '.map-title');
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b), 'two titles overlap').toBe(false);
    });
    expect(errors).toEqual([]);
    await close();
  });

  it('lists the papers of a lassoed area with their keywords', async () => {
    const { page, errors, close } = await open('map/', options);
    await ready(page);
    const stage = (await boxesOf(page, '.map-stage'))[0]!;
    // A diamond round the middle of the map, as a finger or mouse would draw it.
    const [cx, cy] = [(stage.left + stage.right) / 2, (stage.top + stage.bottom) / 2];
    const r = Math.min(stage.right - stage.left, stage.bottom - stage.top) * 0.35;
    const corners = [
      [cx, cy - r],
      [cx + r, cy],
      [cx, cy + r],
      [cx - r, cy],
      [cx, cy - r],
    ] as const;
    const path: [number, number][] = [];
    for (let c = 0; c < 4; c += 1) {
      const [[x0, y0], [x1, y1]] = [corners[c]!, corners[c + 1]!];
      for (let t = 0; t < 1; t += 0.1) path.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]);
    }
    await page.getByRole('button', { name: 'Select an area' }).click();
    expect(
      await page.getByRole('button', { name: 'Select an area' }).getAttribute('aria-pressed'),
    ).toBe('true');
    if (phone) {
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: [number, number]) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: at ? [{ x: at[0], y: at[1], id: 1 }] : [],
        });
      await touch('touchStart', path[0]);
      for (const at of path.slice(1)) await touch('touchMove', at);
      await touch('touchEnd');
    } else {
      await page.mouse.move(...path[0]!);
      await page.mouse.down();
      for (const at of path.slice(1)) await page.mouse.move(...at);
      await page.mouse.up();
    }
    const points = await allPoints(page);
    const diamond = (p: { x: number; y: number }) => Math.abs(p.x - cx) + Math.abs(p.y - cy) < r;
    const expected = papers.filter((_, i) => diamond(points[i]!));
    expect(expected.length).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: /in the selected area/ });
    await expect.poll(() => section.locator('li').count()).toBe(expected.length);
    expect(await section.locator('h2').textContent()).toBe(
      `${expected.length} ${expected.length === 1 ? 'paper' : 'papers'} in the selected area`,
    );
    const listed = await section
      .locator('li a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(listed.sort()).toEqual(expected.map((p) => `/papers/${p.slug}/`).sort());
    for (const item of await section.locator('li').all()) {
      const slug = (await item.locator('a').getAttribute('href'))!.split('/')[2];
      const paper = papers.find((p) => p.slug === slug)!;
      const keywords = await item.locator('.map-keywords').textContent();
      expect(keywords).toContain(paper.keywords[0]!);
    }
    expect(
      await page.getByRole('button', { name: 'Select an area' }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(errors).toEqual([]);
    await close();
  });

  it('has no serious accessibility violation with a preview and a list open', async () => {
    const { page, close } = await open('map/', options);
    await ready(page);
    await page
      .getByRole('button', { name: /\(\d+ papers?\)$/ })
      .first()
      .click();
    await expect.poll(() => page.locator('.map-selection-list li').count()).toBeGreaterThan(0);
    await page.locator('.map-stage').scrollIntoViewIfNeeded();
    const { x, y } = await pointOf(page, 0);
    await press(page, phone, x, y);
    await expect
      .poll(() => page.locator('.map-preview-title').textContent())
      .toBe(papers[0]!.title);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });
});

describe('on a 320 px screen', () => {
  it('never scrolls sideways, with a preview open too', async () => {
    const { page, close } = await open('map/', {
      viewport: { width: 320, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    await ready(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(320);
    const { x, y } = await pointOf(page, 1);
    await page.touchscreen.tap(x, y);
    await expect
      .poll(() => page.locator('.map-preview-title').textContent())
      .toBe(papers[1]!.title);
    expect(await width()).toBeLessThanOrEqual(320);
    await close();
  });
});

describe('with fingers on a phone: one scrolls the page, two move the map', () => {
  interface Point {
    x: number;
    y: number;
  }
  /** A finger's straight path from a point by (dx, dy), in `steps` moves. */
  const line = (from: Point, dx: number, dy: number, steps = 10): Point[] =>
    Array.from({ length: steps + 1 }, (_, s) => ({
      x: from.x + (dx * s) / steps,
      y: from.y + (dy * s) / steps,
    }));
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
  const viewOf = (page: Page) =>
    page.evaluate(() => (document.querySelector('topic-map-view') as MapElement).currentView);

  /** Zooms in with the button: at the full map there is nowhere to move it. */
  async function zoomIn(page: Page) {
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await viewOf(page)).zoom).toBe(2);
  }

  /** The stage in the middle of the screen, with room under it for the page to scroll. */
  async function stageOf(page: Page) {
    await page.locator('.map-stage').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const room = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight - window.scrollY,
    );
    expect(room).toBeGreaterThan(300);
    const stage = (await boxesOf(page, '.map-stage'))[0]!;
    expect(stage.top).toBeGreaterThanOrEqual(0);
    expect(stage.bottom).toBeLessThanOrEqual(844);
    return { ...stage, cx: (stage.left + stage.right) / 2, height: stage.bottom - stage.top };
  }

  it('scrolls the page under one finger dragged on the map, leaves the map still, and says to use two', async () => {
    const { page, errors, close } = await open('map/', PHONE);
    await ready(page);
    await zoomIn(page);
    const stage = await stageOf(page);
    // Each time the hint comes up: what it says, and whether it sits over the map.
    await page.evaluate(() => {
      const shown: { text: string; over: boolean }[] = [];
      (window as unknown as { hintsShown: typeof shown }).hintsShown = shown;
      const hint = document.querySelector('.map-hint');
      if (!hint) return;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.oldValue?.includes('is-shown') || !hint.classList.contains('is-shown'))
            continue;
          const a = hint.getBoundingClientRect();
          const b = document.querySelector('.map-stage')!.getBoundingClientRect();
          const over =
            a.width > 0 &&
            a.left >= b.left &&
            a.right <= b.right &&
            a.top >= b.top &&
            a.bottom <= b.bottom;
          shown.push({ text: hint.textContent ?? '', over });
        }
      }).observe(hint, { attributes: true, attributeFilter: ['class'], attributeOldValue: true });
    });
    // The drag starts on a dot: a drag is never a tap.
    const target = { x: stage.cx, y: stage.top + stage.height * 0.8 };
    const start = (await allPoints(page))
      .filter((p) => p.x > stage.left + 10 && p.x < stage.right - 10)
      .filter((p) => p.y > stage.top + stage.height * 0.55 && p.y < stage.bottom - 10)
      .sort(
        (a, b) =>
          Math.hypot(a.x - target.x, a.y - target.y) - Math.hypot(b.x - target.x, b.y - target.y),
      )[0]!;
    expect(start).toBeDefined();
    const [top, view] = [await scrollY(page), await viewOf(page)];
    await touchPaths(page, [line(start, 0, -150)]);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(top + 100);
    expect(await viewOf(page)).toEqual(view);
    expect(await page.locator('.map-preview').isHidden()).toBe(true);
    // Shown once for the whole drag, over the map, politely announced, then gone.
    const hint = page.locator('.map-hint');
    expect(await hint.getAttribute('aria-live')).toBe('polite');
    expect(
      await page.evaluate(
        () => (window as unknown as { hintsShown: { text: string; over: boolean }[] }).hintsShown,
      ),
    ).toEqual([{ text: 'Use two fingers to move the map', over: true }]);
    await expect.poll(() => hint.isVisible(), { timeout: 5_000 }).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('moves the map with two fingers, without scrolling the page', async () => {
    const { page, errors, close } = await open('map/', PHONE);
    await ready(page);
    await zoomIn(page);
    const stage = await stageOf(page);
    const [top, dot, zoom] = [
      await scrollY(page),
      await pointOf(page, 0),
      (await viewOf(page)).zoom,
    ];
    // Whether the map told the browser to leave each two-finger move alone. Chromium scrolls no page
    // under two fingers on a `pan-x pan-y` stage anyway; other browsers may scroll or zoom it.
    await page.evaluate(() => {
      const cancelled: boolean[] = [];
      (window as unknown as { twoFingerMoves: boolean[] }).twoFingerMoves = cancelled;
      document.addEventListener('touchmove', (event) => {
        if (event.touches.length >= 2) cancelled.push(event.defaultPrevented);
      });
    });
    // Two fingers 80 px apart, both moving 90 px up: the map moves up with them, at the same zoom.
    const y = stage.top + stage.height * 0.7;
    await touchPaths(page, [
      line({ x: stage.cx - 40, y }, 0, -90, 6),
      line({ x: stage.cx + 40, y }, 0, -90, 6),
    ]);
    await expect.poll(async () => (await pointOf(page, 0)).y - dot.y).toBeLessThan(-88);
    const moved = await pointOf(page, 0);
    expect(moved.y - dot.y).toBeGreaterThan(-92);
    expect(Math.abs(moved.x - dot.x)).toBeLessThan(1);
    expect((await viewOf(page)).zoom).toBeCloseTo(zoom, 6);
    expect(await scrollY(page)).toBe(top);
    const moves = await page.evaluate(
      () => (window as unknown as { twoFingerMoves: boolean[] }).twoFingerMoves,
    );
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every(Boolean)).toBe(true);
    expect(await page.locator('.map-preview').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('draws the lasso with one finger in lasso mode, then lets the finger scroll the page again', async () => {
    const { page, errors, close } = await open('map/', PHONE);
    await ready(page);
    const stage = await stageOf(page);
    const top = await scrollY(page);
    await page.getByRole('button', { name: 'Select an area' }).click();
    // A triangle round the middle of the map, drawn mostly up and down (a page-scrolling move).
    const r = stage.height * 0.3;
    const cy = stage.top + stage.height / 2;
    const [a, b, c] = [
      { x: stage.cx - r, y: cy + r },
      { x: stage.cx, y: cy - r },
      { x: stage.cx + r, y: cy + r },
    ];
    await touchPaths(page, [
      [
        ...line(a, b.x - a.x, b.y - a.y),
        ...line(b, c.x - b.x, c.y - b.y),
        ...line(c, a.x - c.x, 0),
      ],
    ]);
    const section = page.getByRole('region', { name: /in the selected area/ });
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(await scrollY(page)).toBe(top);
    expect(
      await page.getByRole('button', { name: 'Select an area' }).getAttribute('aria-pressed'),
    ).toBe('false');
    // Lasso mode is over: one finger on the map scrolls the page again.
    await touchPaths(page, [line({ x: stage.cx, y: stage.top + stage.height * 0.8 }, 0, -150)]);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(top + 100);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('with the keyboard only', () => {
  /** Presses Tab until the focused element matches `selector`. */
  async function tabTo(page: Page, selector: string) {
    for (let presses = 0; presses < 100; presses += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it('previews the paper nearest the middle with Enter, then opens it', async () => {
    const { page, errors, close } = await open('map/', DESKTOP);
    await ready(page);
    await tabTo(page, '.map-stage');
    await page.keyboard.press('+');
    await expect
      .poll(() =>
        page.evaluate(
          () => (document.querySelector('topic-map-view') as MapElement).currentView.zoom,
        ),
      )
      .toBe(2);
    await page.keyboard.press('Enter');
    const title = page.locator('.map-preview-title');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toBe('map-preview-title');
    const titles = papers.map((p) => p.title);
    await expect.poll(() => title.textContent()).toBeOneOf(titles);
    const shown = await title.textContent();
    const paper = papers.find((p) => p.title === shown)!;
    await tabTo(page, '.map-preview-open');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/papers/${paper.slug}/`);
    expect(errors).toEqual([]);
    await close();
  });

  it('reaches every paper through the areas in view, each listing its papers', async () => {
    const { page, close } = await open('map/', DESKTOP);
    await ready(page);
    await expect.poll(() => page.locator('.map-areas-list button').count()).toBeGreaterThan(0);
    // At the full map every paper is in view, so the areas hold every paper between them.
    const counts = await page.locator('.map-areas-list button').allTextContents();
    const total = counts.reduce(
      (sum, text) => sum + Number(/\((\d+) papers?\)$/.exec(text)![1]),
      0,
    );
    expect(total).toBeLessThanOrEqual(papers.length);
    expect(total).toBeGreaterThan(papers.length * 0.8);
    await tabTo(page, '.map-areas-list button');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('map-selection-heading');
    await expect.poll(() => page.locator('.map-selection-list li').count()).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(href).toMatch(/^\/papers\/[^/]+\/$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    await close();
  });
});

describe('highlighting', () => {
  it('highlights the papers of a topic given in the URL and lists them, as the home page filter would', async () => {
    const tag = papers.find((p) => p.tags.length > 0)!.tags[0]!;
    const { page, errors, close } = await open(`map/?tag=${tag}`);
    const expected = papers.filter((p) => p.tags.includes(tag)).map((p) => p.title);
    const list = page.getByRole('region', { name: 'Highlighted papers' });
    await expect.poll(() => list.locator('li a').allTextContents()).toEqual(expected);
    expect(await page.locator('.map-status').textContent()).toContain(
      `${expected.length === 1 ? '1 paper' : `${expected.length} papers`} of ${papers.length} papers match`,
    );
    expect(await page.locator('select[name="tag"]').inputValue()).toBe(tag);
    expect(errors).toEqual([]);
    await close();
  });

  it('highlights the papers matching a search, and clears the highlight', async () => {
    const { page, close } = await open('map/');
    await ready(page);
    await page.getByLabel('Highlight papers matching').fill('reinforcement');
    await page.getByRole('button', { name: 'Highlight' }).click();
    const list = page.locator('.map-hits-list li a');
    await expect.poll(() => list.count()).toBeGreaterThan(0);
    expect(page.url()).toContain('q=reinforcement');
    const hitTitles = await list.allTextContents();
    const withWord = papers.filter((p) => /reinforcement/i.test(p.plainText)).map((p) => p.title);
    expect(hitTitles).toEqual(expect.arrayContaining(withWord));
    expect(hitTitles.length).toBeLessThan(papers.length);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.locator('.map-hits').isHidden()).toBe(true);
    await close();
  });
});
