import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frontDecode, frontEncode } from '../../src/lib/search/frontcode';

describe('front-coded vocabulary', () => {
  it('round-trips any sorted list of terms', () => {
    const term = fc.string({
      unit: fc.constantFrom('a', 'b', 'é', '1', 'z'),
      minLength: 1,
      maxLength: 80,
    });
    fc.assert(
      fc.property(fc.uniqueArray(term), (terms) => {
        const sorted = [...terms].sort();
        expect(frontDecode(frontEncode(sorted))).toEqual(sorted);
      }),
    );
  });

  it('stores only what differs from the previous term', () => {
    expect(frontEncode(['learn', 'learned', 'learning'])).toBe('Alearn\nFed\nFing');
  });

  it('rejects terms it could not store and corrupt input', () => {
    expect(() => frontEncode(['a\nb'])).toThrow(RangeError);
    expect(() => frontDecode('Aab\nZc')).toThrow(SyntaxError);
  });
});
