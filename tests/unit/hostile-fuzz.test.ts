/**
 * Issue 13: fuzzing the whole per-abstract pipeline (normalise, limits, Markdown and math parsing,
 * plain text, naming, links, enrichment, rendering) with nested Markdown, LaTeX and URL structures of
 * growing depth and length. Nothing may throw, and the cost must grow about linearly: on an input
 * 8× larger, a linear pipeline costs ~8× more, a quadratic one ~64×; the bound is a generous 24×.
 * Costs are CPU time (tests/support/growth.ts), compared as ratios, never against a threshold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ABSTRACT_CHARS } from '../../src/lib/ingest/dump';
import { ingestDumps } from '../../src/lib/pipeline';
import type { Taxonomy } from '../../src/lib/schema';
import { renderAbstract } from '../../src/lib/site/render';
import { growth } from '../support/growth';

const TAXONOMY: Taxonomy = {
  topics: [{ slug: 'rl', label: 'RL', description: 'Reinforcement learning.', terms: ['policy'] }],
};
const PROSE =
  'We introduce a simple method for learning policies from offline data that improves the return ' +
  'of the learned policy on many continuous control tasks and scales to large datasets. ';
/** What a reason may say: every problem is a clear, known one, never an error's message. */
const KNOWN_REASON =
  /^(markup nested too deeply|too much emphasis markup|abstract too long|not an abstract|field |the first line)/;

/** Wrappers that nest: each takes the text inside and returns it marked up. */
const TEXT_WRAPPERS: ((inner: string) => string)[] = [
  (x) => `**${x}**`,
  (x) => `*${x}*`,
  (x) => `_${x}_ `,
  (x) => `*a _${x}_ b*`,
  (x) => `[${x}](https://example.org/a_(b))`,
  (x) => `![${x}](https://example.org/i.png)`,
  (x) => `\\textbf{${x}}`,
  (x) => `\\emph{${x} \\cite{k}}`,
  (x) => `{${x}}`,
  (x) => `(${x})`,
  (x) => `\`${x}\``,
  (x) => `https://example.org/${x})`,
  (x) => `<b>${x}</b>`,
  (x) => `"${x}" (ABC) `,
  (x) => `\`\`${x}''`,
];
const MATH_WRAPPERS: ((inner: string) => string)[] = [
  (x) => `{${x}}`,
  (x) => `\\frac{${x}}{2}`,
  (x) => `\\sqrt{${x}}`,
  (x) => `x^{${x}}`,
  (x) => `\\left(${x}\\right)`,
  (x) => `\\mathbb{R}_{${x}}`,
  (x) => `\\text{${x}}`,
];
/** Block markers that nest at the start of the abstract. */
const PREFIXES = ['> ', '- ', '+ ', '1. ', '* '];

/** One structure: which wrappers nest, and in what order. */
const structure = fc.record({
  text: fc.array(fc.nat(TEXT_WRAPPERS.length - 1), { minLength: 1, maxLength: 4 }),
  math: fc.array(fc.nat(MATH_WRAPPERS.length - 1), { maxLength: 3 }),
  prefix: fc.array(fc.nat(PREFIXES.length - 1), { maxLength: 2 }),
  word: fc.constantFrom('x', 'AI', 'word', 'Very-Long-Name', 'https://a.org/(x)', '$1', '$$'),
});
type Structure = typeof structure extends fc.Arbitrary<infer T> ? T : never;

/** The structure nested `depth` times, its wrappers applied innermost first. */
function nested(shape: Structure, depth: number): string {
  let text: string = shape.word;
  let math = 'y';
  for (let level = 0; level < depth; level++) {
    for (const i of shape.text) text = TEXT_WRAPPERS[i]!(text);
    for (const i of shape.math) math = MATH_WRAPPERS[i]!(math);
  }
  const prefix = shape.prefix
    .map((i) => PREFIXES[i]!)
    .join('')
    .repeat(depth);
  return `${prefix}${PROSE}${text}${shape.math.length > 0 ? ` $${math}$` : ''}`;
}

/** The structure at a small fixed depth, side by side until the abstract is `length` long. */
function repeated(shape: Structure, length: number): string {
  const unit = ` ${nested({ ...shape, prefix: [] }, 2).slice(PROSE.length)}`;
  return PROSE + unit.repeat(Math.max(1, Math.floor((length - PROSE.length) / unit.length)));
}

/** The whole per-abstract pipeline: the ingest of a one-abstract dump, then the page's rendering. */
function pipeline(abstract: string): void {
  const dump = new TextEncoder().encode(`Fuzz 2026\n\n${abstract}\n`);
  const result = ingestDumps([{ name: 'fuzz.txt', bytes: dump }], TAXONOMY);
  for (const problem of result.problems) expect(problem.reason).toMatch(KNOWN_REASON);
  for (const paper of result.papers) renderAbstract(paper.abstract, paper.acronyms);
}

describe('the per-abstract pipeline on generated nested structures', () => {
  it('never throws, at any depth or length', () => {
    fc.assert(
      fc.property(structure, fc.integer({ min: 0, max: 400 }), (shape, depth) => {
        pipeline(nested(shape, depth));
      }),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(structure, fc.integer({ min: 100, max: MAX_ABSTRACT_CHARS * 2 }), (shape, n) => {
        pipeline(repeated(shape, n));
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it('costs about linearly more as the nesting deepens', () => {
    fc.assert(
      fc.property(structure, (shape) => {
        // 50 → 400 levels: past the nesting limit for most wrappers, whose rejection must be
        // cheap too; brackets, quotes and URLs nest without limit and must stay linear.
        expect(growth((depth) => nested(shape, depth), pipeline, 50, 8, 3)).toBeLessThan(24);
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('costs about linearly more as the abstract grows to the size limit', () => {
    fc.assert(
      fc.property(structure, (shape) => {
        const ratio = growth((n) => repeated(shape, n), pipeline, MAX_ABSTRACT_CHARS / 10, 8, 3);
        expect(ratio).toBeLessThan(24);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
