import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contributionTypes, hasCode, hasLongWord } from '../../src/lib/enrich/contribution';
import { loadSeedPapers, seedContaining } from '../fixtures/taxonomy/seed-papers';

describe('contributionTypes', () => {
  it('reads a new method from "we propose X, a framework"', () => {
    expect(
      contributionTypes('We propose GMsFEM-NO, a novel hybrid framework. It is fast and accurate.'),
    ).toEqual(['method']);
  });

  it('reads a benchmark, first when it is the headline', () => {
    const text =
      'No benchmark exists for this. We introduce FooBench, a benchmark of 405 questions. ' +
      'We also introduce FooNet, a training paradigm.';
    expect(contributionTypes(text)).toEqual(['benchmark', 'method']);
  });

  it('reads a dataset, and not a dataset distillation algorithm', () => {
    expect(
      contributionTypes('We construct the Webscale-RL dataset, containing 1.2 million examples.'),
    ).toEqual(['dataset']);
    expect(
      contributionTypes('We develop an efficient dataset distillation algorithm for regression.'),
    ).toEqual(['method']);
  });

  it('reads theory from proofs and bounds', () => {
    const text =
      'We prove a matching lower bound. Our algorithm converges at the rate of 1/sqrt(K). ' +
      'We theoretically guarantee that generalization improves.';
    expect(contributionTypes(text)[0]).toBe('theory');
  });

  it('reads an empirical study from findings about existing models', () => {
    const text =
      'We present the first comprehensive study of FP4 formats. Our findings show that ' +
      'existing methods struggle. We find that outliers matter.';
    expect(contributionTypes(text)).toEqual(['empirical']);
  });

  it('reads a position paper from "we argue"', () => {
    const text =
      'In this paper, we argue that, as a community, we should be careful. ' +
      'We argue that more rigorous evaluation is needed.';
    expect(contributionTypes(text)[0]).toBe('position');
  });

  it('falls back to a method paper when the wording says nothing', () => {
    expect(contributionTypes('Graphs are everywhere. Nodes have edges.')).toEqual(['method']);
  });

  it('types the seed papers as a reader would', () => {
    const papers = loadSeedPapers();
    const typesOf = (fragment: string) =>
      contributionTypes(seedContaining(papers, fragment).plainText);
    expect(typesOf('VenusX')).toEqual(['benchmark']);
    expect(typesOf('SealQA')[0]).toBe('benchmark');
    expect(typesOf('LLM forecasters')[0]).toBe('position');
    expect(typesOf('QM9, QMugs')).toEqual(['empirical']);
    expect(typesOf('offline domain randomization')[0]).toBe('theory');
    expect(typesOf('MMI-DD')[0]).toBe('dataset');
    expect(typesOf('JanusVLN')).toEqual(['method']);
  });
});

describe('hasCode', () => {
  it('is true when the paper links to code', () => {
    expect(hasCode('See our repository.', [{ url: 'https://github.com/a/b', kind: 'code' }])).toBe(
      true,
    );
    expect(hasCode('See our project page.', [{ url: 'https://a.org', kind: 'project' }])).toBe(
      false,
    );
  });

  it('is true when the paper says its code is or will be released', () => {
    for (const text of [
      'The code and data will be released.',
      'All implementations will be released upon acceptance.',
      'Our code, model, and data will be publicly available.',
      'We release the vCache implementation and four benchmarks.',
      'We are open-sourcing DeepResearch Bench.',
      'The source code of HEDRA is available at the link.',
      'Code: https://example.org/x',
    ]) {
      expect(hasCode(text, []), text).toBe(true);
    }
  });

  it('is false when open-source refers to the models evaluated', () => {
    expect(hasCode('Evaluations of multiple open-source and proprietary models.', [])).toBe(false);
    expect(hasCode('Our method writes better code for users.', [])).toBe(false);
  });
});

describe('hasLongWord', () => {
  it('agrees with the pattern that cuts long words, on runs around 64 characters', () => {
    const runs = fc
      .array(
        fc.record({
          char: fc.constantFrom('a', 'Z', '9', '_', '-', ' ', 'é', '.', '\n'),
          length: fc.integer({ min: 1, max: 70 }),
        }),
        { maxLength: 8 },
      )
      .map((parts) => parts.map(({ char, length }) => char.repeat(length)).join(''));
    fc.assert(
      fc.property(runs, (text) => hasLongWord(text) === /[\w-]{65,}/.test(text)),
      { numRuns: 500 },
    );
  });
});
