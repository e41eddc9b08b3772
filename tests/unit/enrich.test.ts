import { describe, expect, it } from 'vitest';
import { enrichPapers } from '../../src/lib/enrich/enrich';
import { ingestDumps, readDumpsDir, serializePapers } from '../../src/lib/pipeline';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { loadSeedPapers, SEED_DUMPS } from '../fixtures/taxonomy/seed-papers';

const taxonomy = loadTaxonomy('content/taxonomy.yaml');
const result = ingestDumps(readDumpsDir(SEED_DUMPS), taxonomy);
const papers = result.papers;
const bySlug = new Map(papers.map((paper) => [paper.slug, paper]));
const find = (fragment: string) => papers.find((paper) => paper.plainText.includes(fragment))!;

describe('enrichPapers over the seed dumps, through the ingest', () => {
  it('keeps every seed paper, in the order the ingest built them', () => {
    expect(result.problems).toEqual([]);
    expect(papers.map((paper) => paper.id)).toEqual(loadSeedPapers().map((paper) => paper.id));
  });

  it('gives every paper 1–4 known topic tags and at least one contribution type', () => {
    const slugs = new Set(taxonomy.topics.map((topic) => topic.slug));
    for (const paper of papers) {
      expect(paper.tags.length, paper.slug).toBeGreaterThanOrEqual(1);
      expect(paper.tags.length, paper.slug).toBeLessThanOrEqual(4);
      for (const tag of paper.tags) expect(slugs.has(tag), tag).toBe(true);
      expect(paper.types.length, paper.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives every paper 5–10 keywords and up to 5 related papers that exist, each explained', () => {
    for (const paper of papers) {
      expect(paper.keywords.length, paper.slug).toBeGreaterThanOrEqual(5);
      expect(paper.keywords.length, paper.slug).toBeLessThanOrEqual(10);
      expect(paper.related.length, paper.slug).toBeLessThanOrEqual(5);
      for (const related of paper.related) {
        expect(bySlug.has(related.slug)).toBe(true);
        expect(related.slug).not.toBe(paper.slug);
        expect(related.terms.length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('records defined acronyms and whether code is released', () => {
    expect(find('JanusVLN').acronyms).toContainEqual({
      short: 'VLN',
      long: 'Vision-and-Language Navigation',
    });
    expect(find('VenusX').hasCode).toBe(true);
    expect(find('The code and data will be released').hasCode).toBe(true);
    expect(find('contrastive preference learning').hasCode).toBe(false);
  });

  it('gives the same records, byte for byte, whatever order the dumps are read in', () => {
    const reversed = ingestDumps([...readDumpsDir(SEED_DUMPS)].reverse(), taxonomy);
    expect(serializePapers(reversed.papers)).toBe(serializePapers(papers));
  });

  it('enriches the records the ingest built, as enrichPapers does alone', () => {
    const enriched = enrichPapers(loadSeedPapers(), taxonomy);
    expect(enriched.map((paper) => paper.tags)).toEqual(papers.map((paper) => paper.tags));
    expect(enriched.map((paper) => paper.keywords)).toEqual(papers.map((paper) => paper.keywords));
  });
});

describe('a paper whose contribution is a benchmark', () => {
  const text = (abstract: string) => new TextEncoder().encode(`Venue\n\n${abstract}\n`);
  const abstract =
    'Protein language models are evaluated on narrow tasks that hide their failures. We introduce ' +
    'FoldBench, a benchmark of 4,000 protein structure prediction tasks with held-out families and ' +
    'annotated difficulty levels. Protein language models fail on the rare families of the benchmark, ' +
    'and structure prediction accuracy drops by half on proteins unlike their training data.';
  const [paper] = ingestDumps([{ name: 'one.txt', bytes: text(abstract) }], taxonomy).papers;

  it('is tagged with benchmarks and datasets beside its field, main topic first', () => {
    expect(paper?.types[0]).toBe('benchmark');
    expect(paper?.tags).toContain('benchmarks-datasets');
    expect(paper?.tags[0]).not.toBe('benchmarks-datasets');
    expect(paper?.tags.length).toBeLessThanOrEqual(3);
  });
});
