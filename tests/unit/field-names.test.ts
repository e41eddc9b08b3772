import { describe, expect, it } from 'vitest';
import {
  describePaper,
  fieldAcronymSet,
  fieldPhraseBags,
} from '../../src/lib/ingest/naming/describe';

describe('field names and summaries (docs/naming.md, "Field names")', () => {
  it('never makes a generic acronym the corpus shares a name', () => {
    const text =
      'We propose GLOW, a sparse attention kernel for long documents. GLOW halves memory use. GLOW matches dense attention on retrieval.';
    expect(describePaper(text).name).toBe('GLOW');
    const acronyms = fieldAcronymSet([['GLOW'], ['GLOW'], ['GLOW', 'RL']]);
    expect(describePaper(text, { fieldAcronyms: acronyms }).name).toBeNull();
  });

  it('counts field phrases from labels and expansions several papers define', () => {
    const bags = fieldPhraseBags(
      ['Reinforcement learning'],
      [['differential privacy'], ['differential privacy'], ['rare thing']],
    );
    expect(bags.size).toBe(2);
  });
});
