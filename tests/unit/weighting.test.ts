import { describe, expect, it } from 'vitest';
import {
  bm25InverseDocumentFrequency,
  inverseDocumentFrequency,
  termFrequencyWeight,
} from '../../src/lib/text/weighting';

describe('term weights (the one TF-IDF)', () => {
  it('counts a repeated word sublinearly, and an absent one not at all', () => {
    expect(termFrequencyWeight(0)).toBe(0);
    expect(termFrequencyWeight(1)).toBe(1);
    expect(termFrequencyWeight(4)).toBeLessThan(2 * termFrequencyWeight(2));
  });

  it('weighs a rare term above a common one, and a term in every text still a little', () => {
    const rare = inverseDocumentFrequency(1000, 2);
    const common = inverseDocumentFrequency(1000, 500);
    expect(rare).toBeGreaterThan(common);
    expect(inverseDocumentFrequency(1000, 1000)).toBe(1);
  });

  it('ranks by BM25 idf that is never negative, even for a term in every text', () => {
    expect(bm25InverseDocumentFrequency(57, 57)).toBeGreaterThan(0);
    expect(bm25InverseDocumentFrequency(57, 1)).toBeGreaterThan(
      bm25InverseDocumentFrequency(57, 20),
    );
  });
});
