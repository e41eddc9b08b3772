import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeVlq, encodeVlq } from '../../src/lib/search/vlq';

describe('VLQ postings encoding', () => {
  it('round-trips any list of non-negative integers', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: Number.MAX_SAFE_INTEGER })), (values) => {
        expect(decodeVlq(encodeVlq(values))).toEqual(values);
      }),
    );
  });

  it('spends one character on numbers below 32, so small gaps stay small', () => {
    expect(encodeVlq([0, 1, 31])).toHaveLength(3);
    expect(encodeVlq([32])).toHaveLength(2);
  });

  it('produces only characters that need no escaping in JSON', () => {
    expect(encodeVlq([0, 5, 1000, 123456789])).toMatch(/^[A-Za-z0-9+/]+$/);
  });

  it('refuses negative or fractional numbers and corrupt input', () => {
    expect(() => encodeVlq([-1])).toThrow(RangeError);
    expect(() => encodeVlq([1.5])).toThrow(RangeError);
    expect(() => decodeVlq('A*')).toThrow(SyntaxError);
    expect(() => decodeVlq('g')).toThrow(SyntaxError);
  });
});
