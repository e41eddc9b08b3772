/**
 * Joins structured dumps (BibTeX, JSON, JSON Lines, CSV) to the plain-text ones: each record's
 * abstract is normalised exactly like a dump paragraph, so the same abstract in a `.txt` and a `.bib`
 * becomes one paper; and what the record gives (title, authors, links) wins over what is derived.
 */
import type { BasePaper, Source } from '../schema';
import { decodeDump, notAnAbstract, type Problem } from './dump';
import type { ImportedRecord, ReadStructuredDump } from './formats';
import { normalizeAbstract, normalizeWhitespace } from './normalize';
import { toPlainText } from './plaintext';

/** A record's normalised abstract, where it was found, and the record itself. */
export interface StructuredCopy {
  abstract: string;
  source: Source;
  given: ImportedRecord;
}

/** Used when neither the record nor its file names a venue. */
const UNNAMED_VENUE = 'Imported papers';

/** Decodes one structured dump, reads its records and checks each abstract like a paragraph's. */
export function readStructured(
  file: string,
  bytes: Uint8Array,
  reader: (file: string, text: string) => ReadStructuredDump,
): { copies: StructuredCopy[]; problems: Problem[]; count: number } {
  const decoded = decodeDump(file, bytes);
  if ('problem' in decoded) return { copies: [], problems: [decoded.problem], count: 0 };
  const read = reader(file, decoded.text.replace(/^\uFEFF/, ''));
  const problems = [...read.problems];
  const copies: StructuredCopy[] = [];
  for (const record of read.records) {
    const abstract = normalizeAbstract(record.abstract.split(/\r\n|\r|\n/));
    const reason = notAnAbstract(abstract);
    if (reason !== null) {
      problems.push({ file, line: record.line, reason });
      continue;
    }
    const header = normalizeWhitespace(record.venue ?? read.venue ?? UNNAMED_VENUE);
    const source: Source = { file, header, paragraph: record.index, line: record.line };
    if (record.key !== undefined) source.key = record.key;
    copies.push({ abstract, source, given: record });
  }
  return { copies, problems, count: read.count };
}

type Draft = Omit<BasePaper, 'slug' | 'titleSource' | 'authors' | 'year' | 'paperLinks'>;

/** A derived draft with the record's own title, authors, year and links put in; derived fills the rest. */
export function withGivenFields(
  draft: Draft,
  given: ImportedRecord | null,
): Omit<BasePaper, 'slug'> {
  const title = given?.title ? normalizeWhitespace(toPlainText(given.title)) : '';
  return {
    ...draft,
    title: title || draft.title,
    titleSource: title ? 'given' : 'derived',
    authors: given?.authors ?? [],
    year: given?.year ?? null,
    paperLinks: given?.links ?? {},
  };
}
