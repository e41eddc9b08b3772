import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, inject, it } from 'vitest';
import { PapersSchema, type Paper } from '../../src/lib/schema';
import { buildSite } from '../support/site';

// Builds are reproducible and URLs permanent: the same content gives byte-identical output, and
// adding a dump never moves an existing paper. The global setup's seed build is the first build.

const siteDir = inject('siteDir');

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

const readPapers = (file: string): Paper[] =>
  PapersSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));

describe('building the site', () => {
  it('twice from the same content gives byte-identical files', () => {
    const again = buildSite({ dumps: 'content/dumps', outDir: '.tmp/site-determinism' });
    const first = hashTree(siteDir);
    const second = hashTree(again.outDir);
    expect(Object.keys(second)).toEqual(Object.keys(first));
    const differing = Object.keys(first).filter((file) => first[file] !== second[file]);
    expect(differing).toEqual([]);
    expect(Object.keys(first).length).toBeGreaterThan(100);
  }, 180_000);

  it('with a dump added keeps every existing paper at its URL, with its title', () => {
    const dumps = '.tmp/site-added-dumps';
    fs.rmSync(dumps, { recursive: true, force: true });
    fs.mkdirSync(dumps, { recursive: true });
    for (const folder of ['content/dumps', 'tests/fixtures/hostile/dumps']) {
      for (const file of fs.readdirSync(folder)) {
        fs.copyFileSync(path.join(folder, file), path.join(dumps, file));
      }
    }
    const added = buildSite({ dumps, outDir: '.tmp/site-added' });
    const before = readPapers(`${siteDir}.papers.json`);
    const after = new Map(readPapers(added.papersFile).map((paper) => [paper.id, paper]));
    expect(after.size).toBeGreaterThan(before.length);
    for (const paper of before) {
      expect(after.get(paper.id)?.slug).toBe(paper.slug);
      const page = path.join(added.outDir, 'papers', paper.slug, 'index.html');
      expect(headingOf(fs.readFileSync(page, 'utf8'))).toBe(paper.title);
    }
  }, 180_000);
});

/** The text of a page's `<h1>`. */
function headingOf(html: string): string {
  let heading = '';
  visit(fromHtml(html), 'element', (element: Element) => {
    if (element.tagName !== 'h1' || heading !== '') return;
    heading = element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
  });
  return heading;
}
