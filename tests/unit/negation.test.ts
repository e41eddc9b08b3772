/**
 * negationScopes (a sentence's clauses and cues read once) answers as inNegationScope (read again in
 * every prefix) at every offset of any text: derived titles depend on it byte for byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inNegationScope, negationScopes } from '../../src/lib/text/negation';

/** Cues, clause ends and their near misses, glued or spaced in every way. */
const piece = fc.oneof(
  fc.constantFrom(
    ...['bypass', 'bypasses', 'avoid', 'avoiding', 'avoidin', 'without', 'withoutx', 'instead of'],
    ...[
      'unlike',
      'rather than',
      'limitations of',
      'limitation of',
      'fails to',
      'fail t',
      'free of',
    ],
    ...['does not require', 'do not use', 'no need for', 'eliminates the need for', 'obviates'],
    ...['BYPASS', 'Without', 'avoidſ', 'byſpass', 'bypaſs', 'circumventing', 'shortcomings of'],
    ...['shortcomings', 'need for', 'limitations', 'the need for', 'Free', 'does not'],
    ...[' but ', ' while ', ' whereas ', ' and then ', ' but', 'but ', ' and ', ' then '],
    ...[',', ';', ':', '.', '!', '?', '(', ')', '-', "'", '’', '2', 'é', '\u00a0', '\t'],
    ...['the', 'model', 'graph', 'a', 'fine-tuning', 'x', 'our', 'data', 'ﬁne', '𝒳', '👩‍🔬'],
  ),
  fc.constantFrom(' ', ' ', '  '),
  fc.string({ maxLength: 3 }),
);
const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('negationScopes', () => {
  it('answers as inNegationScope at every offset', () => {
    fc.assert(
      fc.property(text, (t) => {
        const inScope = negationScopes(t);
        for (let offset = 0; offset <= t.length; offset++)
          expect(inScope(offset), `${JSON.stringify(t)} at ${offset}`).toBe(
            inNegationScope(t, offset),
          );
      }),
      { numRuns: 2000 },
    );
  });

  it('reaches only the clause of its cue, and a few words', () => {
    const t = 'Without fine-tuning, our adapter matches full training but avoids the cost.';
    const inScope = negationScopes(t);
    expect(inScope(t.indexOf('fine-tuning'))).toBe(true);
    expect(inScope(t.indexOf('our adapter'))).toBe(false);
    expect(inScope(t.indexOf('the cost'))).toBe(true);
  });
});
