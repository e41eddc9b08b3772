import { foldDiacritics } from '../text/fold';
/**
 * How text becomes search terms. The index builder, the query parser and the highlighter all go
 * through `tokenize`, so a word is split and folded the same way wherever it is looked up.
 */

/** One word of a text, with where it sits in the original string. */
export interface Token {
  /** The folded form that is indexed and looked up: lower case, no diacritics, no apostrophes. */
  term: string;
  /** Offset of the first character in the original text. */
  start: number;
  /** Offset just past the last character in the original text. */
  end: number;
  /**
   * True for the joined form of a hyphenated group (`multi-task` → `multitask`), emitted after its
   * parts so `multitask` finds `multi-task`; it is not counted as an extra word of the text.
   */
  compound: boolean;
}

const APOSTROPHES_RE = /['’]/g;

const ASCII_RE = /^[ -~]*$/;

/** Lower-cases and strips diacritics, so `Lévy` and `levy` are the same term. */
export function foldText(text: string): string {
  // Most words are printable ASCII: skip the (slow) Unicode normalisation for them.
  if (ASCII_RE.test(text)) return text.toLowerCase();
  return foldDiacritics(text);
}

/** Folds one word: also drops a possessive `'s` and any inner apostrophe (`model's` → `model`). */
export function foldWord(word: string): string {
  const folded = foldText(word);
  if (!folded.includes("'") && !folded.includes('’')) return folded;
  const possessive = /['’]s$/.exec(folded);
  const stem = possessive ? folded.slice(0, possessive.index) : folded;
  return stem.replace(APOSTROPHES_RE, '');
}

// A word is a run of letters, marks and digits, possibly with inner apostrophes (`don't`).
const WORD_CHAR_RE = /^[\p{L}\p{M}\p{N}]$/u;
// Hyphen-minus, hyphen, non-breaking hyphen and en dash join the parts of a compound.
const JOINERS = new Set(['-', '‐', '‑', '–']);
const APOSTROPHES = new Set(["'", '’']);

/** Length (1 or 2 UTF-16 units) of the word character at `i`, or 0 if there is none. */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
      ? 1
      : 0;
  }
  const point = text.codePointAt(i) ?? 0;
  return WORD_CHAR_RE.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

/** End of the word starting at `start`: word characters, with single inner apostrophes. */
function wordEnd(text: string, start: number): number {
  let i = start;
  for (;;) {
    for (let n = wordCharAt(text, i); n > 0; n = wordCharAt(text, i)) i += n;
    if (!APOSTROPHES.has(text[i] ?? '') || wordCharAt(text, i + 1) === 0) return i;
    i += 1;
  }
}

/** Receives one token of a text; see `Token` for the arguments. */
export type TokenVisitor = (term: string, start: number, end: number, compound: boolean) => void;

/**
 * Visits the tokens of a text in order. Hand-written scanning rather than a global regex: snippets
 * scan ten abstracts per query, and the match arrays of `exec` showed up as worker GC pauses.
 */
export function scanTokens(text: string, visit: TokenVisitor): void {
  let groupTerms = '';
  let groupParts = 0;
  let groupStart = 0;
  let groupEnd = -1;
  for (let i = 0; i < text.length;) {
    if (wordCharAt(text, i) === 0) {
      i += 1;
      continue;
    }
    const start = i;
    const end = wordEnd(text, start);
    i = end;
    const joined = groupParts > 0 && start === groupEnd + 1 && JOINERS.has(text[groupEnd] ?? '');
    if (!joined) {
      if (groupParts > 1) visit(groupTerms, groupStart, groupEnd, true);
      groupParts = 0;
      groupTerms = '';
    }
    const term = foldWord(text.slice(start, end));
    if (term === '') continue;
    visit(term, start, end, false);
    if (groupParts === 0) groupStart = start;
    groupTerms += term;
    groupParts += 1;
    groupEnd = end;
  }
  if (groupParts > 1) visit(groupTerms, groupStart, groupEnd, true);
}

/** Splits text into folded words, plus one joined term per hyphenated group. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  scanTokens(text, (term, start, end, compound) => tokens.push({ term, start, end, compound }));
  return tokens;
}

/** A search query split into the words a result must contain. */
export interface ParsedQuery {
  /** Folded query words, in order, without duplicates. */
  words: string[];
  /** True when the user is still typing the last word, so it also matches as a prefix. */
  lastWordIsPrefix: boolean;
}

/** The most words of a query that count; the rest are ignored so a pasted paragraph stays cheap. */
export const MAX_QUERY_WORDS = 8;

/** Splits a query the way texts are split; a query not ending in a space or punctuation is still being typed. */
export function parseQuery(query: string): ParsedQuery {
  const words: string[] = [];
  for (const token of tokenize(query)) {
    if (!token.compound && !words.includes(token.term)) words.push(token.term);
  }
  const trimmed = words.slice(0, MAX_QUERY_WORDS);
  const endsInWord = /[\p{L}\p{M}\p{N}]$/u.test(query);
  return { words: trimmed, lastWordIsPrefix: endsInWord && trimmed.length === words.length };
}
