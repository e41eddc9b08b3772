import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/lib/search/text';
import { analyseText, splitSentences } from '../../src/lib/text/terms';
import { hasLetter, scanWords } from '../../src/lib/text/tokens';

function scan(text: string): { parts: string[]; words: string[] } {
  const parts: string[] = [];
  const words: string[] = [];
  scanWords(
    text,
    (start, end) => parts.push(text.slice(start, end)),
    (start, end) => words.push(text.slice(start, end)),
  );
  return { parts, words };
}

describe('scanWords (the one tokeniser)', () => {
  it('keeps decimals, inner apostrophes and hyphenated names inside a word', () => {
    expect(scan("Qwen2.5-VL-7B's 3.5× gain, don't").words).toEqual([
      "Qwen2.5-VL-7B's",
      '3.5',
      'gain',
      "don't",
    ]);
    expect(scan('Qwen2.5-VL-7B').parts).toEqual(['Qwen2.5', 'VL', '7B']);
  });

  it('joins parts by a hyphen or an en dash, never across a space', () => {
    expect(scan('Neyman–Pearson tests – a sketch; multi-task - RL').words).toEqual([
      'Neyman–Pearson',
      'tests',
      'a',
      'sketch',
      'multi-task',
      'RL',
    ]);
  });

  it('ends a word at a full stop, a trailing apostrophe or a lone hyphen', () => {
    expect(scan("e.g. Fig.3 models' pre- and post-training.").words).toEqual([
      'e',
      'g',
      'Fig',
      '3',
      'models',
      'pre',
      'and',
      'post-training',
    ]);
  });

  it('reads letters of any script and combining marks as word characters', () => {
    expect(scan('naïve cafe\u0301 中文 𝑥-axis').words).toEqual([
      'naïve',
      'cafe\u0301',
      '中文',
      '𝑥-axis',
    ]);
  });
});

describe('one tokeniser for terms and search', () => {
  const unit = fc.constantFrom('a', 'Q', 'é', '5', ' ', '-', '–', "'", '.', ',', '中', '\u0301');

  it('terms and the search index see the same words in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        // Terms read words sentence by sentence (a word never runs across a sentence break).
        const wordStarts: number[] = [];
        for (const sentence of splitSentences(text))
          scanWords(sentence.text, null, (start) => wordStarts.push(sentence.start + start));
        expect(analyseText(text).words.map((word) => word.start)).toEqual(wordStarts);
        // …and the same parts: `multi-task` is `multi` and `task` for both.
        const partsBySentence: number[] = [];
        for (const sentence of splitSentences(text))
          scanWords(sentence.text, (start) => partsBySentence.push(sentence.start + start), null);
        expect(
          analyseText(text).words.flatMap((word) => word.parts.map((part) => part.start)),
        ).toEqual(partsBySentence);
        const partStarts: number[] = [];
        scanWords(
          text,
          (start, end) => {
            // A part of combining marks alone folds to nothing and is no search term.
            if (/[\p{L}\p{N}]/u.test(text.slice(start, end))) partStarts.push(start);
          },
          null,
        );
        expect(
          tokenize(text)
            .filter((t) => !t.compound)
            .map((t) => t.start),
        ).toEqual(partStarts);
      }),
      { numRuns: 500 },
    );
  });
});

describe('hasLetter', () => {
  it('says whether a text holds a letter of any script, as /\\p{L}/u does', () => {
    for (const [text, expected] of [
      ['', false],
      ['42', false],
      ['@[`{', false],
      ['x', true],
      ['Q', true],
      ['3é', true],
      ['２０２５', false],
      ['数据', true],
      ['\u0301', false],
    ] as const) {
      expect(hasLetter(text), text).toBe(expected);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(hasLetter(text)).toBe(/\p{L}/u.test(text));
      }),
      { numRuns: 2000 },
    );
  });
});
