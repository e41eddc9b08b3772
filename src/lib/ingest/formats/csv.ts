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
  MAX_BAD_ROWS,
  newRows,
  stoppedReading,
  withoutStackTraces,
  type ReadStructuredDump,
} from './record';
import { formatCount } from '../../format';

interface ParsedRow {
  record: string[];
  info: { lines: number };
}

/** The records of one `.csv` file. */
export function readCsv(file: string, written: string): ReadStructuredDump {
  // Excel may open a file with `sep=;`, naming its separator: read, then blanked (the line stays,
  // so rows keep their line numbers; a blank line is skipped).
  const declared = /^(\uFEFF?)sep=([,;\t|])[ \t]*(?=\r\n|\r|\n|$)/.exec(written);
  const text = declared ? declared[1]! + written.slice(declared[0].length) : written;
  const opening = headerLine(text);
  const delimiter = declared?.[2] ?? delimiterOf(opening.text);
  const width = opening.text.split(delimiter).length;
  if (width > MAX_COLUMNS) {
    // Every row becomes an object of that many fields: 300,000 columns in a 3 MB file held 650 MB.
    const reason = `${formatCount(width)} columns in the header (at most ${formatCount(MAX_COLUMNS)}): not a table of papers`;
    return { records: [], problems: [{ file, line: opening.line, reason }], count: 1, venue: null };
  }
  let rows: ParsedRow[];
  let rowWidth: number | undefined;
  let ragged = 0;
  try {
    rows = withoutStackTraces(
      () =>
        parse(text, {
          bom: true,
          delimiter,
          info: true,
          skip_empty_lines: true,
          // A header-only or ragged file is reported by the checks below, never thrown mid-way.
          relax_column_count: true,
          // …up to a point: past MAX_BAD_ROWS ragged rows the file is not read on.
          on_record: (record, context) => {
            // With `info`, a record arrives as `{ record, info }` (csv-parse's types say fields).
            const fields = (record as unknown as ParsedRow).record;
            rowWidth ??= fields.length;
            if (fields.length !== rowWidth && ++ragged > MAX_BAD_ROWS) {
              throw new StopReading(context.lines);
            }
            return record;
          },
        }) as unknown as ParsedRow[],
    );
  } catch (error) {
    if (error instanceof StopReading) {
      const reason = stoppedReading('rows with another number of fields than the header');
      return { records: [], problems: [{ file, line: error.line, reason }], count: 1, venue: null };
    }
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return {
      records: [],
      problems: [{ file, line, reason: `not CSV: ${csvReason(error)}` }],
      count: 1,
      venue: null,
    };
  }
  const [header, ...body] = rows;
  if (!header)
    return {
      records: [],
      problems: [{ file, line: 1, reason: 'empty file' }],
      count: 1,
      venue: null,
    };
  const columns = header.record.map((name) => name.trim());
  if (!columns.some(isAbstractColumn)) {
    return {
      records: [],
      problems: [{ file, line: 1, reason: 'missing column "abstract"' }],
      count: 1,
      venue: null,
    };
  }
  if (body.length === 0) {
    return {
      records: [],
      problems: [{ file, line: 1, reason: 'no records' }],
      count: 1,
      venue: null,
    };
  }
  const read = newRows();
  const keys = new Map<string, number>();
  body.forEach((row, i) => {
    // info.lines is the line the row ends on; a quoted field may have spread it over several.
    const breaks = row.record.reduce((sum, field) => sum + lineBreaks(field), 0);
    const line = row.info.lines - breaks;
    if (row.record.length !== columns.length) {
      const reason = `${formatCount(row.record.length)} fields where the header names ${formatCount(columns.length)}`;
      read.problems.push({ file, line, reason });
      return;
    }
    const value = Object.fromEntries(columns.map((column, c) => [column, row.record[c] ?? '']));
    addRow(read, value, { file, line, index: i + 1 }, keys);
  });
  return finishRows(file, read, body.length);
}

/** Thrown inside csv-parse to stop it at a line. */
class StopReading extends Error {
  constructor(readonly line: number) {
    super(`stopped at line ${line}`);
  }
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
