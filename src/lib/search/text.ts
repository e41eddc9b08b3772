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

// Letters that NFKD does not decompose into a base letter plus a mark.
const UNDECOMPOSABLE: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const UNDECOMPOSABLE_RE = /[ßæœøłđðþı]/g;
const MARKS_RE = /\p{M}+/gu;
const APOSTROPHES_RE = /['’]/g;

const ASCII_RE = /^[ -~]*$/;

/** Lower-cases and strips diacritics, so `Lévy` and `levy` are the same term. */
export function foldText(text: string): string {
  // Most words are printable ASCII: skip the (slow) Unicode normalisation for them.
  if (ASCII_RE.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(UNDECOMPOSABLE_RE, (ch) => UNDECOMPOSABLE[ch] ?? ch);
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
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
// Hyphen-minus, hyphen, non-breaking hyphen and en dash join the parts of a compound.
const JOINERS = new Set(['-', '‐', '‑', '–']);

/** Splits text into folded words, plus one joined term per hyphenated group. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let group: Token[] = [];
  const closeGroup = () => {
    const first = group[0];
    const last = group[group.length - 1];
    if (group.length > 1 && first && last) {
      const term = group.map((p) => p.term).join('');
      tokens.push({ term, start: first.start, end: last.end, compound: true });
    }
    group = [];
  };
  for (const word of text.matchAll(WORD_RE)) {
    const start = word.index;
    const previous = group[group.length - 1];
    const joined = previous && start === previous.end + 1 && JOINERS.has(text[previous.end] ?? '');
    if (!joined) closeGroup();
    const term = foldWord(word[0]);
    if (term === '') continue;
    const token = { term, start, end: start + word[0].length, compound: false };
    tokens.push(token);
    group.push(token);
  }
  closeGroup();
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
