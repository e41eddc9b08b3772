/**
 * Typo tolerance: maps a query word to the vocabulary terms it may be a misspelling of.
 * fuse.js scores the candidates, but only after a cheap filter has pruned the vocabulary to terms
 * of similar length that share the word's first letter and enough of its letter pairs: handing
 * fuse a 60,000-term vocabulary costs ~100 ms per word, the pruned set well under 1 ms.
 */
import Fuse from 'fuse.js/basic';

/** A vocabulary term close to a query word. */
export interface FuzzyMatch {
  /** Index of the term in the vocabulary. */
  termId: number;
  /** Typos per letter of the query word: 0 < distance ≤ 0.25 for `expand`. */
  distance: number;
}

/** Typos allowed in a word: none below 4 letters, 1 up to 7, then 2 (the usual search-engine rule). */
export function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

const FUSE_OPTIONS = {
  includeScore: true,
  ignoreLocation: true,
  ignoreFieldNorm: true,
  isCaseSensitive: true,
} as const;

/** True when `b` is `a` with two neighbouring letters swapped. */
function isOneSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return (
    i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  );
}

/** A pair of neighbouring UTF-16 code units as one number: no two-letter string per pair. */
const pairAt = (text: string, i: number) => text.charCodeAt(i) * 0x10000 + text.charCodeAt(i + 1);

function bigrams(word: string): Set<number> {
  const pairs = new Set<number>();
  for (let i = 0; i + 1 < word.length; i += 1) pairs.add(pairAt(word, i));
  return pairs;
}

/** Letter pairs of `term` (its first `length` characters) that are also pairs of the word. */
function sharedBigrams(pairs: ReadonlySet<number>, term: string, length = term.length): number {
  let shared = 0;
  for (let i = 0; i + 1 < length; i += 1) if (pairs.has(pairAt(term, i))) shared += 1;
  return shared;
}

/** The vocabulary, bucketed by first letter and sorted by length inside a bucket. */
export class FuzzyVocabulary {
  private readonly terms: readonly string[];
  private readonly popularity: ArrayLike<number> | undefined;
  private readonly buckets = new Map<string, number[]>();

  /** `popularity` (e.g. document frequency per term) breaks ties between equally close terms. */
  constructor(terms: readonly string[], popularity?: ArrayLike<number>) {
    this.terms = terms;
    this.popularity = popularity;
    terms.forEach((term, id) => {
      const key = term[0] ?? '';
      let bucket = this.buckets.get(key);
      if (!bucket) {
        bucket = [];
        this.buckets.set(key, bucket);
      }
      bucket.push(id);
    });
    for (const bucket of this.buckets.values()) {
      bucket.sort((a, b) => (terms[a]?.length ?? 0) - (terms[b]?.length ?? 0));
    }
  }

  /** Terms within `typos` edits of `word`, with the same first letter, closest first. */
  expand(word: string, typos = allowedTypos(word.length), limit = 5): FuzzyMatch[] {
    if (typos === 0) return [];
    return this.rank(
      word,
      this.candidates(word, typos, [this.buckets.get(word[0] ?? '')]),
      typos,
      limit,
    );
  }

  /**
   * Terms that start with a word still being typed, give or take `typos` edits
   * (`reinforcm` → `reinforcement`, `reinforced`), most used first: so the count does not drop to
   * zero while a long word is typed with a typo in it.
   */
  expandPrefix(word: string, typos = allowedTypos(word.length), limit = 40): FuzzyMatch[] {
    if (typos === 0) return [];
    const pairs = bigrams(word);
    const minShared = Math.max(1, word.length - 1 - 2 * typos);
    const byStart = new Map<string, number[]>();
    const bucket = this.buckets.get(word[0] ?? '') ?? [];
    for (let i = this.firstOfLength(bucket, word.length - typos); i < bucket.length; i += 1) {
      const id = bucket[i]!;
      const term = this.terms[id] ?? '';
      const startLength = Math.min(term.length, word.length + typos);
      if (sharedBigrams(pairs, term, startLength) < minShared) continue;
      const start = term.slice(0, startLength);
      const ids = byStart.get(start);
      if (ids) ids.push(id);
      else byStart.set(start, [id]);
    }
    const starts = [...byStart.keys()];
    const fuse = new Fuse(starts, { ...FUSE_OPTIONS, threshold: typos / word.length + 1e-9 });
    const matches: FuzzyMatch[] = [];
    for (const result of fuse.search(word)) {
      const typosMade = Math.round((result.score ?? 1) * word.length);
      if (typosMade > typos) continue;
      for (const termId of byStart.get(starts[result.refIndex] ?? '') ?? []) {
        matches.push({ termId, distance: typosMade / word.length });
      }
    }
    const popularity = (id: number) => this.popularity?.[id] ?? 0;
    matches.sort(
      (a, b) =>
        popularity(b.termId) - popularity(a.termId) ||
        a.distance - b.distance ||
        a.termId - b.termId,
    );
    return matches.slice(0, limit);
  }

  /**
   * Looser matching for "did you mean": any first letter, for a word that matched nothing at
   * all. Scans the whole vocabulary, which is fine for this rare case.
   */
  suggest(word: string, limit = 3): FuzzyMatch[] {
    const typos = Math.max(1, allowedTypos(word.length));
    return this.rank(word, this.candidates(word, typos, [...this.buckets.values()]), typos, limit);
  }

  private candidates(
    word: string,
    typos: number,
    buckets: readonly (readonly number[] | undefined)[],
  ): number[] {
    const pairs = bigrams(word);
    // Each typo destroys at most two letter pairs (q-gram lemma), so fewer shared pairs means more typos.
    const minShared = Math.max(1, word.length - 1 - 2 * typos);
    const found: number[] = [];
    for (const bucket of buckets) {
      if (!bucket) continue;
      for (let i = this.firstOfLength(bucket, word.length - typos); i < bucket.length; i += 1) {
        const id = bucket[i]!;
        const term = this.terms[id] ?? '';
        if (term.length > word.length + typos) break;
        if (term === word) continue;
        if (word.length < 3 || sharedBigrams(pairs, term) >= minShared) found.push(id);
      }
    }
    return found;
  }

  /** Index of the first term of a bucket (sorted by length) with at least `length` characters. */
  private firstOfLength(bucket: readonly number[], length: number): number {
    let lo = 0;
    let hi = bucket.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.terms[bucket[mid]!]?.length ?? 0) < length) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private rank(word: string, candidates: number[], typos: number, limit: number): FuzzyMatch[] {
    const matches: FuzzyMatch[] = [];
    const rest: number[] = [];
    for (const termId of candidates) {
      // fuse counts a swap of neighbours as two typos; people make it as one.
      if (isOneSwap(word, this.terms[termId] ?? ''))
        matches.push({ termId, distance: 1 / word.length });
      else rest.push(termId);
    }
    const options = { ...FUSE_OPTIONS, threshold: typos / word.length + 1e-9 };
    const fuse = new Fuse(
      rest.map((id) => this.terms[id] ?? ''),
      options,
    );
    for (const result of fuse.search(word)) {
      const term = result.item;
      const termId = rest[result.refIndex];
      // fuse finds the word anywhere inside the term, so also look for the term inside the word:
      // together the two bound the typos of a whole-word comparison (`modle` is not `modern`).
      const back = Fuse.match(term, word, { ...options, threshold: typos / term.length + 1e-9 });
      if (!back.isMatch || termId === undefined) continue;
      const typosMade = Math.round(
        Math.max((result.score ?? 1) * word.length, back.score * term.length),
      );
      if (typosMade <= typos) matches.push({ termId, distance: typosMade / word.length });
    }
    const popularity = (id: number) => this.popularity?.[id] ?? 0;
    matches.sort(
      (a, b) =>
        a.distance - b.distance ||
        popularity(b.termId) - popularity(a.termId) ||
        a.termId - b.termId,
    );
    return matches.slice(0, limit);
  }
}
