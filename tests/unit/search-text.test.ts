import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldText,
  foldWord,
  MAX_QUERY_WORDS,
  parseQuery,
  tokenize,
} from '../../src/lib/search/text';

describe('foldText', () => {
  it('folds case and diacritics so "levy" finds "Lévy"', () => {
    expect(foldText('Lévy')).toBe('levy');
    expect(foldText('NAÏVE Ångström')).toBe('naive angstrom');
  });

  it('spells out letters that have no decomposition', () => {
    expect(foldText('Straße Øresund Łódź')).toBe('strasse oresund lodz');
  });
});

describe('tokenize', () => {
  it('gives offsets into the original text, even around accented letters', () => {
    const text = 'Discretized Lévy processes.';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.term)).toEqual(['discretized', 'levy', 'processes']);
    for (const t of tokens) expect(foldText(text.slice(t.start, t.end))).toBe(t.term);
  });

  it('splits hyphenated words and also indexes them joined, flagged as a compound', () => {
    const tokens = tokenize('multi-task learning');
    expect(tokens.map((t) => [t.term, t.compound])).toEqual([
      ['multi', false],
      ['task', false],
      ['multitask', true],
      ['learning', false],
    ]);
    expect(tokens[2]).toMatchObject({ start: 0, end: 10 });
  });

  it('treats an en dash between words like a hyphen', () => {
    expect(tokenize('Neyman–Pearson').map((t) => t.term)).toEqual([
      'neyman',
      'pearson',
      'neymanpearson',
    ]);
  });

  it("drops a possessive 's and inner apostrophes", () => {
    expect(tokenize("the model's brain’s don't").map((t) => t.term)).toEqual([
      'the',
      'model',
      'brain',
      'dont',
    ]);
  });

  it('finds exactly the words a Unicode-aware pattern finds, in any text', () => {
    // Inner apostrophes (`don't`) and decimal points between digits (`2.5`) stay inside a word.
    const word = /[\p{L}\p{M}\p{N}]+(?:(?:['’]|(?<=\d)\.(?=\d))[\p{L}\p{M}\p{N}]+)*/gu;
    const unit = fc.constantFrom(
      'a',
      'Z',
      'é',
      '\u0301',
      '5',
      ' ',
      '-',
      "'",
      '’',
      '.',
      '𝑥',
      '中',
      '_',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const expected = [...text.matchAll(word)]
          .filter((m) => foldWord(m[0]) !== '')
          .map((m) => [m.index, m.index + m[0].length]);
        const found = tokenize(text)
          .filter((t) => !t.compound)
          .map((t) => [t.start, t.end]);
        expect(found).toEqual(expected);
      }),
    );
  });

  it('ignores markup characters and keeps numbers, decimals whole', () => {
    expect(tokenize('12.5$\\times$ _sole_ GPT-4o').map((t) => t.term)).toEqual([
      '12.5',
      'times',
      'sole',
      'gpt',
      '4o',
      'gpt4o',
    ]);
  });
});

describe('parseQuery', () => {
  it('folds words, drops duplicates and joins nothing', () => {
    expect(parseQuery('Multi-Task  multi task ')).toMatchObject({
      words: ['multi', 'task'],
      lastWordIsPrefix: false,
    });
  });

  it('reads quoted phrases, exclusions and where each word was typed', () => {
    expect(parseQuery('"time series" -benchmark model')).toEqual({
      words: ['time', 'series', 'model'],
      spans: [
        [1, 5],
        [6, 12],
        [25, 30],
      ],
      quoted: [true, true, false],
      phrases: [['time', 'series']],
      excluded: ['benchmark'],
      lastWordIsPrefix: true,
    });
    expect(parseQuery('model "time').phrases).toEqual([]);
    expect(parseQuery('model "time').lastWordIsPrefix).toBe(false);
    expect(parseQuery('multi-task').excluded).toEqual([]);
  });

  it('treats the last word as still being typed unless the query ends in a space', () => {
    expect(parseQuery('diffusion mod').lastWordIsPrefix).toBe(true);
    expect(parseQuery('diffusion mod ').lastWordIsPrefix).toBe(false);
    expect(parseQuery('diffusion model.').lastWordIsPrefix).toBe(false);
  });

  it('keeps at most MAX_QUERY_WORDS words, none of them a prefix then', () => {
    const many = Array.from({ length: MAX_QUERY_WORDS + 3 }, (_, i) => `word${i}`).join(' ');
    const parsed = parseQuery(many);
    expect(parsed.words).toHaveLength(MAX_QUERY_WORDS);
    expect(parsed.lastWordIsPrefix).toBe(false);
  });
});
