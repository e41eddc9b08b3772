/**
 * Times the hostile inputs of issue 13 through the steps they used to stall (docs/security.md,
 * "Limits on hostile dumps"). One run each, wall-clock: a figure for the docs, not a test.
 *   npx tsx scripts/bench-hostile.ts
 */
import { contributionTypes } from '../src/lib/enrich/contribution';
import { ingestDumps } from '../src/lib/pipeline';
import { decodeSharedList, encodeSharedList, mergeItems } from '../src/lib/site/reading-list';
import { trimUrl } from '../src/lib/text/markup';

const PROSE =
  'We propose a simple method for learning policies from offline data that improves the return of the learned policy on many tasks.';

/** The outcome of ingesting a one-abstract dump: its first problem, or that it became a paper. */
function ingest(abstract: string): string {
  const bytes = new TextEncoder().encode(`Bench 2026\n\n${abstract}\n`);
  const result = ingestDumps([{ name: 'bench.txt', bytes }], { topics: [] });
  return result.problems[0]?.reason ?? `${result.papers.length} paper`;
}

const list = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => ({
    slug: `p-${(i + offset).toString(36)}`,
    title: `P${i}`,
    note: '',
    addedAt: '',
  }));
const sharedLink = encodeSharedList(list(60_000));

const cases: [string, () => unknown][] = [
  ['ingest: 1,800 > at the start', () => ingest(`${'>'.repeat(1800)} ${PROSE}`)],
  ['ingest: 4,000 nested *', () => ingest(`${PROSE}${'*'.repeat(4000)}a${'*'.repeat(4000)}`)],
  [
    'ingest: *a _ ×1000 … _ b* ×1000',
    () => ingest(`${PROSE}${'*a _'.repeat(1000)}x${'_ b*'.repeat(1000)}`),
  ],
  [
    'ingest: 5 MB abstract of markup',
    () => ingest(PROSE + ' *a* $x$ [b](https://e.org/)'.repeat(180_000)),
  ],
  [
    'contributionTypes: 50 KB word',
    () => contributionTypes(`We introduce ${'x'.repeat(50_000)}, a benchmark.`),
  ],
  [
    'contributionTypes: 2 MB word',
    () => contributionTypes(`We introduce ${'x'.repeat(2_000_000)}, a benchmark.`),
  ],
  ['trimUrl: URL + 30,000 )', () => trimUrl(`https://example.org/${')'.repeat(30_000)}`)],
  ['reading list: open a 60,000-item share link', () => decodeSharedList(sharedLink).length],
  ['reading list: import 40,000 items', () => mergeItems(list(100), list(40_000, 50)).length],
];

for (const [label, run] of cases) {
  const started = performance.now();
  const outcome = run();
  const ms = performance.now() - started;
  const shown = typeof outcome === 'string' ? outcome.slice(0, 70) : JSON.stringify(outcome);
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${shown}`);
}
