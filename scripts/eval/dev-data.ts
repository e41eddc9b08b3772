/**
 * The development data `npm run eval` and the fit scripts read: the project's own `data/dev/`
 * (real abstracts and titles from public proceedings, split once by venue into a fit half and a
 * locked half, `data/dev/split.json`) and, when present, the older ICML 2023 set in `../shared/dev/`.
 * The locked half is only ever scored: no script prints its items one by one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevItem {
  venue: string;
  year: number;
  title: string;
  abstract: string;
  /** Topic slugs assigned by reading, main topic first; empty when none were assigned. */
  topics: string[];
}

export interface DevSet {
  label: string;
  items: DevItem[];
  /** Scored only: never listed item by item, never fit on. */
  locked: boolean;
}

export interface Split {
  fit: string[];
  locked: string[];
}

function jsonl(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function item(row: Record<string, unknown>): DevItem {
  return {
    venue: String(row.venue ?? ''),
    year: Number(row.year ?? 0),
    title: String(row.title),
    abstract: String(row.abstract),
    topics: Array.isArray(row.topics) ? (row.topics as string[]) : [],
  };
}

/** The fit and locked halves of `data/dev/`, as `split.json` names their files. */
export function readDataDev(dir = 'data/dev'): { fit: DevSet; locked: DevSet } {
  const split = JSON.parse(readFileSync(join(dir, 'split.json'), 'utf8')) as Split;
  const read = (files: string[]) => files.flatMap((file) => jsonl(join(dir, file)).map(item));
  const describe = (files: string[]) => files.map((f) => f.replace(/\.jsonl$/, '')).join(', ');
  return {
    fit: { label: `fit half (${describe(split.fit)})`, items: read(split.fit), locked: false },
    locked: {
      label: `locked half (${describe(split.locked)})`,
      items: read(split.locked),
      locked: true,
    },
  };
}

/**
 * The blind set (`data/dev/blind/`, data/dev/README.md): venues of fields the halves lack, the
 * locked files of its own `split.json`, scored like the locked half; null when absent.
 */
export function readBlindSet(dir = 'data/dev/blind'): DevSet | null {
  if (!existsSync(join(dir, 'split.json'))) return null;
  const { locked } = readDataDev(dir);
  return { ...locked, label: locked.label.replace(/^locked half/, 'blind set') };
}

/** The ICML 2023 set of `../shared/dev/` (titles and topics in two files), or null when absent. */
export function readSharedDev(dir = '../shared/dev'): DevSet | null {
  const titlesFile = join(dir, 'real-titles.jsonl');
  if (!existsSync(titlesFile)) return null;
  const titles = jsonl(titlesFile);
  const topicsFile = join(dir, 'real-topics.jsonl');
  const topics = existsSync(topicsFile) ? jsonl(topicsFile) : [];
  return {
    label: 'ICML 2023 (../shared/dev)',
    items: titles.map((row, i) => item({ venue: 'ICML', year: 2023, ...row, ...topics[i] })),
    locked: false,
  };
}
