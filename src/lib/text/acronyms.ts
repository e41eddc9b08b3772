/**
 * Acronyms an abstract defines, "Vision-and-Language Navigation (VLN)" or "ETAP (Ensemble Task
 * Affinity Predictor)", found with the Schwartz & Hearst (2003) algorithm. Hand-written: no
 * maintained npm package implements it, and it is forty lines.
 */
import type { Acronym } from '../schema';
import { POSSESSIVE_ENDING, stripAcronymPlural, STOP_WORDS } from './terms';

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const HAS_CAPITAL = /\p{Lu}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CAPITAL_ONLY_FIRST = /^\p{Lu}[\p{Ll}\p{N}-]*$/u;
const CAPITAL_AFTER_HYPHEN = /-\p{Lu}/u;
const TITLE_CASE_START = /^\p{Lu}\p{Ll}/u;

const PARENTHESISED = /\(([^()]{1,120})\)/g;
/** A short form is one token of letters, digits and hyphens with at least one capital. */
const SHORT_FORM = /^\p{L}[\p{L}\p{N}-]{0,11}$/u;
/** Text that cannot belong to a long form: a long form never spans a clause boundary. */
const CLAUSE_BREAK = /[.;:,!?()[\]{}"\u201c\u201d\u2014\u2013]|--/g;
const HAS_CLAUSE_BREAK = new RegExp(CLAUSE_BREAK.source);

/** Every acronym defined in the text, once each, in order of first definition. */
export function findAcronyms(text: string): Acronym[] {
  const found = new Map<string, Acronym>();
  for (const match of text.matchAll(PARENTHESISED)) {
    const inner = (match[1] ?? '').trim();
    const before = textBefore(text, match.index);
    const acronym = longFormBefore(inner, before) ?? longFormInside(inner, before);
    if (acronym && !found.has(acronym.short)) found.set(acronym.short, acronym);
  }
  return [...found.values()];
}

/**
 * A long form lies in the clause just before its parentheses, at most 17 words: the last 1,000
 * characters hold it. Taking all the text before each match made an acronym-heavy 16 KB text cost
 * quadratic time (issue 13); a cut window starts with `…`, so it never reads as a sentence start.
 */
const BEFORE_WINDOW = 1_000;

function textBefore(text: string, index: number): string {
  const start = Math.max(0, index - BEFORE_WINDOW);
  return (start > 0 ? '\u2026' : '') + text.slice(start, index);
}

/** "Long Form (LF)": the short form in parentheses, the long form just before it. */
function longFormBefore(inner: string, before: string): Acronym | null {
  if (!isShortForm(inner)) return null;
  const short = stripAcronymPlural(inner);
  const clause = lastClause(before);
  const words = clause.split(/\s+/).filter(Boolean);
  const letters = short.replace(/[^\p{L}\p{N}]/gu, '').length;
  const window = words.slice(-Math.min(letters + 5, letters * 2)).join(' ');
  const long = bestLongForm(short, window)?.replace(POSSESSIVE_ENDING, '');
  if (!long || !isPlausible(short, long)) return null;
  const prefix = before.trimEnd();
  const startsSentence = /(?:^|[.!?]["\u201d')\]]?)\s*$/u.test(prefix.slice(0, -long.length));
  return { short, long: startsSentence ? withoutSentenceCapital(long) : long };
}

/** "SF (Long Form)": a capitalised name followed by its expansion in parentheses. */
function longFormInside(inner: string, before: string): Acronym | null {
  const name = /(\S+)\s*$/.exec(before)?.[1] ?? '';
  if (!isShortForm(name) || !/\s/.test(inner) || HAS_CLAUSE_BREAK.test(inner)) return null;
  const short = stripAcronymPlural(name);
  const long = bestLongForm(short, inner);
  return long === inner && isPlausible(short, long) ? { short, long } : null;
}

function isShortForm(token: string): boolean {
  return SHORT_FORM.test(token) && HAS_CAPITAL.test(token) && token.replace(/-/g, '').length >= 2;
}

function lastClause(before: string): string {
  let start = 0;
  for (const match of before.matchAll(CLAUSE_BREAK)) start = match.index + match[0].length;
  return before.slice(start);
}

function isAlphanumeric(char: string | undefined): boolean {
  return char !== undefined && LETTER_OR_DIGIT.test(char);
}

/**
 * Schwartz & Hearst: match the short form's characters right to left inside the candidate, the
 * first character at the start of a word; the long form runs from that word to the end.
 */
function bestLongForm(short: string, candidate: string): string | null {
  const shortChars = short.toLowerCase();
  const longChars = candidate.toLowerCase();
  let s = shortChars.length - 1;
  let l = longChars.length - 1;
  for (; s >= 0; s--) {
    const char = shortChars[s];
    if (!isAlphanumeric(char)) continue;
    while (l >= 0 && (longChars[l] !== char || (s === 0 && isAlphanumeric(longChars[l - 1])))) {
      l--;
    }
    if (l < 0) return null;
    l--;
  }
  const start = Math.max(candidate.lastIndexOf(' ', l) + 1, 0);
  const long = candidate.slice(start).trim();
  return long.length > short.length && !long.includes(short) ? long : null;
}

/**
 * The long form's words must mostly start with the short form's letters, so that "Dropping the
 * Positional Embeddings of LMs after training (DroPE)" is rejected while "Heterogeneous Event
 * causality Disentangling Representation learning Approach (HEDRA)" is kept.
 */
function isPlausible(short: string, long: string): boolean {
  // Words only: a long form with math or symbols ("the horizon and R_") is a misreading.
  if (/[^\p{L}\p{N}\p{M}\s\-'’.,&/]/u.test(long) || /^(?:the|a|an)\s/i.test(long)) return false;
  const letters = new Set(short.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
  const contentWords = long
    .split(/\s+/)
    .filter((word) => word !== '' && !STOP_WORDS.has(word.toLowerCase()));
  const misses = contentWords.filter((word) => !letters.has(word[0]!.toLowerCase())).length;
  const allowedMisses = Math.max(1, Math.floor(contentWords.length / 3));
  return contentWords.length <= letters.size + 2 && misses <= allowedMisses;
}

/**
 * "Large language models" → "large language models" when the capital only marks the start of a
 * sentence: the other words are lower case (acronyms aside) and the first has no inner capital.
 */
function withoutSentenceCapital(long: string): string {
  const [first = '', ...rest] = long.split(' ');
  const capitalOnlyFirst = CAPITAL_ONLY_FIRST.test(first) && !CAPITAL_AFTER_HYPHEN.test(first);
  const restNotTitleCase = rest.every((word) => !TITLE_CASE_START.test(word));
  return capitalOnlyFirst && restNotTitleCase && rest.length > 0
    ? first[0]!.toLowerCase() + long.slice(1)
    : long;
}

/**
 * True when the whole of `long` spells `short` (Schwartz & Hearst 2003): its letters found right to
 * left, the first one at the start of `long`. {@link findAcronyms} finds a long form in the text
 * before the parentheses; this checks a phrase already found, such as a topic term before "(MRL)":
 * "meta-reinforcement learning" spells MRL; "programming languages" does not spell PPL (a
 * "probabilistic programming language" is more than the term).
 */
export function spellsShortForm(short: string, long: string): boolean {
  const letters = stripAcronymPlural(short)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  const text = long.toLowerCase();
  if (letters[0] !== text[0]) return false;
  let at = text.length - 1;
  for (let index = letters.length - 1; index > 0; index--) {
    while (at > 0 && text[at] !== letters[index]) at--;
    if (at <= 0) return false;
    at--;
  }
  return true;
}
