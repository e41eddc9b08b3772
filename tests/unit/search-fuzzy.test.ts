import { describe, expect, it } from 'vitest';
import { allowedTypos, FuzzyVocabulary } from '../../src/lib/search/fuzzy';

const terms = [
  'diffusion',
  'diffusions',
  'kaleidoscope',
  'language',
  'learning',
  'lens',
  'lenses',
  'less',
  'model',
  'modern',
  'module',
  'reinforcement',
  'transformer',
].sort();
const vocabulary = new FuzzyVocabulary(terms);
const expand = (word: string) => vocabulary.expand(word).map((m) => terms[m.termId]);

describe('allowedTypos', () => {
  it('allows no typo in short words, one up to 7 letters, two from 8', () => {
    expect([3, 4, 7, 8, 12].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('FuzzyVocabulary.expand', () => {
  it('finds the intended word for a missing, extra or wrong letter', () => {
    expect(expand('kaleidoscpe')).toContain('kaleidoscope');
    expect(expand('difusion')).toContain('diffusion');
    expect(expand('reinforcment')).toEqual(['reinforcement']);
    expect(expand('lerning')).toEqual(['learning']);
    expect(expand('transformar')).toEqual(['transformer']);
  });

  it('counts two swapped neighbours as one typo', () => {
    expect(expand('modle')).toContain('model');
    expect(expand('lagnuage')).toEqual(['language']);
  });

  it('rejects terms that merely contain the word or differ by more typos than allowed', () => {
    expect(expand('modle')).not.toContain('modern');
    expect(expand('lens')).not.toContain('lenses');
    expect(expand('lens')).toEqual(['less']);
  });

  it('never returns the word itself and nothing for short words', () => {
    expect(expand('model')).not.toContain('model');
    expect(expand('mod')).toEqual([]);
  });

  it('orders closer terms first, then more frequent ones', () => {
    const popular = new FuzzyVocabulary(['cart', 'cast', 'cat'], [1, 9, 5]);
    expect(popular.expand('cost', 1).map((m) => m.termId)).toEqual([1]);
    expect(popular.expand('cabt', 1).map((m) => m.termId)).toEqual([1, 2, 0]);
  });
});

describe('FuzzyVocabulary.suggest', () => {
  it('reaches further than expand, including a wrong first letter', () => {
    expect(expand('kifusion')).toEqual([]);
    expect(vocabulary.suggest('kifusion').map((m) => terms[m.termId])).toContain('diffusion');
  });
});
