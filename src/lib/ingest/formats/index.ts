/** Which reader a dump file goes to, by its extension. */
import { readAtom } from './atom';
import { readBibtex } from './bibtex';
import { readCsv } from './csv';
import { readJsonArray, readJsonLines } from './jsonl';
import { readRis } from './ris';
import type { StructuredReader } from './record';

export type { ImportedRecord, ReadStructuredDump, RecordCheck, StructuredReader } from './record';

const READERS: Record<string, StructuredReader> = {
  '.bib': readBibtex,
  '.jsonl': readJsonLines,
  '.json': readJsonArray,
  '.csv': readCsv,
  '.ris': readRis,
  // arXiv's API answers with an Atom feed, saved as `.xml` (most often) or `.atom` (docs/formats.md §10).
  '.xml': readAtom,
  '.atom': readAtom,
};

/** Every extension the dumps folder is read for: plain-text dumps and the structured ones. */
export const DUMP_EXTENSIONS = ['.txt', ...Object.keys(READERS)];

/** The reader for a structured dump's file name, or null for a plain-text dump. */
export function structuredReader(file: string): StructuredReader | null {
  const extension = /\.[^.]+$/.exec(file.toLowerCase())?.[0] ?? '';
  return READERS[extension] ?? null;
}
