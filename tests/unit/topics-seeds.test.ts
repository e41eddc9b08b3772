/**
 * The seed topic table (tests/fixtures/taxonomy/seed-topics.ts) against the tagger, read as one
 * corpus the way the ingest reads it, with the topic the ingest adds to a benchmark or dataset paper
 * (`withContributionTopic`). Every row must keep a topic a reader chose as main among its
 * tags; the stricter per-row checks (the main topic first, every expected topic present, no absurd
 * topic) are held to the shares measured when the tagger was fitted (docs/tagging.md), so a change
 * that makes the seeds worse fails here.
 */
import { describe, expect, it } from 'vitest';
import { contributionTypes } from '../../src/lib/enrich/contribution';
import { withContributionTopic } from '../../src/lib/enrich/enrich';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { MAX_TAGS, TopicTagger } from '../../src/lib/enrich/topics';
import { SEED_TOPICS as TABLE } from '../fixtures/taxonomy/seed-topics';
import { loadSeedPapers, seedContaining } from '../fixtures/taxonomy/seed-papers';

const papers = loadSeedPapers();
const tagger = new TopicTagger(loadTaxonomy('content/taxonomy.yaml'));
for (const paper of papers) tagger.read(paper);
const tagged = tagger.tags();
const tagsOf = new Map(
  papers.map((paper, index) => [
    paper,
    withContributionTopic(tagged[index]!, contributionTypes(paper.plainText)).tags,
  ]),
);
const rows = TABLE.map((row) => ({
  ...row,
  tags: tagsOf.get(seedContaining(papers, row.fragment))!,
}));
const share = (count: number) => count / rows.length;

describe('topic tags of the seed abstracts', () => {
  it('covers every seed abstract, each once', () => {
    expect(TABLE).toHaveLength(papers.length);
    const found = new Set(TABLE.map((row) => seedContaining(papers, row.fragment).id));
    expect(found.size).toBe(papers.length);
  });

  it.each(rows)('tags "$fragment" with 1–3 topics, one a reader chose as main', (row) => {
    expect(row.tags.length).toBeGreaterThanOrEqual(1);
    expect(row.tags.length).toBeLessThanOrEqual(MAX_TAGS);
    expect(row.tags.filter((tag) => row.primary.includes(tag)).length).toBeGreaterThan(0);
  });

  it('puts a main topic first on at least 91% of the seeds', () => {
    expect(
      share(rows.filter((row) => row.primary.includes(row.tags[0]!)).length),
    ).toBeGreaterThanOrEqual(0.91);
  });

  it('finds every expected topic', () => {
    const missed = rows.flatMap((row) =>
      row.expected.filter((tag) => !row.tags.includes(tag)).map((tag) => `${row.fragment}: ${tag}`),
    );
    expect(missed).toEqual([]);
  });

  it('gives an absurd topic (a passing mention) to at most 1 seed in 50', () => {
    const absurd = rows.filter((row) => row.tags.some((tag) => row.absurd.includes(tag)));
    expect(absurd.map((row) => row.fragment).length).toBeLessThanOrEqual(
      Math.floor(rows.length / 50),
    );
  });
});
