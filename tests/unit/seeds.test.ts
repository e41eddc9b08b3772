import { describe, expect, it } from 'vitest';
import { ingestDumps, readDumpsDir, type DumpFile } from '../../src/lib/pipeline';
import type { Paper } from '../../src/lib/schema';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { SEED_DUMPS } from '../support/seeds';

// The seed dumps the site ships with (copied to tests/fixtures/seeds): the pipeline must read all of
// them cleanly. Counts come from the records built here, so the suite holds for any copy of the seeds.
const taxonomy = loadTaxonomy('content/taxonomy.yaml');
const seeds = readDumpsDir(SEED_DUMPS);
const result = ingestDumps(seeds, taxonomy);
const slugById = (papers: Paper[]) => new Map(papers.map((paper) => [paper.id, paper.slug]));
const linesOf = new Map(
  seeds.map((file) => [file.name, new TextDecoder().decode(file.bytes).split(/\r\n|\r|\n/)]),
);

describe('the seed dumps', () => {
  it('give one record per paragraph, with no problems and no duplicates', () => {
    expect(result.problems).toEqual([]);
    expect(result.papers.length).toBeGreaterThan(0);
    expect(result.stats).toEqual({
      dumps: seeds.length,
      papers: result.papers.length,
      duplicatesMerged: 0,
      paragraphs: result.papers.length,
    });
  });

  it('point each record at the dump line its abstract starts on, under that dump’s header', () => {
    for (const paper of result.papers) {
      for (const source of paper.sources) {
        const lines = linesOf.get(source.file) ?? [];
        const header = lines.find((line) => line.trim() !== '')?.trim();
        expect({ slug: paper.slug, header: source.header }).toEqual({ slug: paper.slug, header });
        const firstWords = paper.abstract.split(' ').slice(0, 3).join(' ');
        expect(lines[source.line - 1]?.replace(/\s+/g, ' ').trim()).toContain(firstWords);
      }
    }
  });

  it('read as plain text without $, LaTeX commands, braces or Markdown markers', () => {
    for (const { slug, plainText } of result.papers) {
      expect({ slug, plainText }).not.toMatchObject({
        plainText: expect.stringMatching(/\$|\\[a-z]|\*\*|[{}]/i),
      });
    }
  });

  it('have unique slugs', () => {
    expect(new Set(result.papers.map((paper) => paper.slug)).size).toBe(result.papers.length);
  });

  it('keep their slugs when dumps are added or read in another order', () => {
    const extra: DumpFile = {
      name: '001_extra.txt',
      bytes: new TextEncoder().encode(
        'Extra dump\n\nWe propose a new method for graph learning that scales to billions of edges and ' +
          'improves accuracy on six benchmarks while using half the memory of prior work.\n',
      ),
    };
    const reordered = ingestDumps([extra, ...[...seeds].reverse()], taxonomy);
    const alone = ingestDumps(seeds.slice(1, 2), taxonomy);
    const before = slugById(result.papers);
    for (const [id, slug] of slugById(reordered.papers))
      if (before.has(id)) expect(slug).toBe(before.get(id));
    for (const [id, slug] of slugById(alone.papers)) expect(slug).toBe(before.get(id));
    expect(reordered.papers).toHaveLength(result.papers.length + 1);
  });
});
