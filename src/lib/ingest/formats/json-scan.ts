/**
 * One linear pass over a `.json` text that checks it is strict JSON (as `JSON.parse` reads it) and
 * finds its records array, building no value; then a second that hands the array's elements over
 * one at a time, each with its line. `JSON.parse` of the whole text built every element before the
 * first was checked: 13,000,000 empty objects (39 MB) held 1.8 GB. Neither pass recurses: the
 * first keeps a byte a level, up to {@link MAX_JSON_DEPTH} levels.
 */
import { formatCount } from '../../format';

/**
 * Deepest nesting read. Exports nest a few levels, and a red team's field nested 20,000 deep is
 * still read (and ignored); past this a text is refused at the line where it goes deeper, before
 * `JSON.parse` sees it: 39 MB of `[` held 2.8 GB there, about 70 bytes a level.
 */
export const MAX_JSON_DEPTH = 100_000;

/** The most array-valued keys a wrapper object may have before it is no wrapper of one array. */
const MAX_ARRAY_KEYS = 100;

/** What {@link scanJson} found: the records array's `[`, or where the text stops being JSON. */
export type JsonScan =
  | {
      /** Offset of the records array's `[` (the text's own, or a wrapper's one array), or null. */
      records: number | null;
    }
  | {
      /** Offset where the text stops being JSON (its length when it ends too early). */
      error: number;
      /**
       * Ranges `[from, to)` of whole elements (of the outermost container and of the array in
       * it) before the one before the error: blanked out, `JSON.parse` meets the same error at
       * the same offset without building them, and words it as it would for the whole text.
       */
      before: [number, number][];
      /** Why, for what is no syntax error: nested past {@link MAX_JSON_DEPTH}. */
      reason?: string;
    };

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isSpace = (c: number) => c === SPACE || c === LF || c === CR || c === TAB;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** The characters a value may start with. */
const VALUE_START = '{["-0123456789tfn';
/** What may follow a `\` in a string, besides `u` and four hex digits. */
const ESCAPES = '"\\/bfnrt';

/** Offset just past the string whose `"` is at `at`, or `-(offset + 1)` of the first bad character. */
function skipString(text: string, at: number): number {
  const n = text.length;
  for (let i = at + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -(i + 1);
    if (c !== BACKSLASH) continue;
    i++;
    if (text.charCodeAt(i) === 0x75) {
      // \uXXXX
      for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) return -(i + k + 1);
      i += 4;
    } else if (i >= n || !ESCAPES.includes(text[i]!)) return -(i + 1);
  }
  return -(n + 1);
}

/** Offset just past the number at `at` (JSON's grammar), or `-(offset + 1)` where it goes wrong. */
function skipNumber(text: string, at: number): number {
  let i = at;
  if (text.charCodeAt(i) === MINUS) i++;
  if (text.charCodeAt(i) === ZERO) i++;
  else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
  else return -(i + 1);
  if (text.charCodeAt(i) === DOT) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return -(i + 1);
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === MINUS) i++;
    if (!isDigit(text.charCodeAt(i))) return -(i + 1);
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return i;
}

/** Offset just past the literal (`true`, `false`, `null`) at `at`, or `-(offset + 1)`. */
function skipLiteral(text: string, at: number): number {
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, at)) return at + word.length;
  }
  // Where `JSON.parse` stops: at the first character no literal has there.
  let i = at;
  while (i < text.length && 'truefalsn'.includes(text[i]!)) i++;
  return -(i + 1);
}

/**
 * Checks a whole text as strict JSON in one pass, and finds its records array: the text's own
 * array, or the one array-valued member of a top-level object (`{"notes": […]}`).
 */
export function scanJson(text: string): JsonScan {
  const n = text.length;
  /** Kind of each open container, by depth: 1 array, 0 object. */
  const kinds = new Uint8Array(MAX_JSON_DEPTH);
  let depth = 0;
  /**
   * Offsets of the outermost container's `[`/`{` and of the start of its child before the current
   * one (-1 while there is none): what is between them is blanked out for `JSON.parse`'s message,
   * which words an error in a container's first member otherwise than in a later one.
   */
  let open1 = -1;
  let child1 = -1;
  let previous1 = -1;
  /** The same for an array at depth 2 (a wrapper's records). */
  let open2 = -1;
  let child2 = -1;
  let previous2 = -1;
  /** Offset past the outermost container's close, once closed. */
  let close1 = -1;
  /** The outermost object's array-valued members (last value wins, as in `JSON.parse`). */
  const arrayKeys = new Map<string, number>();
  let tooManyArrays = false;
  let keyStart = -1;
  let keyEnd = -1;
  /** What is expected next: a value, a key, a `:`, a `,` or close. */
  let expect: 'value' | 'key' | 'colon' | 'next' = 'value';
  /** A close is allowed here (right after `[` or `{`). */
  let mayClose = false;

  const fail = (at: number): JsonScan => {
    const before: [number, number][] = [];
    if (depth === 0 && close1 !== -1) before.push([open1 + 1, close1 - 1]);
    else if (open1 !== -1 && previous1 !== -1) {
      before.push([open1 + 1, previous1]);
      if (depth >= 2 && open2 !== -1 && previous2 !== -1) before.push([open2 + 1, previous2]);
    }
    return { error: at, before };
  };

  let i = 0;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (depth === 0 && expect === 'next') return fail(i);
    if (mayClose && (c === CLOSE_ARRAY || c === CLOSE_OBJECT)) {
      // Only `]` closes an empty array, `}` an empty object.
      if ((c === CLOSE_ARRAY) !== (kinds[depth - 1] === 1)) return fail(i);
      expect = 'next';
    }
    mayClose = false;
    if (expect === 'next') {
      const inArray = kinds[depth - 1] === 1;
      if (c === COMMA) {
        expect = inArray ? 'value' : 'key';
        i++;
        continue;
      }
      if (c !== (inArray ? CLOSE_ARRAY : CLOSE_OBJECT)) return fail(i);
      depth--;
      i++;
      if (depth === 0) close1 = i;
      if (depth === 1) open2 = child2 = previous2 = -1;
      continue;
    }
    if (expect === 'key') {
      if (c !== QUOTE) return fail(i);
      if (depth === 1) [previous1, child1] = [child1, i];
      const end = skipString(text, i);
      if (end < 0) return fail(-end - 1);
      keyStart = i;
      keyEnd = end;
      i = end;
      expect = 'colon';
      continue;
    }
    if (expect === 'colon') {
      if (c !== COLON) return fail(i);
      i++;
      expect = 'value';
      continue;
    }
    // A value: an element of an array or an object's member, or the text itself.
    if (!VALUE_START.includes(text[i]!)) return fail(i);
    const parentIsArray = depth > 0 && kinds[depth - 1] === 1;
    if (parentIsArray && depth === 1) [previous1, child1] = [child1, i];
    if (parentIsArray && depth === 2 && open2 !== -1) [previous2, child2] = [child2, i];
    if (depth === 1 && kinds[0] === 0) {
      // A member of the outermost object: is it the records array?
      const isArray = c === OPEN_ARRAY;
      if (isArray || arrayKeys.size > 0) {
        const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
        arrayKeys.delete(key);
        if (isArray) arrayKeys.set(key, i);
        if (arrayKeys.size > MAX_ARRAY_KEYS) tooManyArrays = true;
      }
    }
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (depth === MAX_JSON_DEPTH) {
        const reason = `arrays and objects nested more than ${formatCount(MAX_JSON_DEPTH)} deep`;
        return { error: i, before: [], reason };
      }
      kinds[depth] = c === OPEN_ARRAY ? 1 : 0;
      depth++;
      if (depth === 1) open1 = i;
      if (depth === 2 && c === OPEN_ARRAY && kinds[0] === 0) open2 = i;
      i++;
      expect = c === OPEN_ARRAY ? 'value' : 'key';
      mayClose = true;
      continue;
    }
    const end =
      c === QUOTE
        ? skipString(text, i)
        : c === MINUS || isDigit(c)
          ? skipNumber(text, i)
          : skipLiteral(text, i);
    if (end < 0) return fail(-end - 1);
    i = end;
    expect = 'next';
  }
  if (depth > 0 || expect !== 'next') return fail(n);
  if (close1 === -1) return { records: null };
  if (kinds[0] === 1) return { records: open1 };
  if (tooManyArrays || arrayKeys.size !== 1) return { records: null };
  return { records: [...arrayKeys.values()][0]! };
}

/**
 * Hands each element of the array whose `[` is at `open` (in a text {@link scanJson} found to be
 * JSON) to `read`, as its text and the line it starts on, until `read` returns false.
 */
export function eachElement(
  text: string,
  open: number,
  read: (element: string, line: number) => boolean,
): void {
  let line = 1;
  for (let i = 0; i < open; i++) if (text.charCodeAt(i) === LF) line++;
  let i = open + 1;
  for (;;) {
    for (let c = text.charCodeAt(i); isSpace(c) || c === COMMA; c = text.charCodeAt(++i)) {
      if (c === LF) line++;
    }
    if (text.charCodeAt(i) === CLOSE_ARRAY || i >= text.length) return;
    const start = i;
    const startLine = line;
    let depth = 0;
    // To the element's end: its string, its brackets closed, or the scalar's last character.
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = skipString(text, i);
      else {
        if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
        else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
        else if (depth === 0 && (c === COMMA || isSpace(c))) break;
        else if (c === LF) line++;
        i++;
      }
      if (depth === 0 && (c === QUOTE || c === CLOSE_ARRAY || c === CLOSE_OBJECT)) break;
      if (depth < 0) {
        // The array's own `]` after a scalar.
        i--;
        break;
      }
    }
    if (!read(text.slice(start, i), startLine)) return;
  }
}
