/**
 * Reads a spreadsheet export with csv-parse: a header row naming the columns (the JSON field names,
 * any case), then one paper a row; quoted fields may hold commas, quotes and line breaks.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { Problem } from '../dump';
import { readRow, type ImportedRecord, type ReadStructuredDump } from './record';

interface ParsedRow {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** The records of one `.csv` file. */
export function readCsv(file: string, text: string): ReadStructuredDump {
  let rows: ParsedRow[];
  try {
    rows = parse(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRow[];
  } catch (error) {
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
  const columns = header.record.map((name) => name.trim().toLowerCase());
  if (!columns.includes('abstract')) {
    return {
      records: [],
      problems: [{ file, line: 1, reason: 'missing column "abstract"' }],
      count: 1,
      venue: null,
    };
  }
  const records: ImportedRecord[] = [];
  const problems: Problem[] = [];
  const keys = new Map<string, number>();
  body.forEach((row, i) => {
    // info.lines is the line the row ends on; a quoted field may have spread it over several.
    const line = row.info.lines - (row.raw.replace(/\r?\n$/, '').match(/\r\n|\r|\n/g)?.length ?? 0);
    const value = Object.fromEntries(columns.map((column, c) => [column, row.record[c] ?? '']));
    const read = readRow(value, { file, line, index: i + 1 }, keys);
    if ('problem' in read) problems.push(read.problem);
    else records.push(read.record);
  });
  return { records, problems, count: body.length, venue: null };
}

/** csv-parse's message without its own line number (the problem already carries it). */
function csvReason(error: CsvError): string {
  return error.message.replace(/^Invalid Record Length: /, '').replace(/ at line \d+/, '');
}
