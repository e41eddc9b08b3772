import { describe, expect, it } from 'vitest';
import {
  chooseWholeSummary,
  hasContentNoun,
  unseenPointer,
} from '../../src/lib/ingest/naming/summary';
import { describePaper } from '../../src/lib/ingest/naming/describe';

const ranked = (...indices: number[]) =>
  indices.map((index, rank) => ({ index, score: -rank / 10 }));

describe('summaries chosen whole (issue 32)', () => {
  it('needs a content noun beyond the verb and counts', () => {
    expect(hasContentNoun('We propose two complementary and fully automated methodologies.')).toBe(
      false,
    );
    expect(hasContentNoun('We propose a sampler for protein backbones.')).toBe(true);
  });

  it('finds pointers whose antecedent is not shown', () => {
    expect(unseenPointer('This strategy halves the cost.', new Set())).toBe('This strategy');
    expect(unseenPointer('It halves the cost of sampling.', new Set())).toBe('It');
    expect(unseenPointer('We propose a sampler; this sampler is exact.', new Set())).toBeNull();
    expect(unseenPointer('In this paper, we bound the regret.', new Set())).toBeNull();
  });

  it('passes over a sentence that says nothing and an "also" aside', () => {
    const sentences = [
      'We propose two complementary and fully automated methodologies.',
      'We also release a library.',
      'Our sampler draws protein backbones with exact likelihoods.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1, 2), 'A paper')).toBe(sentences[2]);
  });

  it('chooses another sentence over one whose pointer has no antecedent on the card', () => {
    const sentences = [
      'We mimic this human strategy in a curriculum for segmentation models.',
      'Our curriculum halves the annotation cost of medical image segmentation.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Curricula')).toBe(sentences[1]);
  });

  it('never cuts a sentence when a whole one fits', () => {
    const long = `We study ${Array.from({ length: 40 }, (_, i) => `regime ${i}`).join(', ')}.`;
    const sentences = [long, 'Our bound on the regret of bandits is tight.'];
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Bandits')).toBe(sentences[1]);
  });

  it('keeps the whole-summary rules through describePaper', () => {
    const { summary } = describePaper(
      'Large models are costly to serve. We propose two complementary and fully automated methodologies. ' +
        'Our scheduler batches requests by predicted length and cuts latency by 40% on a public trace.',
    );
    expect(hasContentNoun(summary)).toBe(true);
    expect(summary).toMatch(/[.!?]$/);
  });
});
