import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, inject, it } from 'vitest';
import { checkLinks } from '../../src/lib/build/link-check';
import { OG_CACHE_DIR } from '../../src/lib/build/og-image';
import { headingOf } from '../support/html';
import { runScript } from '../support/run';
import { SEED_DUMPS } from '../support/seeds';
import { buildSite, readBuiltPapers } from '../support/site';

// What a built site is, file by file, without a browser: reproducible, permanent URLs, valid HTML,
// no broken link, and no zod in the JavaScript a reader downloads.

const seedSiteDir = inject('seedSiteDir');

/** SHA-256 of every file of a built site, by path. */
function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(dir, file);
    if (!fs.statSync(full).isFile()) continue;
    hashes[file] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return hashes;
}

/** The cached link preview cards by their bytes' hash: which file holds each, and its inode and time. */
function cachedCards(): Map<string, { file: string; ino: number; mtimeMs: number }> {
  const cards = new Map<string, { file: string; ino: number; mtimeMs: number }>();
  if (!fs.existsSync(OG_CACHE_DIR)) return cards;
  for (const name of fs.readdirSync(OG_CACHE_DIR)) {
    if (!name.endsWith('.png')) continue;
    const file = path.join(OG_CACHE_DIR, name);
    const { ino, mtimeMs } = fs.statSync(file);
    const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    cards.set(hash, { file, ino, mtimeMs });
  }
  return cards;
}

/** A fresh folder holding copies of the dumps of `folders`. */
function dumpsFolder(name: string, folders: string[]): string {
  const dumps = path.join('.tmp', name);
  fs.rmSync(dumps, { recursive: true, force: true });
  fs.mkdirSync(dumps, { recursive: true });
  for (const folder of folders) {
    for (const file of fs.readdirSync(folder)) {
      fs.copyFileSync(path.join(folder, file), path.join(dumps, file));
    }
  }
  return dumps;
}

describe('building the site', () => {
  it('again, from a copy of the dumps, by three astro processes at once, gives byte-identical files', async () => {
    // The paper pages split between the processes (as build-site.ts does for a large site); the
    // site shard's sitemap still lists every one of them. Built outside the project, where Astro
    // would otherwise write its server bundle into ./.astro/ and copy it into the site.
    // The seed build (global setup) left its link preview cards in the cache: this build draws none.
    const cachedBefore = cachedCards();
    const again = await buildSite({
      dumps: dumpsFolder('site-again-dumps', [SEED_DUMPS]),
      outDir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-again-')), 'site'),
      shards: 3,
    });
    const first = hashTree(seedSiteDir);
    const second = hashTree(again.outDir);
    expect(Object.keys(second)).toEqual(Object.keys(first));
    const differing = Object.keys(first).filter((file) => first[file] !== second[file]);
    expect(differing).toEqual([]);
    const papers = readBuiltPapers(seedSiteDir);
    const pages = Object.keys(first).filter((file) => /^papers\/[^/]+\/index\.html$/.test(file));
    expect(pages).toHaveLength(papers.length);
    // Every card of this build is a cache file that was there before and was not written again (a
    // card drawn is written to a new file and renamed over the old one: a new inode).
    const cards = Object.keys(second).filter((file) => /^og\/[^/]+\.png$/.test(file));
    expect(cards).toHaveLength(papers.length + 1);
    const cachedAfter = cachedCards();
    const redrawn = cards.filter((file) => {
      const before = cachedBefore.get(second[file]!);
      const after = cachedAfter.get(second[file]!);
      return !before || before.ino !== after?.ino || before.mtimeMs !== after.mtimeMs;
    });
    expect(redrawn).toEqual([]);
    fs.rmSync(path.dirname(again.outDir), { recursive: true, force: true });
  });

  it('with a dump added keeps every existing paper at its URL, with its title', async () => {
    const added = await buildSite({
      dumps: dumpsFolder('site-added-dumps', [SEED_DUMPS, 'tests/fixtures/hostile/dumps']),
      outDir: '.tmp/site-added',
    });
    const before = readBuiltPapers(seedSiteDir);
    const after = new Map(readBuiltPapers(added.outDir).map((paper) => [paper.id, paper]));
    expect(after.size).toBeGreaterThan(before.length);
    for (const paper of before) {
      expect(after.get(paper.id)?.slug).toBe(paper.slug);
      const page = path.join(added.outDir, 'papers', paper.slug, 'index.html');
      expect(headingOf(fs.readFileSync(page, 'utf8'))).toBe(paper.title);
    }
  });

  it('leaves no broken internal link or asset anywhere in the built site', () => {
    expect(checkLinks(seedSiteDir)).toEqual([]);
  });
});

/** A built file's PNG size, from its header (signature, then the IHDR chunk). */
function pngSize(file: string): { width: number; height: number } | null {
  const png = fs.readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature) || png.toString('latin1', 12, 16) !== 'IHDR') {
    return null;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The content of a page's `<meta property|name="key">`, if any. */
function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
  const entities: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" };
  return tag?.[1]?.replace(/&(amp|quot|lt|gt|#39);/g, (_, name: string) => entities[name]!);
}

describe('link previews', () => {
  const pagesOf = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'));

  it('every page names a 1200×630 PNG built into the site, with its size, alt text and a large card', () => {
    const origin = new URL('/', process.env.SITE_URL || 'http://localhost:4321').href;
    const problems: string[] = [];
    const checked = new Map<string, string>();
    for (const page of pagesOf(seedSiteDir)) {
      const html = fs.readFileSync(path.join(seedSiteDir, page), 'utf8');
      const image = metaContent(html, 'og:image') ?? '';
      const expected = /^papers\/[^/]+\/index\.html$/.test(page)
        ? `${origin}og/${page.split('/')[1]}.png`
        : `${origin}og/site.png`;
      if (image !== expected) problems.push(`${page}: og:image ${image}, expected ${expected}`);
      if (metaContent(html, 'twitter:image') !== image) problems.push(`${page}: twitter:image`);
      if (metaContent(html, 'twitter:card') !== 'summary_large_image') {
        problems.push(`${page}: twitter:card`);
      }
      if (metaContent(html, 'og:image:width') !== '1200') problems.push(`${page}: width`);
      if (metaContent(html, 'og:image:height') !== '630') problems.push(`${page}: height`);
      if (!metaContent(html, 'og:image:alt')) problems.push(`${page}: no og:image:alt`);
      const file = path.join(seedSiteDir, image.slice(origin.length));
      if (!checked.has(file)) {
        const size = fs.existsSync(file) ? pngSize(file) : null;
        checked.set(file, size ? `${size.width}×${size.height}` : 'missing');
      }
      if (checked.get(file) !== '1200×630') problems.push(`${page}: ${image} ${checked.get(file)}`);
    }
    expect(problems).toEqual([]);
    expect(checked.size).toBe(readBuiltPapers(seedSiteDir).length + 1);
  });

  it("a paper's card is described by its title, venue and year", () => {
    const paper = readBuiltPapers(seedSiteDir)[0]!;
    const html = fs.readFileSync(
      path.join(seedSiteDir, 'papers', paper.slug, 'index.html'),
      'utf8',
    );
    const alt = metaContent(html, 'og:image:alt') ?? '';
    expect(alt.startsWith(paper.title)).toBe(true);
    if (paper.year !== null) expect(alt).toContain(String(paper.year));
  });

  it('the PNG icons beside the SVG favicon are built and linked', () => {
    const home = fs.readFileSync(path.join(seedSiteDir, 'index.html'), 'utf8');
    expect(home).toContain('<link rel="icon" href="/favicon.png" type="image/png" sizes="48x48">');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(pngSize(path.join(seedSiteDir, 'favicon.png'))).toEqual({ width: 48, height: 48 });
    expect(pngSize(path.join(seedSiteDir, 'apple-touch-icon.png'))).toEqual({
      width: 180,
      height: 180,
    });
  });
});

/** Strings every zod bundle carries, minified or not: its issue codes and its error class name. */
const ZOD_MARKERS = /invalid_union_discriminator|ZodError/;

/** The JavaScript files of a built site, by path. */
function javascriptFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'));
}

describe('the JavaScript a reader downloads', () => {
  it('is what the home page loads, and none of it contains zod', () => {
    const home = fs.readFileSync(path.join(seedSiteDir, 'index.html'), 'utf8');
    const scripts = javascriptFiles(seedSiteDir);
    const loadedByHome = scripts.filter((file) => home.includes(path.basename(file)));
    expect(loadedByHome.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = fs.readFileSync(path.join(seedSiteDir, file), 'utf8');
      expect({ file, zod: ZOD_MARKERS.test(code) }).toEqual({ file, zod: false });
    }
  });

  it('would show zod by those markers if a browser module imported the schema', async () => {
    const bundle = await esbuild.build({
      stdin: {
        contents: "import { PaperSchema } from './src/lib/schema'; console.log(PaperSchema);",
        resolveDir: process.cwd(),
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(ZOD_MARKERS.test(bundle.outputFiles[0]?.text ?? '')).toBe(true);
  });
});

describe('scripts/validate-html.ts', () => {
  it('finds no error in any page of the seed build', async () => {
    const pages = fs.readdirSync(seedSiteDir, { recursive: true, encoding: 'utf8' });
    const count = pages.filter((file) => file.endsWith('.html')).length;
    const run = await runScript('scripts/validate-html.ts', [seedSiteDir]);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`0 HTML errors in ${count} pages of ${seedSiteDir}`);
    expect(run.status).toBe(0);
  });

  it('fails and names file, line and rule for each invalid page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invalid-html-'));
    fs.mkdirSync(path.join(dir, 'papers/x'), { recursive: true });
    const page = (body: string) =>
      `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>T</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
    fs.writeFileSync(path.join(dir, 'index.html'), page('<p>fine</p>'));
    fs.writeFileSync(
      path.join(dir, 'papers/x/index.html'),
      page('<main id="a"><p id="a">one</p><button>b</button></main>'),
    );
    const run = await runScript('scripts/validate-html.ts', [dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`papers/x/index.html:5:`);
    expect(run.stderr).toMatch(/\(no-dup-id\)/);
    expect(run.stderr).toMatch(/\(no-implicit-button-type\)/);
    expect(run.stdout).toMatch(/^[1-9]\d* HTML errors in 2 pages/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
