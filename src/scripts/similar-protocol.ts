/** Messages between the `/similar/` page (similar-view.ts) and its scoring worker (similar-worker.ts). */
import type { SimilarMatch } from '../lib/enrich/similar';

/**
 * Only this much of a pasted text is compared (the longest abstracts are about 3,000 characters).
 * Scoring grows faster than linearly with acronym-heavy text: a 449 KB paste took 110 s; 20,000
 * characters take about 0.25 s.
 */
export const MAX_SIMILAR_TEXT_CHARS = 20_000;

export type SimilarRequest =
  { type: 'load'; url: string } | { type: 'score'; id: number; text: string; limit: number };

export type SimilarReply =
  | { type: 'ready'; docCount: number }
  | { type: 'failed'; reason: string }
  | { type: 'matches'; id: number; matches: SimilarMatch[]; tookMs: number };
