import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import {
  chooseTags,
  TopicTagger,
  type TopicWeights,
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

  it("drops the rule's first tag only below `first`, for the most probable topic", () => {
    const candidates = [c('a', 0.05), c('b', 0.9), c('c', 0.1)];
    expect(chooseTags(['a'], candidates, model)).toEqual(['a', 'b']);
    expect(chooseTags(['a'], candidates, { ...model, first: 0.1 })).toEqual(['b']);
    expect(chooseTags(['a', 'c'], candidates, { ...model, first: 0.1, drop: 0.1 })).toEqual([
      'c',
      'b',
    ]);
  });

  it('adds a topic offset to the linear score', () => {
    expect(tagProbability([0], [1], 2)).toBeCloseTo(1 / (1 + Math.exp(-2)));
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
    // Read once by the ingest, never shipped to a browser: 36 classifiers of ≤ 1,000 weights.
    expect(readFileSync('src/lib/enrich/topic-weights.json').length).toBeLessThan(1_200_000);
  });
});

describe("the per-topic classifier's features (issue 32)", () => {
  const taxonomy = loadTaxonomy('tests/fixtures/taxonomy/valid.yaml');
  const index = (name: string) => TAG_FEATURES.indexOf(name as (typeof TAG_FEATURES)[number]);
  const base: TopicWeights = {
    singleWord: 0.5,
    commonness: 2,
    contribution: 1,
    object: 1,
    mainStatement: 1,
    statement: 1,
    opening: 1,
    background: 1,
    title: 1,
    threshold: 2,
    relative: 0.2,
    similarity: 0.05,
    centroid: 0.5,
  };
  // Only the classifier's probability counts: a topic is added when its classifier is confident.
  const coefficients = TAG_FEATURES.map(() => 0);
  coefficients[0] = -4;
  coefficients[index('classifier probability')] = 8;
  const weights: TopicWeights = {
    ...base,
    model: { coefficients, cut: 0.5, third: 0.5, relative: 0, drop: 0 },
    classifier: {
      bias: { 'reinforcement-learning': -2, quantization: -2, 'large-language-models': -2 },
      // Word keys as the tagger keys words (Porter stems).
      weights: { quantization: { bit: 4, weight: 3 }, 'reinforcement-learning': { polici: 4 } },
    },
  };
  const corpus = [
    'We train a reinforcement learning policy for robots with a reward. The policy is fast.',
    'Reinforcement learning agents act. We store each weight in four bits, and every bit counts.',
    'Reinforcement learning with a reward model. Rewards are sparse and the value is learned.',
  ];
  const tagged = (w: TopicWeights) => {
    const tagger = new TopicTagger(taxonomy);
    for (const text of corpus) tagger.read({ plainText: text, title: 'A paper', name: null });
    return { tags: tagger.tags(w), candidates: tagger.candidates(w) };
  };

  it('scores each topic by its linear classifier over the word vector', () => {
    const { candidates } = tagged(weights);
    const feature = (paper: number, slug: string, name: string) =>
      candidates[paper]!.find((c) => c.slug === slug)!.features[index(name)]!;
    // Paper 1 says "bit" and "weight": its quantization margin is the best, above its bias.
    expect(feature(1, 'quantization', 'classifier probability')).toBeGreaterThan(0.5);
    expect(feature(1, 'quantization', 'most likely (classifier)')).toBe(1);
    expect(feature(1, 'quantization', 'classifier margin − best margin')).toBe(0);
    expect(feature(0, 'quantization', 'classifier probability')).toBeCloseTo(1 / (1 + Math.E ** 2));
    // A topic without a classifier reads 0.
    expect(feature(0, 'vision-language', 'classifier probability')).toBe(0);
  });

  it('adds the topic the classifier is confident of, and only with a classifier', () => {
    expect(tagged(weights).tags[1]).toEqual(['reinforcement-learning', 'quantization']);
    expect(tagged(weights).tags[2]).toEqual(['reinforcement-learning']);
    const { classifier: _none, ...without } = weights;
    void _none;
    expect(tagged(without).tags[1]).toEqual(['reinforcement-learning']);
  });
});
