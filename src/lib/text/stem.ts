/**
 * The one stemmer: Porter (the `stemmer` package), shared by the text core (`terms.ts`) and the
 * search engine, so `quantizing` and `quantization` meet wherever they are compared.
 * Browser-safe: it imports only `stemmer`.
 */
import { stemmer } from 'stemmer';

/**
 * Entries a memo keeps: a corpus repeats a small vocabulary (~100,000 distinct spellings in
 * 10,000 abstracts), and a hostile dump of random words must not grow a memo without bound.
 */
const MAX_MEMO_ENTRIES = 200_000;

/** `map.set(key, value)`, emptying the map first when it is full; returns `value`. */
export function remember(map: Map<string, string>, key: string, value: string): string {
  if (map.size >= MAX_MEMO_ENTRIES) map.clear();
  map.set(key, value);
  return value;
}

const stemCache = new Map<string, string>();

/** Porter stem of a word, lower-cased first (memoised). */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  return stemCache.get(lower) ?? remember(stemCache, lower, stemmer(lower));
}
