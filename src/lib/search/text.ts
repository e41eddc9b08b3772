import { foldDiacritics } from '../text/fold';
import { scanWords } from '../text/tokens';
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

/** Receives one token of a text; see `Token` for the arguments. */
export type TokenVisitor = (term: string, start: number, end: number, compound: boolean) => void;

/**
 * Visits the tokens of a text in order: each word part of the text core's tokeniser
 * (`text/tokens.ts`) folded, then a hyphenated word's parts joined (`multi-task` → `multitask`).
 */
export function scanTokens(text: string, visit: TokenVisitor): void {
  let groupTerms = '';
  let groupParts = 0;
  let groupStart = 0;
  let groupEnd = 0;
  scanWords(
    text,
    (start, end) => {
      const term = foldWord(text.slice(start, end));
      if (term === '') return;
      visit(term, start, end, false);
      if (groupParts === 0) groupStart = start;
      groupTerms += term;
      groupParts += 1;
      groupEnd = end;
    },
    () => {
      if (groupParts > 1) visit(groupTerms, groupStart, groupEnd, true);
      groupTerms = '';
      groupParts = 0;
    },
  );
}

/** Splits text into folded words, plus one joined term per hyphenated group. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  scanTokens(text, (term, start, end, compound) => tokens.push({ term, start, end, compound }));
  return tokens;
}

/** A search query split into what a result must contain and must not contain. */
export interface ParsedQuery {
  /** Folded words a result should contain, in order, without duplicates (at most MAX_QUERY_WORDS). */
  words: string[];
  /** Per word: where it first appears in the typed query (`[start, end)`), to show corrections. */
  spans: [number, number][];
  /** Per word: true when it was typed only inside quotes, so it is matched as typed (no stem, typo or prefix). */
  quoted: boolean[];
  /**
   * Quoted groups of two or more words (`"time series"`): their words must appear in this order.
   * Distinct phrases only (compared as folded words), at most MAX_QUERY_PHRASES of them, each cut
   * to its first MAX_PHRASE_WORDS words.
   */
  phrases: string[][];
  /** Words written with a leading minus (`-benchmark`): a result must contain none of them. */
  excluded: string[];
  /** True when the user is still typing the last word, so it also matches as a prefix. */
  lastWordIsPrefix: boolean;
}

/** The most words of a query that count; the rest are ignored so a pasted paragraph stays cheap. */
export const MAX_QUERY_WORDS = 8;
/**
 * The most quoted phrases of a query that count, and the most words of one phrase that must be in a
 * row: each phrase is checked against the text of every candidate paper, so a shared link holding
 * hundreds of phrases must not hold the search worker for a minute. Later phrases are ignored (their
 * words still count as words, up to MAX_QUERY_WORDS), as are a phrase's words past the limit.
 */
export const MAX_QUERY_PHRASES = 4;
export const MAX_PHRASE_WORDS = 8;

const QUOTES = '"“”„';
// A quoted group (possibly unclosed while being typed), with an optional minus before it, or a run
// of other non-space characters.
const QUERY_PART_RE = new RegExp(
  `(-?)[${QUOTES}]([^${QUOTES}]*)[${QUOTES}]?|[^\\s${QUOTES}]+`,
  'gu',
);
const MINUS = new Set(['-', '−']);

/**
 * Splits a query the way texts are split, with search syntax on top: `"time series"` is a phrase,
 * `-benchmark` excludes a word. A query not ending in a letter or digit is finished: its last word
 * is not completed as a prefix.
 */
export function parseQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = {
    words: [],
    spans: [],
    quoted: [],
    phrases: [],
    excluded: [],
    lastWordIsPrefix: false,
  };
  let overflow = false;
  let lastIsPlainWord = false;
  const addWord = (term: string, start: number, end: number, quoted: boolean) => {
    const at = parsed.words.indexOf(term);
    if (at >= 0) {
      parsed.quoted[at] = parsed.quoted[at]! && quoted;
      return;
    }
    if (parsed.words.length >= MAX_QUERY_WORDS) {
      overflow = true;
      return;
    }
    parsed.words.push(term);
    parsed.spans.push([start, end]);
    parsed.quoted.push(quoted);
  };
  const phraseKeys = new Set<string>();
  const addPhrase = (terms: readonly string[]) => {
    const phrase = terms.slice(0, MAX_PHRASE_WORDS);
    // Terms are folded, so `"Time Series"` and `"time séries"` are one phrase, as they are one
    // pair of words to the engine.
    const key = phrase.join(' ');
    if (phraseKeys.has(key) || parsed.phrases.length >= MAX_QUERY_PHRASES) return;
    phraseKeys.add(key);
    parsed.phrases.push(phrase);
  };
  const termsOf = (text: string, offset: number) =>
    tokenize(text)
      .filter((t) => !t.compound)
      .map((t) => ({ term: t.term, start: t.start + offset, end: t.end + offset }));
  for (const match of query.matchAll(QUERY_PART_RE)) {
    const at = match.index ?? 0;
    lastIsPlainWord = false;
    if (match[2] !== undefined) {
      const inner = termsOf(match[2], at + match[1]!.length + 1);
      if (match[1]) {
        // `-"a b"` excludes each word only when it is a single word; a phrase needs positions.
        const term = inner.length === 1 ? inner[0]!.term : undefined;
        if (term !== undefined && !parsed.excluded.includes(term)) parsed.excluded.push(term);
        continue;
      }
      for (const t of inner) addWord(t.term, t.start, t.end, true);
      if (inner.length > 1) addPhrase(inner.map((t) => t.term));
      continue;
    }
    const chunk = match[0];
    if (MINUS.has(chunk[0] ?? '') && chunk.length > 1) {
      for (const t of termsOf(chunk.slice(1), at + 1)) {
        if (!parsed.excluded.includes(t.term)) parsed.excluded.push(t.term);
      }
      continue;
    }
    const terms = termsOf(chunk, at);
    for (const t of terms) addWord(t.term, t.start, t.end, false);
    lastIsPlainWord = terms.length > 0;
  }
  const endsInWord = /[\p{L}\p{M}\p{N}]$/u.test(query);
  parsed.lastWordIsPrefix = endsInWord && lastIsPlainWord && !overflow && parsed.words.length > 0;
  return parsed;
}
