import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Paper } from '../../src/lib/schema';
import { familyOf } from '../../src/lib/site/topic-families';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';

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

const points = 'svg.topic-map .map-points > a';
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
    it('draws at most ten colour groups, each with its own shape, and a key that explains them', async () => {
      const { page, errors, close } = await open('map/');
      const dots = await page.locator(points).evaluateAll((links) =>
        links.map((a) => {
          const use = a.querySelector('use')!;
          return { fill: getComputedStyle(use).fill, shape: use.getAttribute('href') };
        }),
      );
      expect(dots).toHaveLength(papers.length);
      const fills = new Set(dots.map((d) => d.fill));
      expect(fills.size).toBeLessThanOrEqual(10);
      // Same family, same colour and shape; another family, another colour and another shape.
      const families = papers.map((p) => familyOf(primaryOf(p)).id);
      const byFamily = new Map<string, { fill: string; shape: string | null }>();
      families.forEach((family, i) => {
        const seen = byFamily.get(family);
        if (seen) expect(dots[i]).toEqual(seen);
        else byFamily.set(family, dots[i]!);
      });
      const looks = [...byFamily.values()];
      expect(new Set(looks.map((l) => l.fill)).size).toBe(looks.length);
      expect(new Set(looks.map((l) => l.shape)).size).toBe(looks.length);
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

    it('writes the family names where they cover neither dots nor each other', async () => {
      const { page, close } = await open('map/');
      // On a phone the 57 dots can leave no clear strip for a name: names are then left to the key
      // below the map rather than drawn over dots. On a desktop screen some names always fit.
      if (!phone) {
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.map-labels text')].some(
            (t) => t.getAttribute('visibility') === 'visible',
          ),
        );
      } else {
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.map-labels text')].every((t) =>
            t.hasAttribute('visibility'),
          ),
        );
      }
      const { labels, dots } = await page.evaluate(() => {
        const box = (e: Element) => e.getBoundingClientRect().toJSON() as DOMRect;
        return {
          labels: [...document.querySelectorAll('.map-labels text')]
            .filter((t) => t.getAttribute('visibility') === 'visible')
            .map(box),
          dots: [...document.querySelectorAll('.map-points use')].map((u) => {
            const b = u.getBoundingClientRect();
            return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
          }),
        };
      });
      if (!phone) expect(labels.length).toBeGreaterThan(2);
      labels.forEach((a, i) => {
        // No dot's centre, or the dot around it (>= 4 px), under a name.
        for (const dot of dots) {
          const inside =
            dot.x > a.left - 4 && dot.x < a.right + 4 && dot.y > a.top - 4 && dot.y < a.bottom + 4;
          expect(inside, `a dot under a family name`).toBe(false);
        }
        for (const b of labels.slice(i + 1)) {
          const overlap =
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, 'two family names on top of each other').toBe(false);
        }
      });
      await close();
    });

    it('gives every dot and control a touch target of at least 24 px', async () => {
      const { page, close } = await open('map/');
      await page.waitForFunction(
        () => !document.querySelector('.map-zoom')?.hasAttribute('hidden'),
      );
      const smallest = await page.evaluate(() => {
        const sizes = [...document.querySelectorAll('.map-points use')].map((u) => {
          const b = u.getBoundingClientRect();
          return Math.min(b.width, b.height);
        });
        return Math.min(...sizes);
      });
      expect(smallest).toBeGreaterThanOrEqual(24);
      for (const control of await page
        .locator(
          '.map-controls input, .map-controls select, .map-controls button, .map-zoom button',
        )
        .all()) {
        const box = (await control.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      }
      await close();
    });

    it('zooms and pans with the buttons, the keyboard, the wheel or a pinch, and resets', async () => {
      const { page, errors, close } = await open('map/');
      const viewBox = async () =>
        (await page.locator('svg.topic-map').getAttribute('viewBox'))!.split(' ').map(Number);
      const span = async () => (await viewBox())[2]!;
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await span()).toBeCloseTo(500);
      await page.locator(points).first().focus();
      await page.keyboard.press('+');
      expect(await span()).toBeCloseTo(250);
      // Names of clusters out of view are hidden, not pushed to the edge of the view.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const svg = document.querySelector('svg.topic-map')!;
            const [x, y, w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [
              number,
              number,
              number,
              number,
            ];
            return [...svg.querySelectorAll<SVGTextElement>('.map-labels text')].every((t) => {
              const [ax, ay] = [Number(t.dataset.anchorX), Number(t.dataset.anchorY)];
              const inView = ax >= x && ax <= x + w && ay >= y && ay <= y + h;
              return inView || t.getAttribute('visibility') === 'hidden';
            });
          }),
        )
        .toBe(true);
      const before = await viewBox();
      await page.keyboard.press('ArrowRight');
      expect((await viewBox())[0]).toBeGreaterThan(before[0]!);
      await page.keyboard.press('0');
      expect(await viewBox()).toEqual([0, 0, 1000, 1000]);
      // As a reader would: bring the middle of the map into view before zooming at it.
      await page
        .locator('svg.topic-map')
        .evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
      const map = (await page.locator('svg.topic-map').boundingBox())!;
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
      await expect.poll(span).toBeLessThan(700);
      // Dots keep their size on screen while the map grows.
      const dotWidth = () =>
        page
          .locator(`${points} > use`)
          .first()
          .evaluate((u) => u.getBoundingClientRect().width);
      const zoomedWidth = await dotWidth();
      await page.getByRole('button', { name: 'Reset' }).click();
      expect(await span()).toBe(1000);
      expect(Math.abs((await dotWidth()) - zoomedWidth)).toBeLessThan(2);
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
