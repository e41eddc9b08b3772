/**
 * The one tokeniser: where the words of a text are. Terms, stems and phrases (`terms.ts`) and the
 * search index, query parser and highlighter (`search/text.ts`) all read words from here, so a
 * word is the same thing whether it is keyed, tagged, indexed or highlighted.
 *
 * - A **part** is a run of letters, combining marks and digits, with single inner apostrophes
 *   (`don't`, `model's`) and decimal points between digits (`Qwen2.5`, `3.5`) kept inside.
 * - A **word** is one part or several joined by a hyphen or an en dash with no space around it
 *   (`multi-task`, `Qwen2.5-VL-7B`, `Neyman–Pearson`); spaced dashes never join.
 *
 * Only offsets are reported: what a word becomes (a folded search term, a stem) is each reader's
 * business. Hand-written scanning rather than a global regex: the search worker scans ten
 * abstracts per query for snippets, and the match arrays of `exec` showed up as GC pauses there.
 * Browser-safe: no dependencies.
 */

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const ANY_LETTER = /\p{L}/u;

// Hyphen-minus, hyphen, non-breaking hyphen and en dash join the parts of a word.
const JOINERS = new Set(['-', '\u2010', '\u2011', '\u2013']);
const APOSTROPHES = new Set(["'", '\u2019']);
const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;

/** Length (1 or 2 UTF-16 units) of the word character at `i`, or 0 if there is none. */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
      ? 1
      : 0;
  }
  if (Number.isNaN(code)) return 0;
  const point = text.codePointAt(i) ?? 0;
  return WORD_CHAR.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

function isDigitAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code >= 48 && code <= 57;
}

/** End of the part starting at `start`: word characters, inner apostrophes and decimal points. */
function partEnd(text: string, start: number): number {
  let i = start;
  for (;;) {
    for (let n = wordCharAt(text, i); n > 0; n = wordCharAt(text, i)) i += n;
    const next = text[i] ?? '';
    const inner =
      (APOSTROPHES.has(next) && wordCharAt(text, i + 1) > 0) ||
      (next === '.' && isDigitAt(text, i - 1) && isDigitAt(text, i + 1));
    if (!inner) return i;
    i += 1;
  }
}

/** Receives a part or a word: `[start, end)` offsets in the scanned text. */
export type SpanVisitor = (start: number, end: number) => void;

/**
 * Visits the words of a text in order: `part` for each part as it is found, then `word` once for
 * the word those parts make (`parts` of them), so a reader sees `multi`, `task`, then
 * `multi-task`.
 */
export function scanWords(
  text: string,
  part: SpanVisitor | null,
  word: ((start: number, end: number, parts: number) => void) | null,
): void {
  let wordStart = 0;
  let wordEnd = -1;
  let parts = 0;
  for (let i = 0; i < text.length;) {
    if (wordCharAt(text, i) === 0) {
      i += 1;
      continue;
    }
    const start = i;
    const end = partEnd(text, start);
    i = end;
    const joined = parts > 0 && start === wordEnd + 1 && JOINERS.has(text[wordEnd] ?? '');
    if (!joined) {
      if (parts > 0) word?.(wordStart, wordEnd, parts);
      parts = 0;
      wordStart = start;
    }
    part?.(start, end);
    parts += 1;
    wordEnd = end;
  }
  if (parts > 0) word?.(wordStart, wordEnd, parts);
}

/**
 * `/\p{L}/u.test(text)`: whether a text holds a letter, without the Unicode pattern for the usual
 * ASCII word (every token and word part of every abstract asks).
 */
export function hasLetter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) | 0x20; // ASCII upper case → lower case
    if (code >= 0x61 && code <= 0x7a) return true;
    if (text.charCodeAt(i) >= 0x80) return ANY_LETTER.test(text.slice(i));
  }
  return false;
}

/** The characters `\s` of a Unicode pattern matches: ASCII spaces, NBSP, the space separators, BOM. */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
