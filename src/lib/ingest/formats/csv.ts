/**
 * Reads a spreadsheet export with csv-parse: a header row naming the columns (the names conference
 * tools use, any case and spacing: `Paper Title`, `Abstract`, `Authors`; formats/record.ts), then
 * one paper a row; quoted fields may hold commas, quotes and line breaks. Columns of e-mail
 * addresses are never read, nor any column the site does not show (reviews, decisions).
 */
import { CsvError, parse } from 'csv-parse/sync';
import {
  addRow,
  finishRows,
  isAbstractColumn,
  newRows,
  readsOn,
  withoutStackTraces,
  type ReadStructuredDump,
  type RecordCheck,
} from './record';
import { MAX_BAD_ROWS, stoppedReading } from '../limits';
import { plural } from '../dump';
import { formatCount } from '../../format';

interface ParsedRow {
  record: string[];
  /** `lines`: the line the row ends on. */
  info: { lines: number };
}

/** The records of one `.csv` file. */
export function readCsv(file: string, written: string, check?: RecordCheck): ReadStructuredDump {
  // Excel may open a file with `sep=;`, naming its separator: read, then blanked (the line stays,
  // so rows keep their line numbers; a blank line is skipped).
  // Line ends read as LF: csv-parse counts a CRLF inside a quoted field as two lines, which put
  // every later row a line further off (a field's own CRLF becomes LF, whitespace to every reader).
  const unified = written.includes('\r') ? written.replace(/\r\n?/g, '\n') : written;
  const declared = /^(\uFEFF?)sep=([,;\t|])[ \t]*(?=\n|$)/.exec(unified);
  const text = declared ? declared[1]! + unified.slice(declared[0].length) : unified;
  const opening = headerLine(text);
  const delimiter = declared?.[2] ?? delimiterOf(opening.text);
  const width = opening.text.split(delimiter).length;
  const fail = (line: number, reason: string): ReadStructuredDump => ({
    records: [],
    problems: [{ file, line, reason }],
    count: 1,
    venue: null,
  });
  if (width > MAX_COLUMNS) {
    // Every row becomes an object of that many fields: 300,000 columns in a 3 MB file held 650 MB.
    return fail(
      opening.line,
      `${formatCount(width)} columns in the header (at most ${formatCount(MAX_COLUMNS)}): not a table of papers`,
    );
  }
  const crowded = crowdedRow(text, delimiter);
  if (crowded !== null) {
    return fail(
      crowded,
      `more than ${formatCount(MAX_SEPARATORS_PER_ROW)} fields in one row: not a row of papers`,
    );
  }
  let columns: string[] | null = null;
  let found = 0;
  let ragged = 0;
  const read = newRows(check);
  const keys = new Map<string, number>();
  /**
   * One row, read as csv-parse hands it over and then dropped, so that only the records are
   * held (1,000,000 rows whose abstract is "x", 22 MB, held 2.9 GB when all were parsed first).
   */
  const readRecord = ({ record: fields, info }: ParsedRow): void => {
    if (columns === null) {
      columns = fields.map((name) => name.trim());
      if (!columns.some(isAbstractColumn)) throw new StopReading(1, 'missing column "abstract"');
      return;
    }
    found += 1;
    // info.lines is the line the row ends on; a quoted field may have spread it over several.
    const line = info.lines - fields.reduce((sum, field) => sum + lineBreaks(field), 0);
    if (fields.length !== columns.length) {
      if (++ragged > MAX_BAD_ROWS) {
        const what = 'rows with another number of fields than the header';
        read.problems.push(stoppedReading(file, line, what));
        throw new StopReading(line);
      }
      const reason = `${plural(fields.length, 'field')} where the header names ${formatCount(columns.length)}`;
      read.problems.push({ file, line, reason });
      if (readsOn(read.problems, { file, line })) return;
      throw new StopReading(line);
    }
    const named = columns;
    const value = Object.fromEntries(named.map((column, c) => [column, fields[c] ?? '']));
    if (!addRow(read, value, { file, line, index: found }, keys)) throw new StopReading(line);
  };
  try {
    withoutStackTraces(() =>
      parse(text, {
        bom: true,
        delimiter,
        info: true,
        skip_empty_lines: true,
        // A ragged row is reported by readRecord, never thrown mid-way.
        relax_column_count: true,
        // With `info`, a record arrives as `{ record, info }` (csv-parse's types say fields); none
        // is returned, so none is kept.
        on_record: (record) => void readRecord(record as unknown as ParsedRow),
      }),
    );
  } catch (error) {
    if (error instanceof StopReading) {
      if (error.reason !== undefined) return fail(error.line, error.reason);
    } else {
      if (!(error instanceof CsvError)) throw error;
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      return fail(line, `not CSV: ${csvReason(error)}`);
    }
  }
  if (columns === null) return fail(1, 'empty file');
  if (found === 0) return fail(1, 'no records');
  return finishRows(file, read, found);
}

/** Thrown inside csv-parse to stop it at a line: the rows read are kept, unless `reason` fails the file. */
class StopReading extends Error {
  constructor(
    readonly line: number,
    readonly reason?: string,
  ) {
    super(`stopped at line ${line}`);
  }
}

/**
 * Separators one row may hold outside quotes: far past any row of papers (at most 1,000 columns).
 * csv-parse builds a row's fields before it hands the row over: one line of 39,000,000 commas
 * (39 MB) held 2.6 GB, and so did the same commas with a quoted line break every 99,999 (two red
 * teams').
 */
const MAX_SEPARATORS_PER_ROW = 100_000;

/**
 * The line where a row starts that holds more than {@link MAX_SEPARATORS_PER_ROW} separators
 * outside quotes, or null. A quote opens or closes quoting (`""` inside a quoted field does both),
 * as csv-parse reads a well-formed file; a row is ended by a line break outside quotes.
 */
function crowdedRow(text: string, delimiter: string): number | null {
  const separator = delimiter.charCodeAt(0);
  let line = 1;
  let rowLine = 1;
  let count = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10) {
      line++;
      if (!quoted) {
        rowLine = line;
        count = 0;
      }
    } else if (c === separator && !quoted && ++count > MAX_SEPARATORS_PER_ROW) return rowLine;
  }
  return null;
}

/** Columns a header may name: Web of Science's full export has about 70, Scopus's about 50. */
const MAX_COLUMNS = 1_000;

/**
 * The first line of a text that is not blank, as csv-parse skips blank lines (`sep=;` leaves one);
 * a header row's quoted line breaks are rare enough to ignore here.
 */
function headerLine(text: string): { text: string; line: number } {
  const blank = /^\uFEFF?[\r\n \t]*/.exec(text)![0];
  const rest = text.slice(blank.length);
  const end = rest.search(/[\r\n]/);
  return { text: end === -1 ? rest : rest.slice(0, end), line: lineBreaks(blank) + 1 };
}

/** The separators spreadsheets write: `,`; `;` where the decimal mark is a comma (Excel in much of Europe); tab. */
const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The file's separator, read off its header row: of {@link DELIMITERS}, the one that splits it into
 * the most columns, one of which is an abstract (`Paper ID;Title;Abstract;Authors (Last, First)`
 * is four columns at `;`, two at `,`); `,` when none does (the missing column is reported).
 */
function delimiterOf(header: string): string {
  let best: { delimiter: string; columns: number } = { delimiter: ',', columns: 1 };
  for (const delimiter of DELIMITERS) {
    const columns = header.split(delimiter);
    if (columns.length > best.columns && columns.some(isAbstractColumn)) {
      best = { delimiter, columns: columns.length };
    }
  }
  return best.delimiter;
}

function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** csv-parse's message without its own line number (the problem already carries it). */
function csvReason(error: CsvError): string {
  return error.message.replace(/^Invalid Record Length: /, '').replace(/ at line \d+/, '');
}
