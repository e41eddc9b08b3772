/**
 * The words of a sentence with their positions, and the small tests the name finders share.
 */
import { bareWord, isCapitalisedWord, isCoinedIdentifier } from './identifiers';

/** Capitalised function words that never make a name. */
const NOT_A_NAME = new Set(['We', 'Our', 'The', 'This', 'These', 'In', 'It', 'A', 'An']);

/** Words that end the head of a noun phrase: a name's definition never runs past them. */
const PHRASE_BREAK = new Set(
  `for of in on with to that which by via from using based where whose across over under into
  through as at between within and or`.split(/\s+/),
);
export const isPhraseBreak = (word: string): boolean => PHRASE_BREAK.has(word.toLowerCase());

/** A letter, then a bracketed coined word with nothing after it but punctuation: `Distillation(DFD).` */
const GLUED_SHORT_FORM = /\p{L}(?=\([\p{L}\p{N}][\p{L}\p{N}\-.+]*\)[,;:.!?]*$)/u;

/** A word of the sentence with its position, for slicing the text around a name. */
export interface Word {
  raw: string;
  bare: string;
  start: number;
  end: number;
}

/**
 * The whitespace-separated words of `text` from position `from` on. An em dash ends a word like a
 * comma (`CAD-DA—controllable AD under DA` is `CAD-DA—` and `controllable`): it is never part of a
 * name, while a hyphen or an en dash joins (`MR-GPTQ`, `Neyman–Pearson`).
 */
export function wordsOf(text: string, from = 0): Word[] {
  const words: Word[] = [];
  const pattern = text.includes('\u2014') ? /[^\s\u2014]+\u2014*|\u2014+/g : /\S+/g;
  pattern.lastIndex = from;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    // "Disparity Feature Distillation(DFD)": a short form glued to its long form's last word is
    // a word of its own, as if the space were there.
    const glued = m[0].includes('(') ? GLUED_SHORT_FORM.exec(m[0]) : null;
    if (glued) {
      const cut = glued.index + 1;
      const [head, tail] = [m[0].slice(0, cut), m[0].slice(cut)];
      words.push({ raw: head, bare: bareWord(head), start: m.index, end: m.index + cut });
      words.push({
        raw: tail,
        bare: bareWord(tail),
        start: m.index + cut,
        end: m.index + m[0].length,
      });
      continue;
    }
    words.push({ raw: m[0], bare: bareWord(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return words;
}

export const endsWithPunctuation = (raw: string): boolean =>
  /[,;:.!?]["'”’)]*$|[^\s\u2014]\u2014+$/.test(raw);
export const opensBracket = (raw: string): boolean => raw.startsWith('(');
export const isNameWord = (bare: string): boolean =>
  !NOT_A_NAME.has(bare) && (isCoinedIdentifier(bare) || isCapitalisedWord(bare));
