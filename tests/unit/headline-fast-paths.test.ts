/**
 * The derive stage's cheaper forms of headline.ts helpers give what the plain forms gave, for any
 * input: titles must stay byte-identical (docs/ingest.md, "2026-12-03: deriving cheaper").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCleanWord, keyBag } from '../../src/lib/ingest/naming/headline';

/** keyBag as it was written before: a set of the parts, spread, sorted and joined. */
function keyBagBefore(keys: readonly string[]): string {
  const parts = keys.flatMap((k) => (k.includes('-') ? k.split('-').filter(Boolean) : [k]));
  return [...new Set(parts)].sort().join(' ');
}

/** Keys as contentKeys gives them, and odd ones: empty, hyphens alone or doubled, non-ASCII. */
const key = fc.oneof(
  fc.constantFrom(
    ...['graph', 'model', 'learn', 'graph-model', 'a-b-a', '-', '--', '', 'x-', '-x'],
  ),
  fc.constantFrom(...['metropoli-adjust', 'é', 'e\u0301', 'Zeta', 'zeta', '𝒳', 'b', 'a', 'a b']),
  fc.string({ unit: fc.constantFrom('a', 'b', '-', 'é', ' ', 'B'), maxLength: 6 }),
  fc.string({ maxLength: 5 }),
);

describe('keyBag', () => {
  it('gives the bag the set-spread-sort form gave, for any keys', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 12 }), (keys) => {
        expect(keyBag(keys)).toBe(keyBagBefore(keys));
      }),
      { numRuns: 5000 },
    );
  });

  it('orders, splits hyphenated keys and drops repeats', () => {
    expect(keyBag(['privaci', 'differenti'])).toBe('differenti privaci');
    expect(keyBag(['metropoli-adjust', 'adjust', 'langevin'])).toBe('adjust langevin metropoli');
    expect(keyBag([])).toBe('');
    expect(keyBag(['-'])).toBe('');
  });
});

/** The pattern isClean tested every word with before its ASCII fast path. */
const CLEAN_BEFORE = /^[\p{L}\p{N}][\p{L}\p{N}\-'’+/]*$/u;

/** Words: ASCII letters, digits and every ASCII mark, with some non-ASCII letters, marks and halves. */
const word = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) }),
  fc.string({
    unit: fc.constantFrom(
      ...['a', 'Z', '0', '9', '-', "'", '+', '/', '.', '_', '$', ' ', '\n', '’', '‘', 'é', 'ß'],
      ...['\u0301', 'ﬁ', '²', '½', '٣', '𝒳', '\ud835', '\udcb3', 'Ω', '中', '\u00a0', '–', 'ʰ'],
    ),
    maxLength: 8,
  }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);

describe('isCleanWord', () => {
  it('answers as the Unicode pattern, ASCII or not', () => {
    fc.assert(
      fc.property(word, (text) => {
        expect(isCleanWord(text), JSON.stringify(text)).toBe(CLEAN_BEFORE.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes words, numbers and joined names, not marks or math', () => {
    for (const text of ['graph', 'GPT-4', "Dasgupta's", 'A/B', 'C++', 'naïve', 'l’analyse', '3D'])
      expect(isCleanWord(text), text).toBe(true);
    for (const text of ['', '-x', '(a)', 'x_1', 'a.b', '$x$', 'a b', '’s', '+1'])
      expect(isCleanWord(text), text).toBe(false);
  });
});
