/**
 * The one set of term weights: how much a word that occurs `count` times in a text, and in
 * `frequency` of `documents` texts, says about that text. Keywords, related papers, "papers like
 * this text" and topic profiles weigh terms by TF-IDF; the search engine ranks by BM25. Each
 * formula is written once, here. Browser-safe: no dependencies.
 */

/** Sublinear term frequency: the fifth mention of a word says less than the first. */
export function termFrequencyWeight(count: number): number {
  return count > 0 ? 1 + Math.log(count) : 0;
}

/**
 * Smoothed inverse document frequency, as scikit-learn's `smooth_idf`: as if one more text held
 * every term, so it is always ≥ 1 and a term in every text still counts a little.
 */
export function inverseDocumentFrequency(documents: number, frequency: number): number {
  return Math.log((documents + 1) / (frequency + 1)) + 1;
}

/** BM25's inverse document frequency (Lucene's form, never negative). */
export function bm25InverseDocumentFrequency(documents: number, frequency: number): number {
  return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
}
