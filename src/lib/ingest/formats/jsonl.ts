/**
 * Reads JSON Lines (one object a line) and JSON (an array of objects) exports, such as OpenReview's.
 * Field names are matched case-insensitively; every object is checked with `ImportedRowSchema`.
 */
import { LineCounter, parseDocument, isMap, isSeq } from 'yaml';
import type { Problem } from '../dump';
import { readRow, type ImportedRecord, type ReadStructuredDump } from './record';

/** The records of one `.jsonl` file. */
export function readJsonLines(file: string, text: string): ReadStructuredDump {
  const records: ImportedRecord[] = [];
  const problems: Problem[] = [];
  const keys = new Map<string, number>();
  let count = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    count += 1;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      problems.push({ file, line, reason: `not JSON: ${(error as Error).message}` });
      return;
    }
    const read = readRow(value, { file, line, index: count }, keys);
    if ('problem' in read) problems.push(read.problem);
    else records.push(read.record);
  });
  return { records, problems, count, venue: null };
}

/** The records of one `.json` file holding an array of objects. */
export function readJsonArray(file: string, text: string): ReadStructuredDump {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineOf = (offset: number) => Math.max(lineCounter.linePos(offset).line, 1);
  const [syntaxError] = document.errors;
  if (syntaxError) {
    const reason = `not JSON: ${syntaxError.message.split('\n')[0]}`;
    return {
      records: [],
      problems: [{ file, line: lineOf(syntaxError.pos[0]), reason }],
      count: 1,
      venue: null,
    };
  }
  if (!isSeq(document.contents)) {
    const reason = 'a .json dump is an array of paper objects (use .jsonl for one object a line)';
    return { records: [], problems: [{ file, line: 1, reason }], count: 1, venue: null };
  }
  const records: ImportedRecord[] = [];
  const problems: Problem[] = [];
  const keys = new Map<string, number>();
  const values = document.toJS() as unknown[];
  document.contents.items.forEach((item, i) => {
    const line = lineOf(isMap(item) || isSeq(item) ? (item.range?.[0] ?? 0) : 0);
    const value = values[i];
    const read = readRow(value, { file, line, index: i + 1 }, keys);
    if ('problem' in read) problems.push(read.problem);
    else records.push(read.record);
  });
  return { records, problems, count: document.contents.items.length, venue: null };
}
