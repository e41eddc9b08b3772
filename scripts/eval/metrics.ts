/**
 * The measures `npm run eval` prints: how derived titles, names, summaries, keywords and topic tags
 * compare with what a reader would write. Token comparisons use the site's own tokeniser and stems,
 * so a plural or a capital never counts as a miss.
 */
import { contentKeys } from '../../src/lib/text/terms';

const contentStems = contentKeys;

/** Token F1 of two texts' content-word stems (bags, duplicates counted once). */
export function tokenF1(derived: string, real: string): number {
  const a = new Set(contentStems(derived));
  const b = new Set(contentStems(real));
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const stem of a) if (b.has(stem)) shared += 1;
  if (shared === 0) return 0;
  const precision = shared / a.size;
  const recall = shared / b.size;
  return (2 * precision * recall) / (precision + recall);
}

/** Share of the title's content words the summary repeats. */
export function titleOverlap(title: string, summary: string): number {
  const t = new Set(contentStems(title));
  if (t.size === 0) return 0;
  const s = new Set(contentStems(summary));
  let shared = 0;
  for (const stem of t) if (s.has(stem)) shared += 1;
  return shared / t.size;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Precision and recall of predicted label sets against reference sets (micro-averaged). */
export function microPrecisionRecall(
  predicted: readonly (readonly string[])[],
  reference: readonly (readonly string[])[],
): { precision: number; recall: number } {
  let hits = 0;
  let predictedCount = 0;
  let referenceCount = 0;
  predicted.forEach((labels, i) => {
    const truth = new Set(reference[i]);
    predictedCount += labels.length;
    referenceCount += truth.size;
    for (const label of labels) if (truth.has(label)) hits += 1;
  });
  return {
    precision: predictedCount === 0 ? 0 : hits / predictedCount,
    recall: referenceCount === 0 ? 0 : hits / referenceCount,
  };
}
