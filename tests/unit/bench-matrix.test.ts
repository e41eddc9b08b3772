import { describe, expect, it } from 'vitest';
import {
  coldTarget,
  median,
  oneTypoQueries,
  p95,
  titleWords,
  typedPhrases,
  typo,
} from '../../scripts/bench/known-item';
import {
  bytes,
  matrixTable,
  medianMs,
  parseSizes,
  verdicts,
  type SizeResult,
} from '../../scripts/bench/matrix';
import type { Cold, Warm } from '../../scripts/bench/cold';

const cold = (ms: number, searchBytes = 100 * 1024, slug = 'a-1'): Cold => ({
  ms,
  searchBytes,
  allBytes: searchBytes,
  slug,
  searchFiles: [],
});
const warm = (p95Ms: number, top1: number): Warm => ({
  p95: p95Ms,
  median: p95Ms / 2,
  firstPassP95: p95Ms,
  keys: 40,
  top1,
  readyMs: 10,
});

describe('known-item queries', () => {
  it('takes a title’s first content words, lower-cased, without stopwords or short words', () => {
    expect(titleWords('The Geometry of Deep ReLU Networks in 3D')).toEqual([
      'geometry',
      'deep',
      'relu',
    ]);
    expect(titleWords('A B of', 3)).toEqual([]);
  });

  it('makes one typo, never in the first letter, and leaves short words alone', () => {
    let state = 0;
    const random = () => (state = (state * 9301 + 49297) % 233280) / 233280;
    for (let i = 0; i < 200; i += 1) {
      const word = 'transformer';
      const wrong = typo(word, random);
      expect(wrong[0]).toBe('t');
      expect(Math.abs(wrong.length - word.length)).toBeLessThanOrEqual(1);
    }
    expect(typo('ab', () => 0.5)).toBe('ab');
  });

  it('draws the same one-typo queries for the same seed, each naming its paper', () => {
    const titles = ['Sparse attention for long documents', 'Causal structure learning at scale'];
    const slugs = ['sparse-1', 'causal-2'];
    const a = oneTypoQueries(titles, slugs, 20);
    expect(a).toEqual(oneTypoQueries(titles, slugs, 20));
    expect(a).toHaveLength(20);
    for (const { query, slug } of a) {
      expect(slugs).toContain(slug);
      expect(query.split(' ').length).toBeGreaterThan(1);
    }
    expect(oneTypoQueries([], [], 5)).toEqual([]);
  });

  it('searches the middle paper cold and types four other titles warm', () => {
    const titles = ['alpha beta gamma', 'delta epsilon zeta', 'theta iota kappa'];
    expect(coldTarget(titles, ['a', 'b', 'c'])).toEqual({ query: 'delta epsilon zeta', slug: 'b' });
    expect(typedPhrases(titles)).toHaveLength(4);
  });

  it('takes lower medians and nearest-rank p95s', () => {
    expect(median([3, 1, 2, 4])).toBe(2);
    expect(median([])).toBeNaN();
    expect(p95(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(95);
    expect(p95([7])).toBe(7);
  });
});

describe('the matrix table and targets', () => {
  const result: SizeResult = {
    size: 20000,
    papers: 19802,
    slug: 'a-1',
    cold: {
      explorer: { slow: [cold(3900), cold(3500), cold(NaN)], fast: [cold(800)] },
      pagefind: { slow: [cold(3700, 320 * 1024)], fast: [cold(700)] },
      minisearch: { slow: [cold(NaN, 9e6, undefined)], fast: [cold(9000, 9e6)] },
    },
    warm: { ours: warm(4, 0.98), pagefind: warm(400, 0.36) },
  };

  it('counts a timed-out run as the slowest in the median', () => {
    expect(medianMs([cold(1), cold(NaN), cold(2)])).toBe(2);
    expect(medianMs([cold(NaN)])).toBeNaN();
  });

  it('prints a row per page measured, timeouts as "> timeout"', () => {
    const table = matrixTable([result], 300_000);
    const rows = table.split('\n');
    expect(rows).toHaveLength(2 + 4);
    expect(table).toContain(
      '| 19,802 | explorer `/?q=` | 3.90 s | 100 KB | 0.80 s | — | — | 4/4 |',
    );
    expect(table).toContain('> 300 s');
    expect(table).toContain('| 4.0 ms | 98 % |');
  });

  it('checks the issue’s targets for the sizes they name', () => {
    const checks = verdicts([result]);
    const byTarget = (text: string) => checks.find((c) => c.target.includes(text));
    expect(byTarget("≤ Pagefind's bare page")?.met).toBe(false);
    expect(byTarget('≤ 4 s')?.met).toBe(true);
    expect(byTarget('search bytes')?.met).toBe(true);
    expect(byTarget('p95 per keystroke ≤ 10 ms')?.met).toBe(true);
    expect(byTarget('one-typo')?.met).toBe(true);
    expect(checks.some((c) => c.target.includes('600 KB'))).toBe(false);
  });

  it('formats bytes and parses sizes', () => {
    expect(bytes(130 * 1024)).toBe('130 KB');
    expect(bytes(1.5 * 1024 * 1024)).toBe('1.50 MB');
    expect(parseSizes('57, 2000')).toEqual([57, 2000]);
    expect(() => parseSizes('57,x')).toThrow(/--sizes/);
    expect(() => parseSizes('0')).toThrow(/--sizes/);
  });
});
