/**
 * Ranking at conference scale (issue 35): field bonuses never stack past a title. Papers whose
 * keywords, tags and abstracts all repeat the query's words must not bury the paper whose title
 * holds them (at 20,000 synthetic papers, `causal structure learning` ranked its paper 505th).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/random';
import { paper, searcher, slugs } from './search-fixtures';
import type { Paper } from '../../src/lib/schema';

const FILLER = [
  'we study models trained on data from many sources',
  'experiments on standard benchmarks show consistent gains',
  'our analysis explains when the method helps and when it fails',
  'the approach scales to large datasets with modest compute',
  'we release code and data to support future work',
];

/** A corpus where 400 papers are stuffed with the query words everywhere but their title. */
function corpus(): { papers: Paper[]; target: Paper; fuzzyTarget: Paper } {
  const random = seededRandom(35);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const papers: Paper[] = [];
  for (let i = 0; i < 400; i += 1) {
    const text = `Causal discovery and structure learning matter: causal structure learning of causal graphs is hard, and learning the structure of causal models from data needs structure priors. ${pick(FILLER)}. ${pick(FILLER)}.`;
    papers.push(
      paper(text, {
        title: `A study of graphs and priors, number ${i}`,
        titleSource: 'given',
        keywords: ['causal structure learning', 'causal discovery', 'structure learning'],
        tags: ['causal-inference'],
        acronyms: [{ short: 'CSL', long: 'causal structure learning' }],
      }),
    );
  }
  for (let i = 0; i < 1200; i += 1) {
    papers.push(paper(`${pick(FILLER)}. ${pick(FILLER)}. ${pick(FILLER)}.`));
  }
  const target = paper(
    'We give an algorithm that recovers a directed acyclic graph from interventional data, with guarantees. The causal structure is identified up to its equivalence class.',
    { title: 'Causal Structure Learning from Interventions', titleSource: 'given' },
  );
  const fuzzyTarget = paper(
    'A benchmark of tabular tasks where the label depends on a hidden confounder, with learning curves for every method.',
    { title: 'Confounded Tabular Benchmarks', titleSource: 'given' },
  );
  papers.splice(777, 0, target);
  papers.splice(333, 0, fuzzyTarget);
  return { papers, target, fuzzyTarget };
}

describe('ranking holds at scale', () => {
  const { papers, target, fuzzyTarget } = corpus();
  const search = searcher(papers);

  it('ranks the paper titled with every query word above papers whose other fields repeat them', () => {
    for (const query of [
      'causal structure learning',
      'Causal Structure Learning',
      'structure learning causal',
    ]) {
      const results = search(query);
      expect(results.total).toBeGreaterThan(400);
      expect(slugs(results)[0]).toBe(target.slug);
    }
  });

  it('keeps it first with a typo in one of the title words', () => {
    expect(slugs(search('causal structure lerning'))[0]).toBe(target.slug);
    expect(slugs(search('confounded tabluar benchmarks'))[0]).toBe(fuzzyTarget.slug);
  });

  it('still ranks by the abstract and the other fields when no title holds the words', () => {
    const results = search('causal discovery');
    expect(results.total).toBe(400);
    expect(slugs(results)).not.toContain(target.slug);
  });
});
