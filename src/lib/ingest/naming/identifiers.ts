/**
 * What a coined name looks like (`SealQA`, `MR-GPTQ`, `M4PQA`, `vCache`) as opposed to an ordinary
 * or merely capitalised word, and how often an abstract mentions one.
 */

/** Letters, digits and the joiners coined names use inside them (`Qwen2.5-VL`, `SD^2`); not `1/e`. */
const NAME_CHARS = /^[\p{L}\p{N}][\p{L}\p{N}\-.+^']*$/u;
/** Longer "words" are run-together text or data, never a name; the cap also bounds the regexes. */
const MAX_NAME_LENGTH = 40;
const HAS_LETTER = /\p{L}/u;
const LOWER_THEN_UPPER = /\p{Ll}\p{Lu}/u;
const TWO_UPPERS = /\p{Lu}[^\p{Lu}]*\p{Lu}/u;
const LETTER_AND_DIGIT = /\p{L}.*\p{N}|\p{N}.*\p{L}/u;
/** `Lens`, `Legato`, `Self-Driven`: one capital, then lowercase letters (and hyphenated parts). */
const CAPITALISED_WORD = /^\p{Lu}\p{Ll}+(?:-\p{L}\p{Ll}*)*$/u;
/** Most words of an abstract: settled before the costlier tests. */
const ORDINARY_LOWERCASE = /^[a-z]*$/;
/**
 * Punctuation that can stick to either end of a word in running text, and a TeX control space's
 * backslash left at a word's end (`SPEED\ (Structured…)`).
 */
const EDGE_PUNCTUATION = /^[("'“‘[]+|[)"'”’\],;:.!?\u2014\\]+$/gu;

/** The word without quotes, brackets or sentence punctuation stuck to its ends. */
export function bareWord(word: string): string {
  return word.replace(EDGE_PUNCTUATION, '');
}

/**
 * A coined identifier: CamelCase, an acronym, letters mixed with digits, or hyphen parts like
 * those (`Webscale-RL`). `Neyman-Pearson` or `Lens` are capitalised words, not coined ones.
 */
export function isCoinedIdentifier(word: string): boolean {
  if (ORDINARY_LOWERCASE.test(word)) return false;
  if (
    word.length < 2 ||
    word.length > MAX_NAME_LENGTH ||
    !NAME_CHARS.test(word) ||
    !HAS_LETTER.test(word)
  )
    return false;
  return word.split('-').some(isCoinedPart);
}

function isCoinedPart(part: string): boolean {
  return LOWER_THEN_UPPER.test(part) || TWO_UPPERS.test(part) || LETTER_AND_DIGIT.test(part);
}

/** A capitalised ordinary word (`Legato`), a name only where the sentence introduces it as one. */
export function isCapitalisedWord(word: string): boolean {
  return CAPITALISED_WORD.test(word);
}

/** Occurrences of `name` as a whole word: `SeC` is not counted inside `SeCVOS`. */
export function countMentions(text: string, name: string): number {
  let count = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at === -1) return count;
    if (isWordEdge(text[at - 1]) && isWordEdge(text[at + name.length])) count += 1;
    from = at + name.length;
  }
}

function isWordEdge(char: string | undefined): boolean {
  return char === undefined || !/[\p{L}\p{N}-]/u.test(char);
}

/**
 * The long form a short form abbreviates, read backwards from the text just before `(SHORT)`:
 * the Schwartz–Hearst algorithm (hand-written: no maintained package implements it), which
 * matches the short form's letters in order, the first one at the start of a word.
 */
export function findLongForm(short: string, textBefore: string): string | null {
  const letters = [...short.toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (letters.length < 2) return null;
  const maxWords = Math.min(letters.length + 5, letters.length * 2);
  const words = textBefore.trimEnd().split(/\s+/).slice(-maxWords);
  const window = words.join(' ');
  const start = matchBackwards(letters, window);
  if (start === -1) return null;
  const longForm = window.slice(start).trim();
  return longForm.length > short.length ? longForm : null;
}

function matchBackwards(letters: string[], text: string): number {
  const lower = text.toLowerCase();
  let l = lower.length - 1;
  for (let s = letters.length - 1; s >= 0; s -= 1) {
    const wanted = letters[s];
    const mustStartWord = s === 0;
    while (l >= 0 && !(lower[l] === wanted && (!mustStartWord || isWordStart(lower, l)))) l -= 1;
    if (l < 0) return -1;
    l -= 1;
  }
  return l + 1;
}

function isWordStart(text: string, index: number): boolean {
  return index === 0 || !/[\p{L}\p{N}]/u.test(text[index - 1] ?? '');
}
