import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/lib/build/csp';
import { encodeSharedList } from '../../src/lib/site/reading-list';
import type { Paper } from '../../src/lib/schema';
import { collectErrors, launchBrowser } from '../support/browser';
import { runScript } from '../support/run';
import { buildSite, serveSite, readBuiltPapers } from '../support/site';
import { mapPointOf } from '../support/map';

// A site built from abstracts full of injection payloads (tests/fixtures/hostile/dumps) must show
// every payload as the text its author typed and run none of them: not with the Content-Security-
// Policy on, and not with it switched off either, so the escaping alone is proven to hold.

const FIXTURE = 'tests/fixtures/hostile/dumps';
/** What every payload tries to set; a page is clean when it stays undefined. */
const CANARY = '__pwned';

let browser: Browser;
let hostile: { url: string; dir: string; papers: Paper[]; close: () => Promise<void> };

beforeAll(async () => {
  const site = await buildSite({ dumps: FIXTURE, outDir: '.tmp/site-hostile' });
  const papers = readBuiltPapers(site.outDir);
  const server = await serveSite(site.outDir);
  hostile = { url: server.url, dir: site.outDir, papers, close: server.close };
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await hostile?.close();
});

/** Every file of a built site, relative to it. */
function builtFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .sort();
}

/** The URL path of every built page: `papers/x/index.html` → `papers/x/`. */
function builtPages(dir: string): string[] {
  return builtFiles(dir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.replace(/(^|\/)index\.html$/, '$1'));
}

const paperWith = (text: string): Paper => {
  const paper = hostile.papers.find((p) => p.abstract.includes(text));
  if (!paper) throw new Error(`no hostile paper contains ${text}`);
  return paper;
};

interface OpenPage {
  page: Page;
  errors: string[];
  dialogs: string[];
  close: () => Promise<void>;
}

/** A fresh context that records dialogs, console errors and CSP violations. */
async function openPage(url: string, options: BrowserContextOptions = {}): Promise<OpenPage> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    const violations: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  return { page, errors, dialogs, close: () => context.close() };
}

/** What a payload would leave behind in a page; all empty (and the canary unset) when clean. */
interface Traces {
  canary: string;
  cspViolations: string[];
  eventHandlers: string[];
  unsafeUrls: string[];
  injectedElements: string[];
  foreignScripts: string[];
  hiddenBody: boolean;
}

const CLEAN: Traces = {
  canary: 'undefined',
  cspViolations: [],
  eventHandlers: [],
  unsafeUrls: [],
  injectedElements: [],
  foreignScripts: [],
  hiddenBody: false,
};

function traces(page: Page): Promise<Traces> {
  return page.evaluate((canary) => {
    const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];
    const eventHandlers: string[] = [];
    const unsafeUrls: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) eventHandlers.push(`${element.localName}[${name}]`);
        if (!URL_ATTRIBUTES.includes(name)) continue;
        const { protocol } = new URL(attribute.value, document.baseURI);
        if (protocol !== 'http:' && protocol !== 'https:') {
          unsafeUrls.push(`${element.localName}[${name}=${attribute.value}]`);
        }
      }
    }
    const injected = document.querySelectorAll(
      'iframe, frame, object, embed, img, base, [srcdoc], meta[http-equiv="refresh" i], form[action*="evil"]',
    );
    const foreignScripts = [...document.scripts]
      .filter((script) =>
        script.src
          ? new URL(script.src).origin !== location.origin
          : script.text.includes(canary) && script.type !== 'application/ld+json',
      )
      .map((script) => script.outerHTML.slice(0, 120));
    return {
      canary: typeof (window as unknown as Record<string, unknown>)[canary],
      cspViolations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
      eventHandlers,
      unsafeUrls,
      injectedElements: [...injected].map((element) => element.outerHTML.slice(0, 120)),
      foreignScripts,
      hiddenBody: getComputedStyle(document.body).display === 'none',
    };
  }, CANARY);
}

describe('a site built from hostile abstracts', () => {
  it('turns every hostile abstract into a paper', () => {
    // A paragraph starts at a non-blank line after a blank one (the header is never preceded by one).
    const paragraphs = fs.readdirSync(FIXTURE).flatMap((file) =>
      fs
        .readFileSync(path.join(FIXTURE, file), 'utf8')
        .split(/\r\n|\r|\n/)
        .filter((line, i, lines) => i > 0 && line.trim() !== '' && lines[i - 1]!.trim() === ''),
    );
    expect(hostile.papers).toHaveLength(paragraphs.length);
  });

  it('runs no payload on any built page, even with the Content-Security-Policy switched off', async () => {
    const pages = builtPages(hostile.dir);
    expect(pages.length).toBeGreaterThan(hostile.papers.length);
    const { page, dialogs, close } = await openPage(hostile.url, { bypassCSP: true });
    for (const pagePath of pages) {
      await page.goto(`${hostile.url}${pagePath}`);
      expect({ pagePath, ...(await traces(page)) }).toEqual({ pagePath, ...CLEAN });
    }
    expect(dialogs).toEqual([]);
    await close();
  });

  it('violates no Content-Security-Policy directive on any built page', async () => {
    const { page, errors, dialogs, close } = await openPage(hostile.url);
    for (const pagePath of builtPages(hostile.dir)) {
      await page.goto(`${hostile.url}${pagePath}`);
      expect({ pagePath, ...(await traces(page)) }).toEqual({ pagePath, ...CLEAN });
    }
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await close();
  });

  it('gives every built page, the 404 page too, a policy listing exactly its inline scripts', () => {
    const files = builtFiles(hostile.dir);
    const html = files.filter((file) => file.endsWith('.html'));
    expect(html).toContain('404.html');
    for (const file of html) {
      const page = fs.readFileSync(path.join(hostile.dir, file), 'utf8');
      const metas = DomUtils.findAll(
        (element) => element.attribs['http-equiv'] === 'Content-Security-Policy',
        parseDocument(page).children,
      );
      // One policy, right after <meta charset> (before any script), naming the page's own scripts.
      expect({ file, policies: metas.length }).toEqual({ file, policies: 1 });
      const policy = metas[0]!.attribs.content!;
      expect(page.indexOf('<meta http-equiv="Content-Security-Policy"')).toBeLessThan(
        page.indexOf('<script'),
      );
      expect({ file, policy }).toEqual({ file, policy: contentSecurityPolicy(page) });
    }
    // Data files are left as the endpoints wrote them.
    for (const file of files.filter((name) => name.endsWith('.json') || name.endsWith('.xml'))) {
      expect({
        file,
        hasPolicy: fs
          .readFileSync(path.join(hostile.dir, file), 'utf8')
          .includes('Content-Security-Policy'),
      }).toEqual({ file, hasPolicy: false });
    }
  });

  it('shows each payload on its paper page as the text the author wrote', async () => {
    const written = [
      `<script>window.__pwned='script';alert('script')</script>`,
      `<img src=x onerror="window.__pwned='img';alert('img')">`,
      `<iframe srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>`,
      `</script><script>window.__pwned='jsonld';alert('jsonld')</script>`,
      `<!-- hidden instructions -->`,
      `<![CDATA[ window.__pwned='cdata' ]]> and a stray ]]> terminator`,
      `“curly double”, ‘curly single’, «guillemets», „low-nine“`,
      `JSON escapes such as \\u003cscript\\u003e and`,
      `Arabic (نموذج لغوي كبير), Hebrew (מודל שפה), Persian (می‌خواهم)`,
      `override characters \u202egnp.exe\u202c, emoji 🚀🧪`,
      `zero-width joiner sequences 👩‍🔬 and 👨‍👩‍👧`,
      `<base href="https://evil.example/">, <style>body{display:none}</style>`,
      `{{constructor.constructor('window.__pwned=1')()}}`,
    ];
    const { page, close } = await openPage(hostile.url);
    for (const text of written) {
      const paper = paperWith(text);
      await page.goto(`${hostile.url}papers/${paper.slug}/`);
      expect(await page.locator('.abstract').textContent()).toContain(text);
    }
    await close();
  });

  it('keeps titles, summaries and JSON-LD of every paper page exactly as in the record', async () => {
    const { page, close } = await openPage(hostile.url);
    for (const paper of hostile.papers) {
      await page.goto(`${hostile.url}papers/${paper.slug}/`);
      const shown = await page.evaluate(() => ({
        h1: document.querySelector('h1')?.textContent,
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        jsonLd: JSON.parse(
          document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null',
        ),
        starTitle: document.querySelector('star-button')?.getAttribute('data-title'),
        source: document.querySelector('.source li')?.textContent,
      }));
      expect(shown).toMatchObject({
        h1: paper.title,
        title: `${paper.title} · Paper Explorer`,
        description: paper.summary,
        jsonLd: {
          headline: paper.title,
          isPartOf: { name: paper.sources[0]!.header },
        },
        starTitle: paper.title,
        source: expect.stringContaining(paper.sources[0]!.header),
      });
    }
    await close();
  });

  it('shows the hostile dump headers, titles and summaries as text on the home page', async () => {
    const { page, close } = await openPage(hostile.url);
    const headers = [...new Set(hostile.papers.map((p) => p.sources[0]!.header))];
    const h1 = await page.locator('h1').textContent();
    for (const header of headers) expect(h1).toContain(header);
    expect(headers.join(' ')).toContain(`</script><script>window.__pwned='header'`);
    const cards = page.locator('.paper-list > li');
    expect(await cards.locator('h3 a').allTextContents()).toEqual(
      hostile.papers.map((p) => p.title),
    );
    expect(await cards.locator('.paper-card-summary').allTextContents()).toEqual(
      hostile.papers.map((p) => p.summary),
    );
    await close();
  });

  it('emits no link other than http(s) from abstract text', () => {
    for (const paper of hostile.papers) {
      for (const link of paper.links) expect(link.url).toMatch(/^https?:\/\/[^\s"<>]+$/);
    }
    const linksPaper = paperWith('[the project page](https://example.org/sandbox)');
    expect(linksPaper.links.map((link) => link.url)).toEqual(['https://example.org/sandbox']);
  });

  it('has no script URL, event handler or injected element in any built file', () => {
    const problems: string[] = [];
    for (const file of builtFiles(hostile.dir)) {
      const text = fs.readFileSync(path.join(hostile.dir, file), 'utf8');
      if (file.endsWith('.html')) problems.push(...unsafeHtml(text).map((p) => `${file}: ${p}`));
      else if (file.endsWith('.json'))
        problems.push(...unsafeJson(text).map((p) => `${file}: ${p}`));
      else if (file.endsWith('.xml')) problems.push(...unsafeXml(text).map((p) => `${file}: ${p}`));
      else if (/\.(js|css|txt|svg)$/.test(file) && text.includes(CANARY)) {
        problems.push(`${file}: record text inside code or styles`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('builds pages that are valid HTML whatever the abstracts hold', async () => {
    const run = await runScript('scripts/validate-html.ts', [hostile.dir]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^0 HTML errors in \d+ pages/m);
  });
});

describe('client-side rendering of hostile records', () => {
  it('search results and highlights show hostile titles and snippets as text', async () => {
    const target = paperWith(`ScriptGuard"><svg onload=window.__pwned='name'>`);
    const { page, errors, dialogs, close } = await openPage(hostile.url, { bypassCSP: true });
    const box = page.locator('paper-search input[name="q"]');
    await box.fill('ScriptGuard onerror');
    const results = page.locator('[data-result-list] > li');
    await expect.poll(() => results.first().getAttribute('data-slug')).toBe(target.slug);
    expect(await results.first().locator('h3 a').textContent()).toBe(target.title);
    // Snippets (and their highlights) arrive after the cards on a busy machine: wait for them.
    await expect.poll(() => results.first().locator('mark').count()).toBeGreaterThan(0);
    const snippet = (await results.first().locator('.search-snippet').textContent()) ?? '';
    expect(target.plainText).toContain(snippet.replace(/^…|…$/g, '').trim());
    await box.fill('sandbox');
    await expect.poll(() => results.count()).toBe(hostile.papers.length);
    expect((await results.locator('h3 a').allTextContents()).sort()).toEqual(
      hostile.papers.map((paper) => paper.title).sort(),
    );
    await box.fill(`<img src=x onerror="window.${CANARY}='query'"> sandbox`);
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await traces(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('the map preview, titles, lists and highlights show hostile titles as text', async () => {
    const target = paperWith(`ScriptGuard"><svg onload=window.__pwned='name'>`);
    const { page, dialogs, close } = await openPage(`${hostile.url}map/?q=sandbox`, {
      bypassCSP: true,
    });
    await expect.poll(() => page.locator('.map-hits-list > li').count()).toBeGreaterThan(0);
    await page.waitForSelector('topic-map-view[data-state="ready"]');
    await page.locator('.map-stage').scrollIntoViewIfNeeded();
    const index = hostile.papers.indexOf(target);
    const at = await mapPointOf(page, index);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.locator('.map-preview-title').textContent()).toBe(target.title);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /\(\d+ papers?\)$/ })
      .first()
      .click();
    await expect.poll(() => page.locator('.map-selection-list li').count()).toBeGreaterThan(0);
    // Zoomed in round the paper, titles are written next to their dots.
    await page.locator('.map-stage').scrollIntoViewIfNeeded();
    const near = await mapPointOf(page, index);
    await page.mouse.move(near.x, near.y);
    await page.mouse.wheel(0, -600);
    await expect.poll(() => page.locator('.map-title').count()).toBeGreaterThan(0);
    expect(await traces(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    await close();
  });

  it('"papers like this text" shows hostile titles as text, whatever text is pasted', async () => {
    const target = paperWith(`ScriptGuard"><svg onload=window.__pwned='name'>`);
    const text = `<img src=x onerror="window.${CANARY}='similar'"> ${target.plainText}`;
    const { page, dialogs, close } = await openPage(
      `${hostile.url}similar/?text=${encodeURIComponent(text)}`,
      { bypassCSP: true },
    );
    const first = page.locator('.similar-list > li a').first();
    await expect.poll(() => first.textContent()).toBe(target.title);
    expect(await traces(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    await close();
  });

  it('the reading list shows starred hostile titles and shared hostile notes as text', async () => {
    const target = paperWith(`ScriptGuard"><svg onload=window.__pwned='name'>`);
    const { page, dialogs, close } = await openPage(`${hostile.url}papers/${target.slug}/`, {
      bypassCSP: true,
    });
    await page.getByRole('button', { name: `Save ${target.title}` }).click();
    await page.goto(`${hostile.url}list/`);
    const rows = page.locator('.rl-items > li h3 a');
    await expect.poll(() => rows.allTextContents()).toEqual([target.title]);
    const shared = encodeSharedList([
      {
        slug: hostile.papers[0]!.slug,
        title: `<img src=x onerror="window.${CANARY}='share'">`,
        note: `</textarea><script>window.${CANARY}='note'</script>`,
        addedAt: '',
      },
    ]);
    await page.goto('about:blank');
    await page.goto(`${hostile.url}list/#import=${shared}`);
    const offer = page.locator('reading-list-import');
    await expect
      .poll(() => offer.locator('li a').allTextContents())
      .toEqual([`<img src=x onerror="window.${CANARY}='share'">`]);
    await page.getByRole('button', { name: 'Import 1 paper' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator('.rl-items textarea').last().inputValue()).toBe(
      `</textarea><script>window.${CANARY}='note'</script>`,
    );
    expect(await traces(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    await close();
  });

  it('the 404 page and a hostile query string inject nothing', async () => {
    const { page, dialogs, close } = await openPage(
      `${hostile.url}%3Csvg%20onload=window.${CANARY}=404%3E/`,
      { bypassCSP: true },
    );
    expect(await traces(page)).toEqual(CLEAN);
    await page.goto(`${hostile.url}?q=%3Cimg%20src%3Dx%20onerror%3Dwindow.${CANARY}%3D1%3E`);
    await page.waitForLoadState('networkidle');
    expect(await traces(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    await close();
  });
});

/** Attributes whose value the browser fetches or navigates to (as htmlparser2 names them). */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];
const ELEMENTS_NEVER_BUILT = new Set(['iframe', 'frame', 'object', 'embed', 'img', 'base']);

/** Scheme of a URL as a browser reads it: control characters and spaces are ignored. */
function isSafeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1];
  return scheme === undefined || /^https?$/i.test(scheme);
}

function unsafeHtml(html: string): string[] {
  const problems: string[] = [];
  for (const element of DomUtils.findAll(() => true, parseDocument(html).children)) {
    const { name: tagName, attribs } = element;
    if (ELEMENTS_NEVER_BUILT.has(tagName)) problems.push(`<${tagName}> element`);
    const httpEquiv = attribs['http-equiv'] ?? '';
    if (httpEquiv !== '' && httpEquiv !== 'Content-Security-Policy') {
      problems.push(`<meta http-equiv="${httpEquiv}">`);
    }
    for (const [name, value] of Object.entries(attribs)) {
      if (/^on/i.test(name)) problems.push(`${tagName}[${name}] event handler`);
      if (URL_ATTRIBUTES.includes(name) && !isSafeUrl(value)) {
        problems.push(`${tagName}[${name}="${value}"]`);
      }
    }
    if (tagName === 'script' && attribs.type === 'application/ld+json') {
      problems.push(...unsafeJson(DomUtils.textContent(element)));
    }
  }
  return problems;
}

/** URL-valued fields of JSON (links, JSON-LD) must be http(s); text fields may say anything. */
function unsafeJson(text: string): string[] {
  const problems: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) walk(child, name);
    } else if (/^(url|href|src|link)$/i.test(key) && !isSafeUrl(String(value))) {
      problems.push(`"${key}": ${JSON.stringify(value)}`);
    }
  };
  walk(JSON.parse(text), '');
  return problems;
}

function unsafeXml(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)]
    .map((match) => match[1]!)
    .filter((url) => !/^https?:\/\//.test(url))
    .map((url) => `<loc>${url}</loc>`);
}

// ---- The seed site under its real policy, and the headers a static host adds. ----

const siteUrl = inject('siteUrl');
const siteDir = inject('siteDir');

/** One page of each kind the seed site has. */
function seedPageTypes(): string[] {
  const seedPapers = readBuiltPapers(siteDir);
  const mathPaper = seedPapers.find((p) => p.abstract.includes('$')) ?? seedPapers[0]!;
  const acronym = fs.readdirSync(path.join(siteDir, 'glossary/acronym'))[0];
  return [
    '',
    '?q=diffusion',
    'by-title/',
    `papers/${seedPapers[0]!.slug}/`,
    `papers/${mathPaper.slug}/`,
    'tags/',
    `tags/${seedPapers[0]!.tags[0]}/`,
    'map/',
    'map/?q=diffusion',
    'list/',
    'similar/?text=diffusion%20models%20for%20image%20generation',
    'glossary/',
    ...(acronym ? [`glossary/acronym/${acronym}/`] : []),
    'no-such-page/',
  ];
}

describe('the seed site under its Content-Security-Policy', () => {
  it('logs no error and violates no directive on any kind of page', async () => {
    const { page, errors, close } = await openPage(siteUrl);
    for (const pagePath of seedPageTypes()) {
      await page.goto(`${siteUrl}${pagePath}`);
      await page.waitForLoadState('networkidle');
      const { cspViolations } = await traces(page);
      expect({ pagePath, cspViolations, errors }).toEqual({
        pagePath,
        cspViolations: [],
        errors: pagePath === 'no-such-page/' ? [expect.stringMatching(/404/)] : [],
      });
      errors.length = 0;
    }
    await close();
  });

  it('still searches, highlights the map, finds similar papers and switches theme', async () => {
    const { page, errors, close } = await openPage(siteUrl);
    await page.locator('paper-search input[name="q"]').fill('diffusion');
    await expect.poll(() => page.locator('[data-result-list] > li').count()).toBeGreaterThan(0);
    await page.goto(`${siteUrl}map/?q=diffusion`);
    await expect.poll(() => page.locator('.map-hits-list > li').count()).toBeGreaterThan(0);
    await page.goto(`${siteUrl}similar/?text=diffusion%20models%20for%20image%20generation`);
    await expect.poll(() => page.locator('.similar-list > li').count()).toBeGreaterThan(0);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect.poll(background).not.toBe(before);
    expect(errors).toEqual([]);
    await close();
  });
});

/** `public/_headers` (Netlify / Cloudflare Pages format): the headers every path gets. */
function headersForEveryPath(): Record<string, string> {
  const headers: Record<string, string> = {};
  let appliesToAll = false;
  for (const line of fs.readFileSync('public/_headers', 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!/^\s/.test(line)) appliesToAll = line.trim() === '/*';
    else if (appliesToAll) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}

describe('security headers for static hosts (public/_headers)', () => {
  it('are shipped with the build and set what a <meta> policy cannot', () => {
    expect(fs.readFileSync(path.join(siteDir, '_headers'), 'utf8')).toBe(
      fs.readFileSync('public/_headers', 'utf8'),
    );
    expect(headersForEveryPath()).toMatchObject({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringContaining('camera=()'),
    });
  });

  it('stop the pages being framed, and the site works under them', async () => {
    const headers = headersForEveryPath();
    const server = await serveSite(siteDir, { headers });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const response = await page.goto(server.url);
    const received = await response!.allHeaders();
    for (const [name, value] of Object.entries(headers)) {
      expect(received[name.toLowerCase()]).toBe(value);
    }
    await page.locator('paper-search input[name="q"]').fill('diffusion');
    await expect.poll(() => page.locator('[data-result-list] > li').count()).toBeGreaterThan(0);
    await page.goto(`${server.url}map/?q=diffusion`);
    await expect.poll(() => page.locator('.map-hits-list > li').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.evaluate((url) => {
      const frame = document.createElement('iframe');
      frame.name = 'framed';
      frame.src = url;
      document.body.append(frame);
    }, `${server.url}tags/`);
    await expect.poll(() => page.frame('framed')?.url()).toMatch(/^chrome-error:/);
    expect(errors).toEqual([expect.stringContaining("frame-ancestors 'none'")]);
    await context.close();
    await server.close();
  });
});
