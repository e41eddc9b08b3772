/**
 * The heap ceiling of each `astro build` process (scripts/build-site.ts). A ceiling makes V8
 * collect before it grows: peak 2.8 GB without it at 20,000 papers in one process (target 2.5 GB;
 * docs/build.md), while the build's live data stays well below it. Processes share 2 GB out, down
 * to 1 GB each (a whole site at 20,000 papers peaks at 1.2 GB under it).
 *
 * Every process loads the whole records file, so past ~40,000 papers (a ~140 MB file) the ceiling
 * grows with it: at 100,000 papers (344 MB) two processes under 1 GB each spent minutes in the
 * garbage collector before their first page (2026-12-02, docs/build.md, "100,000 papers").
 */
const SHARED_MB = 2048;
const MIN_MB = 1024;
/** The fixed part (Astro, Vite's bundles, the taxonomy…) and the part per MB of records file. */
const BASE_MB = 384;
const PER_RECORDS_MB = 5;
/**
 * The site process (shard 0, or the only one) also builds the data files from every record (the
 * search index and its parts, the export, the similar-text index): at 100,000 papers it stopped
 * at `search-index.json` under the 2.1 GB the paper processes get (2026-12-02).
 */
const SITE_PER_RECORDS_MB = 9;

/**
 * One process's `--max-old-space-size` for `count` processes and a records file of `recordsMb`
 * MB; `site` for the process that renders the site pages and data files.
 */
export function heapMegabytes(count: number, recordsMb: number, site = true): number {
  const shared = Math.max(MIN_MB, Math.floor(SHARED_MB / Math.max(1, count)));
  const perMb = site ? SITE_PER_RECORDS_MB : PER_RECORDS_MB;
  return Math.max(shared, Math.ceil(BASE_MB + perMb * recordsMb));
}
