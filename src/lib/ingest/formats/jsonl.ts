/**
 * Reads JSON Lines (one object a line) and JSON exports, such as OpenReview's (API v1 notes with
 * `content.title`, API v2 with `content.title.value`): a `.json` file is an array of records or an
 * object holding one (`{ "notes": […] }`). JSON is read with `JSON.parse`, never a YAML parser (no
 * aliases, no YAML accepted as JSON); a linear scan finds where each record starts, for `file:line`.
 */
import { visit } from 'jsonc-parser';
import type { Problem } from '../dump';
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
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // JSON Lines named `.json` (arXiv's metadata snapshot on Kaggle is): read as what it is.
    if (isJsonLines(text)) return readJsonLines(file, text, check);
    return fail(lineOfJsonError(text, error), `not JSON: ${jsonReason(error)}`);
  }
  const list = recordList(document);
  if (list === null) {
    return fail(
      1,
      'a .json dump is an array of paper objects, or an object holding one (e.g. {"notes": […]})',
    );
  }
  const starts = itemLines(text, list.key);
  const rows = newRows(check);
  const keys = new Map<string, number>();
  let count = 0;
  list.items.every((value, i) => {
    if (isReply(value)) {
      const named = leftOutReply(value, { file, line: starts[i] ?? 1 });
      if (named) {
        count += 1;
        leaveOut(rows.skipped, named);
      }
      return true;
    }
    count += 1;
    return addRow(rows, value, { file, line: starts[i] ?? 1, index: count }, keys);
  });
  if (count === 0) return fail(1, 'no records');
  return finishRows(file, rows, count);
}

/** Whether a text that is no JSON document opens with a line that is a whole JSON object. */
function isJsonLines(text: string): boolean {
  const first = /^\s*(\{[^\n]*)\n/.exec(text)?.[1];
  if (first === undefined) return false;
  try {
    const value: unknown = JSON.parse(first);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The array of records in a parsed `.json` file, and the key it is under (null for a bare array). */
function recordList(document: unknown): { items: unknown[]; key: string | null } | null {
  if (Array.isArray(document)) return { items: document, key: null };
  if (typeof document !== 'object' || document === null) return null;
  const arrays = Object.entries(document).filter(([, value]) => Array.isArray(value));
  if (arrays.length !== 1) return null;
  const [key, items] = arrays[0]! as [string, unknown[]];
  return { items, key };
}

/**
 * The line each element of the records array starts on: one pass over the text, tracking strings
 * and depth. The array is the top-level value, or the value of top-level key `key`.
 */
function itemLines(text: string, key: string | null): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  /** Depth of the records array's elements, once the array is found. */
  let itemDepth = key === null ? 1 : -1;
  let expectItem = false;
  let lastKey: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      continue;
    }
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '\n') line++;
      }
      if (depth === itemDepth && expectItem) {
        lines.push(line);
        expectItem = false;
      }
      if (depth === 1 && key !== null) lastKey = text.slice(start + 1, i);
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === ':') continue;
    if (c === '[' || c === '{') {
      if (depth === itemDepth && expectItem) {
        lines.push(line);
        expectItem = false;
      }
      depth++;
      if (c === '[' && key !== null && itemDepth === -1 && depth === 2 && lastKey === key) {
        itemDepth = 2;
        expectItem = true;
      } else if (c === '[' && key === null && depth === 1) expectItem = true;
      continue;
    }
    if (c === ']' || c === '}') {
      if (depth === itemDepth && c === ']') itemDepth = -2;
      depth--;
      continue;
    }
    if (c === ',') {
      if (depth === itemDepth) expectItem = true;
      continue;
    }
    if (depth === itemDepth && expectItem) {
      lines.push(line);
      expectItem = false;
    }
  }
  return lines;
}

/** `JSON.parse`'s message on one line, without the position it also gives as `file:line`. */
function jsonReason(error: unknown): string {
  return String((error as Error).message ?? error)
    .replace(/(?: in JSON)? at position \d+(?: \(line \d+ column \d+\))?/, '')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
}

/**
 * The line of a `JSON.parse` error: at the offset its message names or, where it names none
 * (V8's "Unexpected token" errors), where jsonc-parser, reading the text as strict JSON, finds the
 * first error; a trailing comma's own line rather than the bracket's after it. Line 1 if neither
 * can say.
 */
function lineOfJsonError(text: string, error: unknown): number {
  const position = / at position (\d+)/.exec(String((error as Error).message ?? ''));
  const offset = position ? Math.min(Number(position[1]), text.length) : firstStrictError(text);
  if (offset === null) return 1;
  let at = offset;
  if (text[offset] === ']' || text[offset] === '}') {
    let before = offset - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    if (text[before] === ',') at = before;
  }
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Where jsonc-parser, reading the text as strict JSON, finds its first error, or null. */
function firstStrictError(text: string): number | null {
  const offsets: number[] = [];
  try {
    visit(
      text,
      { onError: (_code, offset) => void (offsets.length === 0 && offsets.push(offset)) },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch {
    // jsonc-parser descends by recursion: a document nested past the stack has no offset here.
  }
  return offsets[0] ?? null;
}
