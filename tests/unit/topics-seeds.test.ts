/** The seed topic table (tests/fixtures/taxonomy/seed-topics.ts) against the tagger. */
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { assignTopics, compileTopics } from '../../src/lib/enrich/topics';
import { SEED_TOPICS as TABLE } from '../fixtures/taxonomy/seed-topics';
import { loadSeedPapers, seedContaining } from '../fixtures/taxonomy/seed-papers';

const matcher = compileTopics(loadTaxonomy('content/taxonomy.yaml'));
const papers = loadSeedPapers();

describe('topic tags of the seed abstracts', () => {
  it('covers every seed abstract, each once', () => {
    expect(TABLE).toHaveLength(papers.length);
    const found = new Set(TABLE.map((row) => seedContaining(papers, row.fragment).id));
    expect(found.size).toBe(papers.length);
  });

  it.each(TABLE)(
    'tags "$fragment" as a reader would',
    ({ fragment, primary, expected, absurd }) => {
      const tags = assignTopics(seedContaining(papers, fragment), matcher);
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(4);
      expect(primary).toContain(tags[0]);
      expect(tags).toEqual(expect.arrayContaining(expected));
      expect(tags.filter((tag) => absurd.includes(tag))).toEqual([]);
    },
  );
});
