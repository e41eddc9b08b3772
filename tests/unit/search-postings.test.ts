import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countPostings,
  decodePostings,
  encodePostings,
  type Posting,
} from '../../src/lib/search/postings';

const postingLists = fc
  .uniqueArray(
    fc.record({
      doc: fc.nat({ max: 100_000 }),
      count: fc.nat({ max: 500 }),
      fields: fc.nat({ max: 31 }),
    }),
    { selector: (p) => p.doc, minLength: 1 },
  )
  .map((list) => [...list].sort((a, b) => a.doc - b.doc));

describe('postings encoding', () => {
  it('round-trips documents, counts and field masks', () => {
    fc.assert(
      fc.property(postingLists, (postings: Posting[]) => {
        const decoded = decodePostings(encodePostings(postings));
        expect([...decoded.docs]).toEqual(postings.map((p) => p.doc));
        expect([...decoded.counts]).toEqual(postings.map((p) => p.count));
        expect([...decoded.masks]).toEqual(postings.map((p) => p.fields));
      }),
    );
  });

  it('counts postings without decoding them', () => {
    fc.assert(
      fc.property(postingLists, (postings) => {
        expect(countPostings(encodePostings(postings))).toBe(postings.length);
      }),
    );
  });

  it('spends one character on a posting of a frequent term found once in the abstract only', () => {
    const consecutive = [0, 1, 2, 3].map((doc) => ({ doc, count: 1, fields: 0 }));
    expect(encodePostings(consecutive)).toHaveLength(4);
  });

  it('refuses unsorted documents', () => {
    const unsorted = [
      { doc: 5, count: 1, fields: 0 },
      { doc: 2, count: 1, fields: 0 },
    ];
    expect(() => encodePostings(unsorted)).toThrow(RangeError);
  });
});
