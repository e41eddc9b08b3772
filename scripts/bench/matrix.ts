/**
 * The one table `npm run bench` prints (issue 35), and the targets it checks; pure, so tested
 * (tests/unit/bench-matrix.test.ts). Cold figures are medians of the runs; a cold run that timed
 * out is NaN and reads `> <timeout> s`.
 */
import { median } from './known-item';
import type { Cold, Engine, PageName, Warm } from './cold';
import type { LighthouseResult } from './lighthouse';

export interface SizeResult {
  /** The size asked for (`--sizes`), which the targets name. */
  size: number;
  papers: number;
  /** The paper the cold runs search for. */
  slug: string;
  cold: Partial<Record<PageName, { slow: Cold[]; fast: Cold[] }>>;
  warm: Partial<Record<Engine, Warm>>;
}

export interface LighthouseRow {
  papers: number;
  page: string;
  result: LighthouseResult;
}

const seconds = (ms: number, timeoutMs: number) =>
  Number.isNaN(ms) ? `> ${(timeoutMs / 1000).toFixed(0)} s` : `${(ms / 1000).toFixed(2)} s`;

/** `130 KB`, `1.42 MB` (1024-based, as the issue's figures). */
export function bytes(n: number): string {
  if (Number.isNaN(n)) return '—';
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${Math.round(n / 1024)} KB`;
}

/** Median of the runs' times, NaN (timed out) counted as the slowest. */
export function medianMs(runs: readonly Cold[]): number {
  const times = runs.map((r) => (Number.isNaN(r.ms) ? Infinity : r.ms));
  const m = median(times);
  return m === Infinity ? NaN : m;
}

const medianBytes = (runs: readonly Cold[]) => median(runs.map((r) => r.searchBytes));

function coldCells(runs: readonly Cold[] | undefined, timeoutMs: number): [string, string] {
  if (!runs || runs.length === 0) return ['—', '—'];
  return [seconds(medianMs(runs), timeoutMs), bytes(medianBytes(runs))];
}

const LABELS: Record<PageName, string> = {
  explorer: 'explorer `/?q=`',
  ours: 'ours, bare page',
  pagefind: 'Pagefind 1.6, bare',
  minisearch: 'MiniSearch 7, bare',
};

/** The matrix as one Markdown table: a row per size and page. */
export function matrixTable(results: readonly SizeResult[], timeoutMs: number): string {
  const lines = [
    '| papers | page / engine | slow: first result | search bytes before it (gzip) | unthrottled: first result | warm p95 / keystroke | one-typo top-1 | intended paper first (cold) |',
    '| -----: | ------------- | -----------------: | ----------------------------: | ------------------------: | -------------------: | -------------: | --------------------------: |',
  ];
  for (const result of results) {
    for (const page of Object.keys(LABELS) as PageName[]) {
      const cold = result.cold[page];
      const warm = page === 'explorer' ? undefined : result.warm[page];
      if (!cold && !warm) continue;
      const [slow, slowBytes] = coldCells(cold?.slow, timeoutMs);
      const [fast] = coldCells(cold?.fast, timeoutMs);
      const all = [...(cold?.slow ?? []), ...(cold?.fast ?? [])];
      const hit = all.filter((c) => c.slug === result.slug).length;
      lines.push(
        `| ${result.papers.toLocaleString('en-US')} | ${LABELS[page]} | ${slow} | ${slowBytes} | ${fast} | ${warm ? `${warm.p95.toFixed(1)} ms` : '—'} | ${warm ? `${Math.round(warm.top1 * 100)} %` : '—'} | ${all.length ? `${hit}/${all.length}` : '—'} |`,
      );
    }
  }
  return lines.join('\n');
}

export function lighthouseTable(rows: readonly LighthouseRow[]): string {
  return [
    '| papers | Lighthouse 12.2.3, mobile | layout shift | total blocking time | LCP | performance |',
    '| -----: | ------------------------- | -----------: | ------------------: | --: | ----------: |',
    ...rows.map(
      ({ papers, page, result: r }) =>
        `| ${papers.toLocaleString('en-US')} | ${page} | ${r.cls.toFixed(3)} | ${r.tbtMs.toFixed(0)} ms | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.score * 100)} |`,
    ),
  ].join('\n');
}

/** Issue 35's targets, each with the size it applies to (undefined: every size). */
const LIMITS = {
  explorerSlowMs: { 20000: 4000 } as Record<number, number>,
  searchBytes: { 20000: 350 * 1024, 100000: 600 * 1024 } as Record<number, number>,
  warmP95Ms: { 20000: 10, 100000: 20 } as Record<number, number>,
  typoTop1: 0.97,
  lighthouse: { cls: 0.05, tbtMs: 150, score: 0.95 },
};

export interface Verdict {
  target: string;
  value: string;
  met: boolean;
}

/** Every target that applies to the results, met or missed. */
export function verdicts(
  results: readonly SizeResult[],
  lighthouseRows: readonly LighthouseRow[] = [],
): Verdict[] {
  const out: Verdict[] = [];
  const s = (ms: number) => (Number.isNaN(ms) ? 'timed out' : `${(ms / 1000).toFixed(2)} s`);
  for (const r of results) {
    const at = r.papers.toLocaleString('en-US');
    const explorer = r.cold.explorer?.slow ?? [];
    const pagefind = r.cold.pagefind?.slow ?? [];
    if (explorer.length && pagefind.length) {
      const [e, p] = [medianMs(explorer), medianMs(pagefind)];
      out.push({
        target: `${at}: explorer first result (slow) ≤ Pagefind's bare page`,
        value: `${s(e)} vs ${s(p)}`,
        met: !Number.isNaN(e) && (Number.isNaN(p) || e <= p),
      });
    }
    const limitMs = LIMITS.explorerSlowMs[r.size];
    if (limitMs !== undefined && explorer.length) {
      const e = medianMs(explorer);
      out.push({
        target: `${at}: explorer first result (slow) ≤ ${limitMs / 1000} s`,
        value: s(e),
        met: !Number.isNaN(e) && e <= limitMs,
      });
    }
    const limitBytes = LIMITS.searchBytes[r.size];
    if (limitBytes !== undefined && explorer.length) {
      const b = medianBytes(explorer);
      out.push({
        target: `${at}: search bytes before the first result ≤ ${bytes(limitBytes)}`,
        value: bytes(b),
        met: b <= limitBytes,
      });
    }
    const ours = r.warm.ours;
    const limitP95 = LIMITS.warmP95Ms[r.size];
    if (limitP95 !== undefined && ours) {
      out.push({
        target: `${at}: warm p95 per keystroke ≤ ${limitP95} ms`,
        value: `${ours.p95.toFixed(1)} ms`,
        met: ours.p95 <= limitP95,
      });
    }
    if (ours) {
      out.push({
        target: `${at}: one-typo known-item top-1 ≥ ${LIMITS.typoTop1 * 100} %`,
        value: `${Math.round(ours.top1 * 100)} %`,
        met: ours.top1 >= LIMITS.typoTop1,
      });
    }
  }
  for (const { papers, page, result } of lighthouseRows) {
    const { cls, tbtMs, score } = LIMITS.lighthouse;
    out.push({
      target: `${papers.toLocaleString('en-US')}: Lighthouse ${page}: layout shift < ${cls}, TBT < ${tbtMs} ms, performance ≥ ${score * 100}`,
      value: `${result.cls.toFixed(3)}, ${result.tbtMs.toFixed(0)} ms, ${Math.round(result.score * 100)}`,
      met: result.cls < cls && result.tbtMs < tbtMs && result.score >= score,
    });
  }
  return out;
}

/** `57,2000` → [57, 2000]; throws on anything but positive whole numbers. */
export function parseSizes(value: string): number[] {
  const sizes = value.split(',').map((part) => Number(part.trim()));
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`--sizes: expected positive whole numbers separated by commas, got ${value}`);
  }
  return sizes;
}
