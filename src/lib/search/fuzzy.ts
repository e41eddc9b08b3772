/**
 * Typo tolerance: maps a query word to the vocabulary terms it may be a misspelling of, the way
 * people mistype (issue 35): the distance is Damerau–Levenshtein's optimal string alignment, so a
 * missing, extra or wrong letter and two swapped neighbours (`grpah`, `privcay`) are one edit
 * each; among equally close terms, the one more papers use wins (`modles` → `models`, not
 * `modules` or `modes`). A cheap filter first prunes the vocabulary to terms of similar length
 * that share the word's first letter and one of its letter pairs per three letters, so only a few
 * hundred distances are computed per word even in a 100,000-term vocabulary. (fuse.js did the
 * scoring until issue 35: it counted a swap as two typos and took ~9 KB of the worker.)
 */

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

/** Rows of the distance table, reused: a word is at most a few dozen letters. */
let rowBefore = new Int32Array(64);
let rowPrevious = new Int32Array(64);
let rowCurrent = new Int32Array(64);

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring):
 * insertions, deletions, substitutions and swaps of neighbours cost one each. Gives up early and
 * returns `max + 1` once every alignment costs more than `max`.
 */
export function osaDistance(a: string, b: string, max = Infinity): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (m + 1 > rowCurrent.length) {
    rowBefore = new Int32Array(m + 1);
    rowPrevious = new Int32Array(m + 1);
    rowCurrent = new Int32Array(m + 1);
  }
  for (let j = 0; j <= m; j += 1) rowPrevious[j] = j;
  for (let i = 1; i <= n; i += 1) {
    rowCurrent[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j += 1) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(
        rowPrevious[j]! + 1,
        rowCurrent[j - 1]! + 1,
        rowPrevious[j - 1]! + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        d = Math.min(d, rowBefore[j - 2]! + 1);
      }
      rowCurrent[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [rowBefore, rowPrevious, rowCurrent] = [rowPrevious, rowCurrent, rowBefore];
  }
  return rowPrevious[m]!;
}

/**
 * The fewest edits turning `word` into the start of `term` (any prefix of it within `max` letters
 * of the word's length): how far a word still being typed is from completing to `term`.
 */
function prefixDistance(word: string, term: string, max: number): number {
  let best = max + 1;
  const longest = Math.min(term.length, word.length + max);
  for (let length = Math.max(1, word.length - max); length <= longest; length += 1) {
    best = Math.min(best, osaDistance(word, term.slice(0, length), max));
    if (best === 0) break;
  }
  return best;
}

/** Fewest letter pairs a term must share with a word of `length` letters within `typos` edits. */
function minSharedPairs(length: number, typos: number): number {
  // A swap of neighbours breaks up to three letter pairs, any other edit up to two (q-gram lemma).
  return Math.max(1, length - 1 - 3 * typos);
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

  /**
   * `popularity` (e.g. document frequency per term) breaks ties between equally close terms;
   * `ids`, when given, are the only terms considered (the loaded part of a split vocabulary).
   */
  constructor(terms: readonly string[], popularity?: ArrayLike<number>, ids?: Iterable<number>) {
    this.terms = terms;
    this.popularity = popularity;
    const each = (visit: (term: string, id: number) => void) => {
      if (!ids) terms.forEach(visit);
      else for (const id of ids) visit(terms[id] ?? '', id);
    };
    each((term, id) => {
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
    const minShared = minSharedPairs(word.length, typos);
    const bucket = this.buckets.get(word[0] ?? '') ?? [];
    const matches: FuzzyMatch[] = [];
    for (let i = this.firstOfLength(bucket, word.length - typos); i < bucket.length; i += 1) {
      const id = bucket[i]!;
      const term = this.terms[id] ?? '';
      const startLength = Math.min(term.length, word.length + typos);
      if (sharedBigrams(pairs, term, startLength) < minShared) continue;
      const typosMade = prefixDistance(word, term, typos);
      if (typosMade <= typos) matches.push({ termId: id, distance: typosMade / word.length });
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
    const minShared = minSharedPairs(word.length, typos);
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

  /**
   * Candidates within `typos` edits, fewest edits first, then the terms more papers use (a
   * correction is likelier to be a word many papers write than a rare one).
   */
  private rank(word: string, candidates: number[], typos: number, limit: number): FuzzyMatch[] {
    const matches: FuzzyMatch[] = [];
    for (const termId of candidates) {
      const typosMade = osaDistance(word, this.terms[termId] ?? '', typos);
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
