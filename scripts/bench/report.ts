/** Turns the measurements into the Markdown table docs/search.md keeps. */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import type { EngineName, Payload } from './artifacts';
import type { RunResult, TypingResult } from './page';
import type { BenchQuery } from './queries';

export interface EngineMeasurement {
  corpus: string;
  papers: number;
  engine: EngineName;
  queries: BenchQuery[];
  run: RunResult;
  workerGzip: number;
  payload: Payload;
  typing?: TypingResult;
}

/** The q-quantile by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** Share of queries whose intended paper is among the first ten results. */
export function recallAt10(queries: readonly BenchQuery[], slugs: readonly string[][]): number {
  const found = queries.filter((q, i) => slugs[i]?.slice(0, 10).includes(q.target)).length;
  return queries.length ? found / queries.length : NaN;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : kb(bytes);
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

function row(m: EngineMeasurement): string {
  const typo = m.queries.map((q, i) => [q, i] as const).filter(([q]) => q.misspelled);
  const typoRecall = recallAt10(
    typo.map(([q]) => q),
    typo.map(([, i]) => m.run.slugs[i] ?? []),
  );
  const shards = m.payload.shardsGzip;
  const lazy = shards
    ? `${size(shards.total)} in ${shards.count} (${kb(shards.average)} each)`
    : '—';
  const longTasks = m.typing
    ? `${m.typing.longTasksMs.length} (max ${m.typing.longTasksMs.length ? ms(Math.max(...m.typing.longTasksMs)) : 0} ms) / ${m.typing.keystrokes} keys`
    : '—';
  return `| ${m.corpus} (${m.papers}) | ${m.engine} | ${m.queries.length} | ${ms(quantile(m.run.roundTripMs, 0.5))} | ${ms(quantile(m.run.roundTripMs, 0.95))} | ${ms(quantile(m.run.workerMs, 0.95))} | ${ms(quantile(m.run.completeMs, 0.95))} | ${pct(recallAt10(m.queries, m.run.slugs))} | ${pct(typoRecall)} | ${ms(m.run.loadMs)} | ${size(m.workerGzip + m.payload.indexGzip)} (${size(m.workerGzip)} code) | ${lazy} | ${longTasks} |`;
}

export function machineLine(date: Date): string {
  const model =
    /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  return `${date.toISOString().slice(0, 10)}, ${cpus().length} cores (nproc), ${model.trim()}, headless Chromium, Node ${process.version}`;
}

export function markdownTable(measurements: readonly EngineMeasurement[], date: Date): string {
  return [
    `Machine: ${machineLine(date)}.`,
    '',
    '| Corpus | Engine | Queries | p50 ms | p95 ms | p95 in worker ms | p95 with snippets ms | Recall@10 | Recall@10 typos | Load ms | Payload gz (code + index) | Lazy text gz | Long tasks while typing |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- | --- |',
    ...measurements.map(row),
  ].join('\n');
}
