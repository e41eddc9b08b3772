import { describe, expect, it } from 'vitest';
import { ingestDumps, readDumpsDir, type DumpFile } from '../../src/lib/pipeline';
import { PaperSchema, type Paper } from '../../src/lib/schema';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';

// The seed dumps the site ships with: the pipeline must read all of them cleanly.
const taxonomy = loadTaxonomy('content/taxonomy.yaml');
const seeds = readDumpsDir('content/dumps');
const result = ingestDumps(seeds, taxonomy);
const slugById = (papers: Paper[]) => new Map(papers.map((paper) => [paper.id, paper.slug]));

describe('the seed dumps', () => {
  it('give 57 records from 3 dumps with no problems', () => {
    expect(result.problems).toEqual([]);
    expect(result.stats).toEqual({ dumps: 3, papers: 57, duplicatesMerged: 0, paragraphs: 57 });
  });

  it('validate against the record schema', () => {
    for (const paper of result.papers) expect(PaperSchema.safeParse(paper).success).toBe(true);
  });

  it('read as plain text without $, LaTeX commands, braces or Markdown markers', () => {
    for (const { slug, plainText } of result.papers) {
      expect({ slug, plainText }).not.toMatchObject({
        plainText: expect.stringMatching(/\$|\\[a-z]|\*\*|[{}]/i),
      });
    }
  });

  it('have unique slugs', () => {
    expect(new Set(result.papers.map((paper) => paper.slug)).size).toBe(57);
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
    expect(reordered.papers).toHaveLength(58);
  });
});
