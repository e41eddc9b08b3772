import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDumps, writeDumps } from '../../scripts/generate-dumps';
import { collectErrors, launchBrowser } from '../support/browser';
import { SEED_DUMPS } from '../support/seeds';
import { buildSite, serveSite } from '../support/site';

// Keyboard only: every control of the home page is reached with Tab, shows where focus is, and
// works with Enter or Space. The seeds fit on one page, so 60 synthetic abstracts are added to
// get the pagination too.

const DUMPS = '.tmp/site-keyboard-dumps';
let browser: Browser;
let server: Awaited<ReturnType<typeof serveSite>>;
let paperCount: number;

beforeAll(async () => {
  writeDumps(DUMPS, generateDumps(60, 1, 6));
  for (const seed of fs.readdirSync(SEED_DUMPS)) {
    fs.copyFileSync(path.join(SEED_DUMPS, seed), path.join(DUMPS, seed));
  }
  const site = await buildSite({ dumps: DUMPS, outDir: '.tmp/site-keyboard' });
  paperCount = (JSON.parse(fs.readFileSync(site.papersFile, 'utf8')) as unknown[]).length;
  server = await serveSite(site.outDir);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The focused element, described well enough to tell controls apart and judge its focus ring. */
interface Focused {
  /** A CSS path that identifies the element on the page. */
  path: string;
  /** Which kind of control it is, by the selectors below; `other` when none matches. */
  kind: string;
  focusVisible: boolean;
  /** A focus ring: an outline of at least 2px, or a box shadow. */
  hasIndicator: boolean;
  /** Its box lies, at least partly, inside the viewport. */
  onScreen: boolean;
}

/** The controls a reader uses on the home page, by kind. */
const CONTROLS: Record<string, string> = {
  skipLink: '.skip-link',
  searchBox: 'paper-search input[name="q"]',
  searchButton: 'paper-search form button[type="submit"]',
  facet: 'a[data-facet]',
  sortLink: '.sort a',
  paperLink: '.paper-list h3 a',
  tagLink: '.paper-list .tag-list a',
  starButton: 'star-button button',
  themeToggle: 'theme-toggle button[data-theme-choice="dark"]',
  pagination: '.pagination a',
};

function describeFocus(page: Page): Promise<Focused | null> {
  return page.evaluate((controls) => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const cssPath = (node: Element): string => {
      const parent = node.parentElement;
      if (!parent) return node.localName;
      const index = [...parent.children].indexOf(node) + 1;
      return `${cssPath(parent)} > ${node.localName}:nth-child(${index})`;
    };
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const kind = Object.entries(controls).find(([, selector]) => element.matches(selector));
    return {
      path: cssPath(element),
      kind: kind?.[0] ?? 'other',
      focusVisible: element.matches(':focus-visible'),
      hasIndicator:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
        style.boxShadow !== 'none',
      onScreen:
        rect.width > 0 &&
        rect.height > 0 &&
        rect.bottom > 0 &&
        rect.right > 0 &&
        rect.top < innerHeight &&
        rect.left < innerWidth,
    };
  }, CONTROLS);
}

/** Every element a reader can Tab to, as the page itself lists them. */
function focusableElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cssPath = (node: Element): string => {
      const parent = node.parentElement;
      if (!parent) return node.localName;
      const index = [...parent.children].indexOf(node) + 1;
      return `${cssPath(parent)} > ${node.localName}:nth-child(${index})`;
    };
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]',
    );
    return [...candidates]
      .filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.checkVisibility())
      .map(cssPath);
  });
}

/** Presses Tab from the top of the page until focus leaves the page, recording each stop. */
async function tabThrough(page: Page): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let presses = 0; presses < 2000; presses++) {
    await page.keyboard.press('Tab');
    const focused = await describeFocus(page);
    if (!focused || focused.path === stops[0]?.path) break;
    stops.push(focused);
  }
  return stops;
}

/** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 800): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function openHome(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url);
  await page.waitForLoadState('networkidle');
  return { page, errors, close: () => context.close() };
}

describe('the home page with the keyboard only', () => {
  it('reaches every control with Tab, each with a visible focus ring on screen', async () => {
    const { page, errors, close } = await openHome();
    const stops = await tabThrough(page);
    expect(stops.map((stop) => stop.path).sort()).toEqual((await focusableElements(page)).sort());
    expect(stops[0]?.kind).toBe('skipLink');
    const kinds = new Set(stops.map((stop) => stop.kind));
    for (const kind of Object.keys(CONTROLS)) expect(kinds).toContain(kind);
    const withoutRing = stops.filter((s) => !(s.focusVisible && s.hasIndicator && s.onScreen));
    expect(withoutRing).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('skips to the content, searches and clears the search', async () => {
    const { page, errors, close } = await openHome();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, CONTROLS.searchBox!);
    await page.keyboard.type('diffusion');
    await page.keyboard.press('Enter');
    const results = page.locator('[data-result-list] > li');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(page.url()).toContain('q=diffusion');
    await tabTo(page, '[data-clear]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-search-results]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('filters by a facet, stars a paper and switches theme with Enter and Space', async () => {
    const { page, errors, close } = await openHome();
    await tabTo(page, CONTROLS.facet!);
    const tag = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.tag);
    await page.keyboard.press('Enter');
    // The first facet is a venue when the papers come from several, else a topic.
    const [facet, value] = tag?.includes(':') ? tag.split(':') : ['tag', tag];
    await expect.poll(() => page.url()).toMatch(new RegExp(`[?&]${facet}=${value}`));
    await page.goto(server.url);
    await tabTo(page, CONTROLS.starButton!);
    const star = page.locator('star-button button').first();
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await tabTo(page, CONTROLS.themeToggle!);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    const before = await theme();
    await page.keyboard.press('Enter');
    await expect.poll(theme).not.toBe(before);
    expect(errors).toEqual([]);
    await close();
  });

  it('follows sort, paper and pagination links with Enter', async () => {
    const { page, close } = await openHome();
    await tabTo(page, '.sort a:not([aria-current])');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/by-title\/$/);
    await page.goto(server.url);
    await tabTo(page, CONTROLS.paperLink!);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/papers\/[^/]+\/$/);
    await page.goto(server.url);
    await tabTo(page, '.pagination a[href$="/page/2/"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/page\/2\/$/);
    expect(paperCount).toBeGreaterThan(100);
    expect(await page.locator('.paper-list > li').count()).toBe(paperCount - 100);
    await close();
  });
});
