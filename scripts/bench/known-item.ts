/**
 * The queries and statistics of the cold/warm matrix (scripts/bench.ts), pure so they are tested
 * (tests/unit/bench-matrix.test.ts): a paper's title words, a typo a person makes, the one-typo
 * known-item queries, medians and p95s.
 */
import { seededRandom } from '../../src/lib/random';

const WORD = /[\p{L}\p{N}]+/gu;
/** Words a reader leaves out of a query; short words (≤ 2 letters) are dropped too. */
const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'and',
  'in',
  'on',
  'to',
  'with',
  'by',
  'from',
]);

/** The first `n` content words of a title, lower-cased: what a reader types to find it. */
export function titleWords(title: string, n = 3): string[] {
  return (title.toLowerCase().match(WORD) ?? [])
    .filter((w) => !STOP.has(w) && w.length > 2)
    .slice(0, n);
}

/**
 * One typo a person makes, never in the first letter (nobody types the first letter wrong and
 * expects a find): two letters swapped, one missing, one doubled, or one wrong. Words of fewer than
 * 3 letters are returned as they are.
 */
export function typo(word: string, random: () => number): string {
  if (word.length < 3) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1);
  }
}

export interface KnownItem {
  query: string;
  slug: string;
}

/**
 * `count` known-item queries: a random paper's first four title words with one of them (longer
 * than 4 letters) misspelled, seeded so every engine gets the same queries in every run.
 */
export function oneTypoQueries(
  titles: readonly string[],
  slugs: readonly string[],
  count: number,
  seed = 35,
): KnownItem[] {
  const random = seededRandom(seed);
  const out: KnownItem[] = [];
  for (let i = 0; i < count && titles.length > 0; i += 1) {
    const doc = Math.floor(random() * titles.length);
    const words = titleWords(titles[doc]!, 4);
    const k = Math.floor(random() * words.length);
    if (words[k] && words[k].length > 4) words[k] = typo(words[k], random);
    if (words.length > 0) out.push({ query: words.join(' '), slug: slugs[doc]! });
  }
  return out;
}

/** The paper every cold run searches for (the middle one) and its query, the same for all pages. */
export function coldTarget(
  titles: readonly string[],
  slugs: readonly string[],
): { query: string; slug: string } {
  const target = Math.floor(titles.length / 2);
  return { query: titleWords(titles[target] ?? '').join(' '), slug: slugs[target] ?? '' };
}

/** Phrases typed letter by letter for the warm per-keystroke times: four titles' words. */
export function typedPhrases(titles: readonly string[]): string[] {
  const target = Math.floor(titles.length / 2);
  return [3, 7, 11, 13]
    .map((i) => titleWords(titles[(target + i * 97) % Math.max(1, titles.length)] ?? '').join(' '))
    .filter((phrase) => phrase.length > 0);
}

/** The lower median (an actual sample, never an average of two). NaN for no values. */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/** The 95th percentile by nearest rank. NaN for no values. */
export const p95 = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
