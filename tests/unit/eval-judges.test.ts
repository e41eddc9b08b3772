import { describe, expect, it } from 'vitest';
import { judgeSummaryWhole, judgeTitle } from '../../scripts/eval/judges';

// The eval's summary judge is the measure of issue 32's "no unseen antecedent": it must flag a
// pointer whose noun was never shown, and not read `such as` or a verb after `this` as one.
describe('judgeSummaryWhole', () => {
  const title = 'Sparse attention for long-context retrieval';

  it('flags a "this X" whose X was never shown', () => {
    expect(
      judgeSummaryWhole('We extend this estimator to graphs with millions of nodes.', title),
    ).toMatch(/unseen antecedent/);
  });

  it('accepts a pointer the summary or the title answers', () => {
    expect(
      judgeSummaryWhole(
        'We design a sparse estimator for retrieval. This estimator scales to millions of nodes.',
        title,
      ),
    ).toBeNull();
    expect(
      judgeSummaryWhole('We show that this attention scheme halves the memory cost.', title),
    ).toBeNull();
  });

  it('does not read "such as", "such that" or a verb after "this" as a pointer', () => {
    expect(
      judgeSummaryWhole(
        'We evaluate on benchmarks such as retrieval tasks and code search.',
        title,
      ),
    ).toBeNull();
    expect(
      judgeSummaryWhole('We choose the block size such that each query reads few keys.', title),
    ).toBeNull();
    // The tagger reads `as` as an adverb here, which the judge once skipped like a modifier.
    for (const summary of [
      'Our method improves accuracy on vision tasks such as optical character recognition and depth estimation.',
      'The model handles domains such as high-energy physics and astronomy with one encoder.',
    ])
      expect(judgeSummaryWhole(summary, title)).toBeNull();
  });

  it('still rejects a summary cut mid-sentence or without a content word', () => {
    expect(judgeSummaryWhole('We propose a sparse attention scheme that', title)).toBe(
      'stops mid-sentence',
    );
    expect(judgeSummaryWhole('We propose two methods.', title)).toBe('no content word');
  });

  it('reads an "also" in the main clause as an aside, wherever its subject ends', () => {
    const aside = 'an "also" aside';
    for (const summary of [
      'We also show that sparse attention halves the memory cost.',
      'The proposed iterative attention scheme also provides a bound on the memory cost.',
      'The learned sparse attention maps can also be used for retrieval.',
    ])
      expect(judgeSummaryWhole(summary, title)).toBe(aside);
    // In a relative or complement clause, after "but", or "also known as": no aside.
    for (const summary of [
      'Our sparse attention scheme, which also prunes heads, halves the memory cost.',
      'We prove that the memory bound of sparse attention also holds for long inputs.',
      'Sparse attention is simple but also halves the memory cost.',
      'Blockwise sparse attention scheme, also known as banded attention, halves the memory cost.',
    ])
      expect(judgeSummaryWhole(summary, title)).toBeNull();
  });
});

describe('judgeTitle', () => {
  it('reads a title opening with "I" as first person, but not "I/O" or "I-JEPA"', () => {
    expect(judgeTitle('I Know What You Trained Last Summer', null)).toBe('first-person clause');
    expect(judgeTitle('I/O Costs of Sparse Attention Kernels', null)).toBeNull();
    expect(judgeTitle('I-JEPA Features for Dense Prediction', null)).toBeNull();
  });
});
