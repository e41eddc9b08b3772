import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readBuiltPapers } from '../support/site';
import { collectErrors, launchBrowser } from '../support/browser';

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');
const papers = readBuiltPapers(siteDir);
const etap = papers.find((p) => p.name === 'ETAP')!;
const kaleidoscope = papers.find((p) => p.name === 'Kaleidoscope')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function home(search = '') {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(`${siteUrl}${search}`);
  // The explorer defines <paper-search> in a task of its own after the page's scripts (a shorter
  // first task); under load that task can come after `load`, so wait for it like a reader's first key.
  await page.waitForFunction(() => customElements.get('paper-search') !== undefined);
  return { page, errors };
}

const hits = (page: Page) => page.locator('[data-result-list] > li');
const firstSlug = (page: Page) => hits(page).first().getAttribute('data-slug');
const status = (page: Page) => page.locator('[data-search-status]').textContent();

describe('search on the home page', () => {
  it('ranks as the reader types, highlights the match, counts results and syncs the URL', async () => {
    const { page, errors } = await home();
    await page.locator('#search-input').pressSequentially('ETAP', { delay: 30 });
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    await expect.poll(() => status(page)).toMatch(/^\d+ papers? match(es)? “ETAP”$/);
    expect(await page.locator('[data-static-list]').isVisible()).toBe(false);
    const marks = await hits(page).first().locator('h3 mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toContain('etap');
    expect(await hits(page).first().locator('.search-snippet mark').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('q')).toBe('ETAP');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows each result as the list shows that paper: same card, tags, Code badge and a working Save button', async () => {
    const { page, errors } = await home(`?q=${encodeURIComponent(etap.name ?? '')}`);
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    const result = hits(page).first();
    const card = (root: typeof result) =>
      root.evaluate((li) => ({
        title: li.querySelector('h3 a')?.textContent,
        href: li.querySelector('h3 a')?.getAttribute('href'),
        name: li.querySelector('.paper-name')?.textContent,
        tags: [...li.querySelectorAll('.tag-list a.tag')].map((a) => [
          a.textContent?.trim(),
          a.getAttribute('href'),
        ]),
        code: li.querySelector('.badge')?.getAttribute('href') ?? null,
        star: li.querySelector('star-button')?.getAttribute('data-slug'),
      }));
    const listed = page.locator(`[data-static-list] li[data-slug="${etap.slug}"]`);
    expect(await card(result)).toEqual(await card(listed));
    await result.getByRole('button', { name: `Save ${etap.title}` }).click();
    const saved = result.getByRole('button', { name: `Saved ${etap.title}` });
    await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the results of a shared ?q= link on arrival, and tolerates typos', async () => {
    const { page, errors } = await home('?q=kaleidoscpe');
    await expect.poll(() => firstSlug(page)).toBe(kaleidoscope.slug);
    expect(await page.locator('#search-input').inputValue()).toBe('kaleidoscpe');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("links each of a paper's keywords to a search for it, which lists that paper", async () => {
    const paper = papers.find((p) => p.keywords.some((keyword) => keyword.includes(' ')))!;
    const keyword = paper.keywords.find((k) => k.includes(' '))!;
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${siteUrl}papers/${paper.slug}/`);
    const links = page.locator('.keywords a');
    expect(await links.allTextContents()).toEqual(paper.keywords);
    await links.getByText(keyword, { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === keyword);
    expect(await page.locator('#search-input').inputValue()).toBe(keyword);
    await expect
      .poll(() => page.locator(`[data-result-list] > li[data-slug="${paper.slug}"]`).count())
      .toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says the index is loading while it is still on its way, then answers', async () => {
    const page = await browser.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search/meta.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${siteUrl}?q=ETAP`);
    await expect.poll(() => status(page)).toBe('Loading the search index…');
    expect(await page.locator('[data-search-results]').getAttribute('aria-busy')).toBe('true');
    release();
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    expect(await page.locator('[data-search-results]').getAttribute('aria-busy')).toBeNull();
    await page.close();
  });

  it('fetches the index only after the page has loaded, never inlined in the HTML', async () => {
    const page = await browser.newPage();
    // The worker fetches the index, so the page's own resource timings do not list it.
    const events: string[] = [];
    page.on('load', () => events.push('load'));
    page.on('request', (request) => {
      if (request.url().endsWith('/search/meta.json')) events.push('index');
    });
    await page.goto(siteUrl);
    await expect.poll(() => events).toContain('index');
    expect(events.indexOf('load')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('load')).toBeLessThan(events.indexOf('index'));
    const html = await (await fetch(siteUrl)).text();
    expect(html).not.toContain('postings');
    await page.close();
  });

  it('goes back and forward through searches and filters', async () => {
    const { page } = await home();
    await page.locator('#search-input').fill('ETAP');
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    const facet = page.locator('a[data-facet="type"]').first();
    const typeSlug = (await facet.getAttribute('data-tag'))!.slice('type-'.length);
    await facet.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe(typeSlug);
    expect(await facet.getAttribute('aria-current')).toBe('true');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBeNull();
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    await page.goBack();
    await expect.poll(() => page.locator('[data-search-results]').isHidden()).toBe(true);
    expect(await page.locator('#search-input').inputValue()).toBe('');
    await page.goForward();
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    await page.close();
  });

  it('comes Back from a result to the same place in the results, not to the top of the list', async () => {
    const { page } = await home('?q=learning');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(12);
    const target = hits(page).nth(11);
    await target.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    const slug = await target.getAttribute('data-slug');
    // The snippets of the results above come back after them and move the card down: where the
    // reader left it is where it rests once they have (read twice, 200 ms apart, the same).
    let topBefore = Number.NaN;
    await expect
      .poll(async () => {
        const previous = topBefore;
        await page.waitForTimeout(200);
        topBefore = (await target.boundingBox())!.y;
        return topBefore === previous;
      })
      .toBe(true);
    await target.locator('h3 a').click();
    await page.waitForURL(`**/papers/${slug}/`);
    await page.goBack();
    // The card the reader opened is where it was on the screen, give or take a line.
    const card = page.locator(`[data-result-list] > li[data-slug="${slug}"]`);
    await expect
      .poll(async () => Math.abs(((await card.boundingBox())?.y ?? -1e6) - topBefore), {
        timeout: 10_000,
      })
      .toBeLessThan(40);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.close();
  });

  it('combines a query with a topic facet, and facet counts follow the query', async () => {
    const { page } = await home('?q=reinforcement+learning');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(1);
    const rl = page.locator('a[data-tag="reinforcement-learning"]');
    const countWithQuery = Number(await rl.locator('.facet-count').textContent());
    const staticCount = papers.filter((p) => p.tags.includes('reinforcement-learning')).length;
    const total = Number((await status(page))!.match(/^\d+/)![0]);
    expect(countWithQuery).toBeLessThanOrEqual(total);
    await rl.click();
    await expect
      .poll(async () => Number((await status(page))!.match(/^\d+/)![0]))
      .toBe(countWithQuery);
    for (const slug of await hits(page).evaluateAll((items) =>
      items.map((i) => i.getAttribute('data-slug')),
    )) {
      expect(papers.find((p) => p.slug === slug)!.tags).toContain('reinforcement-learning');
    }
    await page.locator('[data-clear]').click();
    expect(new URL(page.url()).searchParams.get('tag')).toBe('reinforcement-learning');
    await page.locator('[data-clear-filters]').click();
    await expect
      .poll(async () => (await rl.locator('.facet-count').textContent())?.trim())
      .toBe(String(staticCount));
    await page.close();
  });

  it('moves through results with the keyboard and opens one with Enter', async () => {
    const { page } = await home();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('benchmark');
    await expect.poll(() => status(page)).toMatch(/papers match “benchmark”$/);
    expect(await hits(page).count()).toBeGreaterThan(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = await hits(page).nth(1).locator('h3 a').getAttribute('href');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(second);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.press('ArrowDown');
    const first = await hits(page).first().locator('h3 a').getAttribute('href');
    await Promise.all([page.waitForURL(`**${first}`), page.keyboard.press('Enter')]);
    await page.goBack();
    await page.locator('#search-input').focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('#search-input').inputValue()).toBe('');
    await expect.poll(() => page.locator('[data-search-results]').isHidden()).toBe(true);
    await page.close();
  });

  it('says when nothing matches and offers a correction (did you mean) and clearing filters', async () => {
    const { page, errors } = await home('?q=reinforcement+learning&type=position');
    await expect.poll(() => page.locator('[data-no-results]').isVisible()).toBe(true);
    await page.locator('[data-clear-filters]').click();
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('type')).toBeNull();
    expect(new URL(page.url()).searchParams.get('q')).toBe('reinforcement learning');
    await page.locator('#search-input').fill('xiffusion');
    const suggestion = page.locator('[data-suggestions] button', { hasText: /^diffusion$/ });
    await suggestion.click();
    await expect.poll(() => status(page)).toMatch(/papers? match(es)? “diffusion”$/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('diffusion');
    await page.locator('#search-input').fill('zzqxjv');
    await expect.poll(() => page.locator('[data-no-results]').isVisible()).toBe(true);
    await expect.poll(() => status(page)).toBe('0 papers match “zzqxjv”');
    expect(await page.locator('[data-suggestion-row]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('counts only papers with every word, and lists the others in a labelled group', async () => {
    const { page, errors } = await home('?q=benchmark+for+video');
    await expect.poll(() => status(page)).toMatch(/^\d+ papers? match(es)? “benchmark for video”$/);
    const total = Number((await status(page))!.match(/^\d+/)![0]);
    // Cards are added a few per task after the count is shown (paper-search.ts): wait for them.
    await expect.poll(() => hits(page).count()).toBe(total);
    const heading = page.locator('[data-partial-heading]');
    expect(await heading.textContent()).toMatch(/^\d+ more papers? match(es)? some of your words$/);
    const partial = Number((await heading.textContent())!.match(/^\d+/)![0]);
    expect(partial).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-partial-list] > li').count()).toBe(partial);
    for (const slug of await hits(page).evaluateAll((items) =>
      items.map((i) => i.getAttribute('data-slug')),
    )) {
      const text = papers.find((p) => p.slug === slug)!;
      const all = `${text.title} ${text.plainText} ${text.keywords.join(' ')}`.toLowerCase();
      expect(all).toContain('benchmark');
      expect(all).toContain('video');
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a correction and can search for what was typed instead; the URL keeps what was typed', async () => {
    const { page, errors } = await home('?q=reinforcment+learning');
    const notice = page.locator('[data-correction]');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect((await notice.textContent())!.replace(/\s+/g, ' ')).toContain(
      'Showing results for reinforcement learning. Search instead for reinforcment learning',
    );
    expect(await notice.locator('em').allTextContents()).toEqual(['reinforcement']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('reinforcment learning');
    expect(await hits(page).count()).toBeGreaterThan(0);
    await page.locator('[data-search-as-typed]').click();
    await expect.poll(() => notice.isVisible()).toBe(false);
    await expect.poll(() => page.locator('[data-no-results]').isVisible()).toBe(true);
    expect(await page.locator('[data-suggestions] button').allTextContents()).toContain(
      'reinforcement learning',
    );
    expect(new URL(page.url()).searchParams.get('q')).toBe('reinforcment learning');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says when a query has no searchable word, and never cuts a character in two', async () => {
    const { page, errors } = await home('?q=%25');
    await expect
      .poll(() => status(page))
      .toBe('“%” has no word to search for: type letters or digits.');
    expect(await hits(page).count()).toBe(0);
    const emoji = '😀👍🏽🇫🇷'.repeat(40);
    await page.locator('#search-input').fill(emoji);
    await expect.poll(() => status(page)).toMatch(/^“😀.*has no word to search for/u);
    const text = (await status(page))!;
    expect(text).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    expect(text).toContain('…');
    expect(text.startsWith(`“${'😀👍🏽🇫🇷'.repeat(10)}`)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows active filters as removable chips, with separate Clear search and Clear filters', async () => {
    const { page, errors } = await home();
    const chips = page.locator('[data-filter-chips] button');
    const clearFilters = page.locator('[data-clear-filters]');
    await page.locator('#search-input').fill('learning');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(await clearFilters.isVisible()).toBe(false);
    const facet = page.locator('a[data-facet="topic"]').first();
    const slug = (await facet.getAttribute('data-tag'))!;
    const label = (await facet.locator('.facet-label').textContent())!;
    await facet.click();
    await expect.poll(() => chips.allTextContents()).toEqual([`${label}×`]);
    expect(await chips.first().getAttribute('aria-label')).toBe(`Remove filter ${label}`);
    expect(await clearFilters.isVisible()).toBe(true);
    await chips.first().click();
    await expect.poll(() => chips.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tag')).toBeNull();
    expect(new URL(page.url()).searchParams.get('q')).toBe('learning');
    await facet.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(slug);
    await page.locator('[data-clear]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
    expect(new URL(page.url()).searchParams.get('tag')).toBe(slug);
    expect(await chips.count()).toBe(1);
    expect(await page.locator('[data-clear]').isVisible()).toBe(false);
    await page.locator('#search-input').fill('learning');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('learning');
    await clearFilters.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBeNull();
    expect(new URL(page.url()).searchParams.get('q')).toBe('learning');
    expect(await clearFilters.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a tag in a result adds that filter and keeps the query, without leaving the explorer', async () => {
    const { page, errors } = await home('?q=diffusion');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const tag = hits(page).first().locator('a.tag').first();
    const slug = (await tag.getAttribute('data-filter'))!;
    const path = new URL(page.url()).pathname;
    await tag.click();
    await expect.poll(() => page.locator('[data-filter-chips] button').count()).toBe(1);
    const url = new URL(page.url());
    expect(url.pathname).toBe(path);
    expect(url.searchParams.get('q')).toBe('diffusion');
    const param = slug.startsWith('type-') ? 'type' : 'tag';
    expect(url.searchParams.get(param)).toBe(slug.replace(/^type-/, ''));
    for (const hitSlug of await hits(page).evaluateAll((items) =>
      items.map((i) => i.getAttribute('data-slug')),
    )) {
      const paper = papers.find((p) => p.slug === hitSlug)!;
      expect([...paper.tags, ...paper.types.map((t) => `type-${t}`)]).toContain(slug);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reaches the filters within a few Tabs from the search box, before any result', async () => {
    const { page } = await home('?q=learning');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    await page.locator('#search-input').focus();
    let presses = 0;
    for (; presses < 10; presses++) {
      await page.keyboard.press('Tab');
      const on = await page.evaluate(() => document.activeElement?.matches('a[data-facet]'));
      if (on) break;
      const inResults = await page.evaluate(
        () => document.activeElement?.closest('[data-search-results]') !== null,
      );
      expect(inResults).toBe(false);
    }
    expect(presses + 1).toBeLessThanOrEqual(3);
    await page.close();
  });

  it('draws a neutral focus ring, not a red or orange one', async () => {
    const { page } = await home();
    await page.keyboard.press('/');
    const color = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor);
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    expect(b).toBeGreaterThan(r!);
    expect(b).toBeGreaterThan(g!);
    await page.close();
  });

  it("answers a shared ?q= link from the split index, started by the explorer's first script", async () => {
    const html = await (await fetch(siteUrl)).text();
    // The boot is a classic, parser-blocking script right inside <paper-search>, before the list
    // (search-boot.ts): a module script would run only after the whole page is parsed.
    const boot = /<script src="([^"]+)"><\/script>/.exec(html);
    expect(boot).not.toBeNull();
    const bootBody = await (await fetch(new URL(boot![1]!, siteUrl))).text();
    expect(bootBody).toContain('paperSearchBoot');
    expect(bootBody).not.toMatch(/^\s*import\b|\bimport\(/m);
    expect(boot!.index).toBeGreaterThan(html.indexOf('<paper-search'));
    expect(boot!.index).toBeLessThan(html.indexOf('data-static-list'));
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${siteUrl}?q=ETAP`);
    await expect.poll(() => firstSlug(page)).toBe(etap.slug);
    expect(requested.some((path) => path.endsWith('/search/meta.json'))).toBe(true);
    expect(
      requested.some((path) => /\/search\/(vocab|postings|cards)\/\d+\.json$/.test(path)),
    ).toBe(true);
    expect(requested.some((path) => path.endsWith('/search-index.json'))).toBe(false);
    // A typo needs more of the vocabulary, fetched as it is needed.
    await page.locator('#search-input').fill('kaleidoscpoe');
    await expect.poll(() => firstSlug(page)).toBe(kaleidoscope.slug);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells the filter sheet each time results and counts are shown, and puts each count on its option', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const seen: { count: number; query: string }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      document.addEventListener('paper-search:results', (event) =>
        seen.push((event as CustomEvent<{ count: number; query: string }>).detail),
      );
    });
    await page.goto(siteUrl);
    await page.locator('#search-input').fill('benchmark');
    await expect.poll(() => status(page)).toMatch(/papers match “benchmark”$/);
    const count = Number((await status(page))!.match(/^(\d+)/)![1]);
    const seen = () =>
      page.evaluate(() => (window as unknown as { seen: { count: number; query: string }[] }).seen);
    await expect.poll(async () => (await seen()).at(-1)).toEqual({ count, query: 'benchmark' });
    const options = page.locator('a[data-facet]');
    for (let i = 0; i < Math.min(5, await options.count()); i += 1) {
      const option = options.nth(i);
      const shown = (await option.locator('[data-count-for]').textContent())!.trim();
      expect(await option.getAttribute('data-count')).toBe(shown);
    }
    await page.locator('#search-input').fill('');
    await expect
      .poll(async () => (await seen()).at(-1))
      .toEqual({ count: papers.length, query: '' });
    await page.close();
  });

  it('without JavaScript, /?q= says search needs JavaScript, links to the tags and hides JS-only controls', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}?q=diffusion`);
    const notice = page.locator('[data-no-js-notice]');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/needs JavaScript/);
    const tagsLink = notice.locator('a', { hasText: 'by topic' });
    await Promise.all([page.waitForURL(/\/tags\/$/), tagsLink.click()]);
    await page.goto(`${siteUrl}?q=diffusion`);
    expect(await page.locator('#search-input').isVisible()).toBe(false);
    expect(await page.locator('[data-static-list] .paper-list > li').count()).toBe(papers.length);
    expect(await page.locator('star-button button').first().isVisible()).toBe(false);
    await page.goto(`${siteUrl}map/`);
    expect(await page.getByRole('button', { name: 'Highlight' }).isVisible()).toBe(false);
    await context.close();
  });
});
