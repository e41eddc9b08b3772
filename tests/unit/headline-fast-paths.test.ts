/**
 * The derive stage's cheaper forms of headline.ts helpers give what the plain forms gave, for any
 * input: titles must stay byte-identical (docs/ingest.md, "2026-12-03: deriving cheaper").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyBag } from '../../src/lib/ingest/naming/headline';

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
