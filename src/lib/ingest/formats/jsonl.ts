/**
 * Reads JSON Lines (one object a line) and JSON exports, such as OpenReview's (API v1 notes with
 * `content.title`, API v2 with `content.title.value`): a `.json` file is an array of records or an
 * object holding one (`{ "notes": […] }`). JSON is read with `JSON.parse`, never a YAML parser (no
 * aliases, no YAML accepted as JSON): a `.json` file is first checked whole by a linear scan
 * (./json-scan.ts), then its records are parsed one at a time, each with the line it starts on.
 */
import type { Problem } from '../dump';
import { formatCount } from '../../format';
import { MAX_RECORD_CHARS } from '../limits';
import { eachElement, scanJson } from './json-scan';
import {
  addRow,
  leaveOut,
  finishRows,
  newRows,
  readsOn,
  unwrap,
  withoutStackTraces,
  type ReadStructuredDump,
  type RecordCheck,
} from './record';

/**
 * An OpenReview reply (a review, a decision, a comment: `replyto` set, its own id not the forum's):
 * part of an export of notes, but no paper, so it is passed over rather than reported.
 */
function isReply(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const note = value as Record<string, unknown>;
  return typeof note.replyto === 'string' && note.replyto !== '' && note.id !== note.forum;
}

/**
 * A reply that holds an abstract is still no paper, but unlike a review it reads like one: it is
 * named as left out, never passed over in silence (a red team's `{"replyto": "x", "abstract": …}`).
 */
function leftOutReply(value: unknown, place: { file: string; line: number }): Problem | null {
  const note = value as Record<string, unknown>;
  const content = (note.content ?? {}) as Record<string, unknown>;
  const text = unwrap(note.abstract ?? content.abstract);
  if (typeof text !== 'string' || text.trim() === '') return null;
  return {
    ...place,
    reason: `a reply to another note (replyto ${JSON.stringify(String(note.replyto).slice(0, 40))}), not a paper: left out`,
  };
}

/** The records of one `.jsonl` file. */
export function readJsonLines(file: string, text: string, check?: RecordCheck): ReadStructuredDump {
  const rows = newRows(check);
  const keys = new Map<string, number>();
  let count = 0;
  const lines = text.split(/\r\n|\r|\n/);
  withoutStackTraces(() =>
    lines.every((raw, i) => {
      if (raw.trim() === '') return true;
      count += 1;
      const line = i + 1;
      if (raw.length > MAX_RECORD_CHARS) {
        rows.problems.push({ file, line, reason: tooLong(raw.length) });
        return readsOn(rows.problems, { file, line });
      }
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        rows.problems.push({ file, line, reason: `not JSON: ${jsonReason(error)}` });
        return readsOn(rows.problems, { file, line });
      }
      if (isReply(value)) {
        // Counted only when named: `finishRows` counts what was found less what was left out.
        const named = leftOutReply(value, { file, line });
        if (named) leaveOut(rows.skipped, named);
        else count -= 1;
        return true;
      }
      return addRow(rows, value, { file, line, index: count }, keys);
    }),
  );
  if (count === 0) rows.problems.push({ file, line: 1, reason: 'no records' });
  return finishRows(file, rows, count);
}

/** The records of one `.json` file: an array of objects, or an object with one array of them. */
export function readJsonArray(
  file: string,
  written: string,
  check?: RecordCheck,
): ReadStructuredDump {
  // A CR is only whitespace in JSON (a string holds none unescaped): CR-only and CRLF files are
  // read with LF, so every line counted below is the line an editor shows.
  const text = written.includes('\r') ? written.replace(/\r\n?/g, '\n') : written;
  const fail = (line: number, reason: string): ReadStructuredDump => ({
    records: [],
    problems: [{ file, line, reason }],
    count: 1,
    venue: null,
  });
  // The whole text is checked before any record is read, as `JSON.parse` of it would be, but
  // without building it: the records are then parsed one at a time.
  const scanned = scanJson(text);
  if ('error' in scanned) {
    // JSON Lines named `.json` (arXiv's metadata snapshot on Kaggle is): read as what it is. Not
    // when nested too deep: its first line would be handed to `JSON.parse` whole.
    if (scanned.reason === undefined && isJsonLines(text)) return readJsonLines(file, text, check);
    const { line, reason } = jsonError(text, scanned);
    return fail(line, reason);
  }
  // One paper's object (a line of arXiv's snapshot taken out alone, one record saved by hand): read
  // as that record, even when it holds an array of its own (`"authors": [...]`).
  const single = singleRecord(text);
  if (single !== null) {
    const rows = newRows(check);
    addRow(rows, single, { file, line: 1, index: 1 }, new Map());
    return finishRows(file, rows, 1);
  }
  if (scanned.records === null) {
    return fail(
      1,
      'a .json dump is an array of paper objects, or an object holding one (e.g. {"notes": […]})',
    );
  }
  const rows = newRows(check);
  const keys = new Map<string, number>();
  let count = 0;
  eachElement(text, scanned.records, (element, line) => {
    if (element.length > MAX_RECORD_CHARS) {
      count += 1;
      rows.problems.push({ file, line, reason: tooLong(element.length) });
      return readsOn(rows.problems, { file, line });
    }
    const value: unknown = JSON.parse(element);
    if (isReply(value)) {
      const named = leftOutReply(value, { file, line });
      if (named) {
        count += 1;
        leaveOut(rows.skipped, named);
      }
      return true;
    }
    count += 1;
    return addRow(rows, value, { file, line, index: count }, keys);
  });
  if (count === 0) return fail(1, 'no records');
  return finishRows(file, rows, count);
}

/**
 * The document when it is one paper's object (it has an `abstract` field of its own), else null;
 * a document longer than any record is never one (and is not parsed whole here).
 */
function singleRecord(text: string): Record<string, unknown> | null {
  if (text.length > MAX_RECORD_CHARS || !text.trimStart().startsWith('{')) return null;
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const abstract = unwrap(fields.abstract);
  if (typeof abstract !== 'string' || abstract.trim() === '') return null;
  // A response that holds papers (`{"abstract": …, "data": [{…}, …]}`) is read for them.
  const holdsPapers = Object.values(fields).some(
    (field) =>
      Array.isArray(field) &&
      field.some(
        (item) =>
          typeof item === 'object' &&
          item !== null &&
          !Array.isArray(item) &&
          ('abstract' in item || 'content' in item),
      ),
  );
  return holdsPapers ? null : fields;
}

/** Whether a text that is no JSON document opens with a line that is a whole JSON object. */
function isJsonLines(text: string): boolean {
  const first = /^\s*(\{[^\n]*)\n/.exec(text)?.[1];
  if (first === undefined || first.length > MAX_RECORD_CHARS) return false;
  try {
    const value: unknown = JSON.parse(first);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Why a text is no JSON, in `JSON.parse`'s words, and the line to edit. `JSON.parse` reads the text
 * with the whole elements before the error blanked out (offsets kept), so it meets the same error at
 * the same offset without building a value for each of them (a truncated export of 13,000,000
 * records would). The line is the offset's, or for an "Unexpected token" (V8 gives no offset) the
 * scan's: a trailing comma's own line rather than the bracket's after it; the last line holding
 * anything when the text ends too early (an array never closed is missing its `]` there).
 */
function jsonError(
  text: string,
  scanned: { error: number; before: [number, number][]; reason?: string },
) {
  let reason = 'not JSON: unexpected character';
  // Nested too deep: no syntax error for `JSON.parse` to word, and too deep to hand it.
  if (scanned.reason !== undefined) {
    return { line: lineAt(text, scanned.error), reason: scanned.reason };
  }
  let offset = scanned.error;
  // What `JSON.parse` would build: too much to hand it, so the scan's offset says where.
  const kept = scanned.before.reduce((left, [from, to]) => left - (to - from), text.length);
  if (kept > MAX_RECORD_CHARS) {
    const end = offset >= text.length;
    reason = end
      ? 'not JSON: Unexpected end of JSON input'
      : `not JSON: Unexpected token ${JSON.stringify(text[offset])}`;
    if (end) for (offset = text.length - 1; offset > 0 && /[ \t\n]/.test(text[offset]!);) offset--;
    return { line: lineAt(text, offset), reason };
  }
  let blanked = '';
  let copied = 0;
  for (const [from, to] of scanned.before) {
    // Spaces only, one string: a replace that kept the line breaks built a part for each
    // character of a truncated 39 MB export (1.8 GB). Offsets are kept, and lines are counted in
    // `text`.
    blanked += text.slice(copied, from) + ' '.repeat(to - from);
    copied = to;
  }
  try {
    JSON.parse(blanked + text.slice(copied));
  } catch (error) {
    const message = String((error as Error).message ?? error);
    reason = `not JSON: ${jsonReason(error)}`;
    const position = / at position (\d+)/.exec(message);
    if (position) offset = Math.min(Number(position[1]), text.length);
  }
  let at = offset;
  if (text[offset] === ']' || text[offset] === '}') {
    let before = offset - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    if (text[before] === ',') at = before;
  }
  // Past the end: the last character that is not JSON's whitespace.
  if (at >= text.length) for (at = text.length - 1; at > 0 && /[ \t\n]/.test(text[at]!);) at--;
  return { line: lineAt(text, at), reason };
}

/** The problem of a record too long to parse. */
function tooLong(length: number): string {
  return `a record of ${formatCount(length)} characters: longer than any paper's (at most ${formatCount(MAX_RECORD_CHARS)})`;
}

/** The 1-based line of offset `at`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** `JSON.parse`'s message on one line, without the position it also gives as `file:line`. */
function jsonReason(error: unknown): string {
  return String((error as Error).message ?? error)
    .replace(/(?: in JSON)? at position \d+(?: \(line \d+ column \d+\))?/, '')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
}
