import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readBuiltPapers } from '../support/site';
import { launchBrowser } from '../support/browser';
import { seriousViolations } from '../support/axe';

// Accessibility (axe-core, every kind of page, light and dark) and HTML validity (html-validate over
// every page of the seed build, through scripts/validate-html.ts as CI runs it).

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers = readBuiltPapers(siteDir);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Paper cards off screen are not rendered until they come near it (`content-visibility: auto`,
 * global.css). axe-core's target-size rule hit-tests each button and link (elementsFromPoint),
 * which never reaches into a card not rendered, so it reported their tags and Save buttons as
 * covered. Every card is rendered before a check, as each is when the reader scrolls to it.
 */
async function axeViolations(page: Page) {
  await page.addStyleTag({ content: '.paper-card { content-visibility: visible !important; }' });
  return seriousViolations(page);
}

/** A page worth checking, and what to do before checking it so its dynamic parts are shown. */
interface PageCase {
  name: string;
  path: string;
  ready?: (page: Page) => Promise<void>;
}

const paperWithMath = papers.find((p) => p.abstract.includes('$') && p.acronyms.length > 0);
const pollCount = (page: Page, selector: string) =>
  expect.poll(() => page.locator(selector).count()).toBeGreaterThan(0);

const PAGES: PageCase[] = [
  { name: 'home', path: '' },
  {
    name: 'home with a query',
    path: '?q=diffusion',
    ready: (page) => pollCount(page, '[data-result-list] > li'),
  },
  { name: 'paper (math, acronyms)', path: `papers/${(paperWithMath ?? papers[0]!).slug}/` },
  { name: 'tag', path: `tags/${papers[0]!.tags[0]}/` },
  { name: '404', path: 'no-such-page/' },
  { name: 'tag index', path: 'tags/' },
  {
    name: 'map',
    path: 'map/?q=diffusion',
    ready: (page) => pollCount(page, '.map-hits-list > li, .map-label'),
  },
  {
    name: 'reading list with a paper',
    path: 'list/',
    ready: async (page) => {
      await page.goto(`${siteUrl}papers/${papers[0]!.slug}/`);
      await page.locator('star-button button').click();
      await page.goto(`${siteUrl}list/`);
      await pollCount(page, '.rl-items > li');
    },
  },
  {
    name: 'papers like this text',
    path: 'similar/?text=diffusion%20models%20for%20image%20generation',
    ready: (page) => pollCount(page, '.similar-list > li'),
  },
  { name: 'glossary', path: 'glossary/' },
];

describe('axe-core finds no serious or critical violation', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const { name, path: pagePath, ready } of PAGES) {
      it(`on the ${name} page, ${colorScheme} theme`, async () => {
        const context = await browser.newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(`${siteUrl}${pagePath}`);
        await ready?.(page);
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  // The phone layout (header on two rows, icon-only theme buttons, touch wording on the map).
  const PHONE_PAGES = new Set([
    'home',
    'paper (math, acronyms)',
    'map',
    'reading list with a paper',
  ]);
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const { name, path: pagePath, ready } of PAGES.filter((p) => PHONE_PAGES.has(p.name))) {
      it(`on the ${name} page, ${colorScheme} theme, on a 390×844 phone`, async () => {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await page.goto(`${siteUrl}${pagePath}`);
        await ready?.(page);
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it('on the home page after switching to the dark theme with the toggle', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(siteUrl);
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
