import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  chooseTags,
  tagFeatures,
  tagProbability,
  TAG_FEATURES,
  TOPIC_WEIGHTS,
} from '../../src/lib/enrich/topics';

const model = { cut: 0.4, third: 0.7, relative: 0, drop: 0.2 };
const c = (slug: string, probability: number) => ({ slug, probability });

describe('the learned tag rule (issue 32)', () => {
  it("keeps the rule's first tag first and adds probable topics up to three", () => {
    expect(chooseTags(['a'], [c('a', 0.3), c('b', 0.9), c('c', 0.5)], model)).toEqual(['a', 'b']);
    expect(chooseTags(['a'], [c('a', 0.9), c('b', 0.8), c('c', 0.75), c('d', 0.9)], model)).toEqual(
      ['a', 'd', 'b'],
    );
  });

  it('needs more evidence for a third tag than for a second', () => {
    expect(chooseTags(['a'], [c('a', 0.9), c('b', 0.5), c('c', 0.5)], model)).toEqual(['a', 'b']);
  });

  it("drops the rule's later tags the model finds improbable, never its first", () => {
    expect(chooseTags(['a', 'b'], [c('a', 0.05), c('b', 0.1)], model)).toEqual(['a']);
  });

  it('takes the most probable topic when the rule has none or only `other`', () => {
    expect(chooseTags(['other'], [c('x', 0.2), c('y', 0.3)], model)).toEqual(['y']);
    expect(chooseTags([], [c('x', 0.2), c('y', 0.3)], model)).toEqual(['y']);
  });

  it('is a logistic function of the features', () => {
    const features = tagFeatures(3, 3, 0, 2, 0.2, 0.2, 0, 2, 0);
    expect(features).toHaveLength(TAG_FEATURES.length);
    expect(tagProbability([0], [1])).toBeCloseTo(0.5);
    expect(tagProbability([1, 1], [1, 1])).toBeGreaterThan(0.8);
  });

  it('ships one coefficient per feature and small weights', () => {
    if (TOPIC_WEIGHTS.model) {
      expect(TOPIC_WEIGHTS.model.coefficients).toHaveLength(TAG_FEATURES.length);
    }
    expect(readFileSync('src/lib/enrich/topic-weights.json').length).toBeLessThan(100_000);
  });
});
