/**
 * Words, sentences, stems and stop words as the text core reads them: topic tagging, keywords,
 * related papers, similar text and titles agree on what a "word" (`tokens.ts`, the one tokeniser)
 * and a "term" (its key: Porter stem, or an acronym by case) are.
 */
import { sentenceSpans } from './sentences';
import { remember, stem } from './stem';
import { hasLetter, scanWords } from './tokens';
import { eng } from 'stopword';
// General English and academic vocabulary, kept as data (src/lib/text/vocabulary/*.json).
import functionWords from './vocabulary/function-words.json';
import genericResearchNouns from './vocabulary/generic-research-nouns.json';
import researchRhetoric from './vocabulary/research-rhetoric.json';
import idioms from './vocabulary/idioms.json';

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const PLURAL_ACRONYM = /^[\p{Lu}\p{N}]*\p{Lu}[\p{Lu}\p{N}]*s$/u;
const STARTS_WITH_NUMBER = /^\p{N}/u;

export { stem };

/** One hyphen-separated piece of a word, e.g. `task` in `multi-task`. */
export interface WordPart {
  text: string;
  start: number;
  end: number;
  /** {@link partKey} of `text`, worked out once: every reader of the text compares keys. */
  key: string;
}

/** A word as written, hyphenated compounds (`multi-task`, `Qwen2.5-VL-7B`) kept whole. */
export interface Word {
  /** The word as written, without a trailing possessive `'s`. */
  text: string;
  /** Character offsets of `text` in the analysed string. */
  start: number;
  end: number;
  /** 0-based index of the sentence the word belongs to. */
  sentence: number;
  /** The hyphen-separated pieces; one piece when the word has no hyphen. */
  parts: WordPart[];
  /** {@link wordKey}: the parts' keys joined by hyphens. */
  key: string;
}

/** A sentence and its character offsets in the analysed string. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** A text split into sentences and words, the input of every term-based feature. */
export interface AnalysedText {
  text: string;
  sentences: readonly Sentence[];
  words: Word[];
}

const englishStopWords: readonly string[] = eng;

/**
 * The `stopword` English list is deliberately tiny (108 words); these are the function words,
 * pronouns and connectives it lacks that still say nothing about a paper's subject.
 */
const EXTRA_FUNCTION_WORDS: readonly string[] = functionWords.words;

/** Lower-case function words that never carry meaning on their own: they break key phrases. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...englishStopWords,
  ...EXTRA_FUNCTION_WORDS,
]);

/**
 * Research-writing rhetoric: verbs, adverbs and adjectives found in almost every abstract whatever
 * its subject ("we propose a novel method that significantly outperforms..."). They break key
 * phrases like stop words do, so "novel framework" is never a keyword.
 */
const RHETORIC_WORDS: readonly string[] = researchRhetoric.words;

/**
 * Nouns and adjectives every abstract uses whatever its subject ("results", "method", "optimal").
 * They may sit inside a key phrase ("task affinity", "reward model", "computational chemistry")
 * but are never a keyword alone, and a phrase made only of them ("model performance", "empirical
 * results") is not one either.
 */
const GENERIC_WORDS: readonly string[] = genericResearchNouns.words;

/** Research rhetoric and everyday verbs: never a keyword and never part of a key phrase. */
export const RHETORIC: ReadonlySet<string> = new Set(RHETORIC_WORDS);

/** Stems of generic research nouns: never a keyword alone, allowed inside key phrases. */
export const GENERIC_STEMS: ReadonlySet<string> = new Set(GENERIC_WORDS.map((word) => stem(word)));

/** A possessive ending: `GPT-4o's`, `Stein’s`. */
export const POSSESSIVE_ENDING = /['\u2019]s$/;

/** Splits a text into sentences with their offsets (the one splitter, `sentences.ts`). */
export function splitSentences(text: string): readonly Sentence[] {
  return sentenceSpans(text);
}

/** URLs are addresses, not words: `github`, `com` and `anonymous` say nothing about a paper. */
const URL = /\b(?:https?:\/\/|www\.)\S+/gi;
/** What every URL above holds: most sentences have none, and this finds that faster. */
const URL_HINT = /:\/\/|www\./i;

/** Splits a text into sentences and words; every word knows its sentence. URLs hold no words. */
export function analyseText(text: string): AnalysedText {
  return readWords(text, true);
}

/**
 * {@link analyseText}, with the parts' and words' keys left empty unless `withKeys`: the one
 * reading of words, whether or not the reader needs their keys ({@link contentKeys} does not).
 */
function readWords(text: string, withKeys: boolean): AnalysedText {
  const sentences = splitSentences(text);
  const words: Word[] = [];
  sentences.forEach((sentence, index) => {
    const withoutUrls = URL_HINT.test(sentence.text)
      ? sentence.text.replace(URL, (url) => ' '.repeat(url.length))
      : sentence.text;
    const part = (from: number, to: number): WordPart => {
      const piece = withoutUrls.slice(from, to);
      const start = sentence.start + from;
      return { text: piece, start, end: start + piece.length, key: withKeys ? partKey(piece) : '' };
    };
    // The tokeniser reports each part, then the word they make: `multi`, `task`, `multi-task`.
    let parts: WordPart[] = [];
    scanWords(
      withoutUrls,
      (from, to) => parts.push(part(from, to)),
      (from, to) => {
        // A trailing possessive is not part of the word: `model's` → `model`.
        if (POSSESSIVE_ENDING.test(withoutUrls.slice(to - 2, to))) {
          const last = parts[parts.length - 1]!;
          parts[parts.length - 1] = part(last.start - sentence.start, to - 2);
          to -= 2;
        }
        const start = sentence.start + from;
        const raw = withoutUrls.slice(from, to);
        words.push({
          text: raw,
          start,
          end: start + raw.length,
          sentence: index,
          parts,
          key:
            parts.length === 1 || !withKeys
              ? parts[0]!.key
              : parts.map((piece) => piece.key).join('-'),
        });
        parts = [];
      },
    );
  });
  return { text, sentences, words };
}

/** White space that is not one single space between two words. */
const UNEVEN_SPACE = /^\s|\s$|\s\s|[^\S ]/;

/**
 * How a phrase is compared: lower case, single spaces. Here, not beside the tagger in nlp.ts, so
 * that browser code comparing phrases does not bundle wink-nlp and its model (3.8 MB).
 */
export function phraseKey(text: string): string {
  const lower = text.toLowerCase();
  // Most phrases are already single-spaced and trimmed: then there is nothing to replace.
  return UNEVEN_SPACE.test(lower) ? lower.replace(/\s+/g, ' ').trim() : lower;
}

/**
 * Acronyms and names with inner capitals (`LLM`, `scRNA`, `TreeBench`) are matched and keyed by
 * their case, so `RL` never merges with an ordinary word.
 */
export function isAcronymLike(part: string): boolean {
  // Character codes, not a /\p{Lu}/g match or a string per character: this runs for every word of
  // every abstract. Outside ASCII, a capital is whatever lower-casing changes.
  let capitals = 0;
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (code >= 0x80) return countCapitals(part) >= 2;
    if (code >= 0x41 && code <= 0x5a && ++capitals === 2) return true;
  }
  return false;
}

/** Capitals of any script, by what lower-casing changes (stops counting at two). */
function countCapitals(part: string): number {
  let capitals = 0;
  for (const char of part) {
    if (char !== char.toLowerCase() && ++capitals === 2) break;
  }
  return capitals;
}

/** `LLMs` → `LLM`, `DRAs` → `DRA`: the plural `s` of an all-capitals acronym. */
export function stripAcronymPlural(part: string): string {
  if (!part.endsWith('s')) return part;
  return PLURAL_ACRONYM.test(part) ? part.slice(0, -1) : part;
}

const partKeyCache = new Map<string, string>();

/**
 * The key two spellings of one term share: acronyms by case without plural, words by stem.
 * Memoised by spelling: every word of every abstract is keyed several times (tagging, terms, topics).
 */
export function partKey(part: string): string {
  return (
    partKeyCache.get(part) ??
    remember(partKeyCache, part, isAcronymLike(part) ? stripAcronymPlural(part) : stem(part))
  );
}

/** The key of a whole (possibly hyphenated) word: `multi-task` → `multi-task`, `LLMs` → `LLM`. */
export function wordKey(word: Word): string {
  return word.key;
}

/** True for function words, single letters and numbers (`7B`, `60K`, `2025`): never a term. */
export function isStopWord(word: Word): boolean {
  const first = word.text.charCodeAt(0);
  if ((first >= 48 && first <= 57) || (first > 127 && STARTS_WITH_NUMBER.test(word.text)))
    return true;
  if (word.parts.length === 1 && word.text.length < 2) return true;
  return STOP_WORDS.has(word.text.toLowerCase());
}

/** True for research rhetoric ("novel", "outperforms", "state-of-the-art"). */
export function isRhetoric(word: Word): boolean {
  return RHETORIC.has(word.text.toLowerCase());
}

/** True for generic research nouns ("method", "results", "tasks"). */
export function isGenericWord(word: Word): boolean {
  // A single part that is no acronym is keyed by its stem.
  return word.parts.length === 1 && !isAcronymLike(word.text) && GENERIC_STEMS.has(word.key);
}

/** True when a word can carry a paper's subject: not a stop word and not rhetoric. */
export function isContentWord(word: Word): boolean {
  return !isStopWord(word) && !isRhetoric(word);
}

/** A fixed expression as lower-case words, and where in it a content word of it sits. */
interface IdiomPlace {
  words: readonly string[];
  at: number;
}

/**
 * Fixed expressions ("in addition", "the task at hand"; `vocabulary/idioms.json`) by the keys of
 * their content words, so only a word that could be inside one is looked at more closely. Built
 * on first use: the keys come from {@link analyseText}.
 */
let idiomPlaces: Map<string, IdiomPlace[]> | null = null;

function idiomPlacesByKey(): Map<string, IdiomPlace[]> {
  if (idiomPlaces) return idiomPlaces;
  idiomPlaces = new Map();
  for (const phrase of idioms.phrases) {
    const analysed = analyseText(phrase);
    const words = analysed.words.map((word) => word.text.toLowerCase());
    analysed.words.forEach((word, at) => {
      if (!isContentWord(word)) return;
      const places = idiomPlaces!.get(word.key) ?? [];
      places.push({ words, at });
      idiomPlaces!.set(word.key, places);
    });
  }
  return idiomPlaces;
}

/**
 * Whether the word at `index` sits inside a fixed expression of general English ("in addition",
 * "of interest", "at hand"): such a noun says nothing about the paper, so it is never a term.
 * The expression's words must follow each other in one sentence with only spaces between them.
 */
export function isInIdiom(analysed: AnalysedText, index: number): boolean {
  const places = idiomPlacesByKey().get(analysed.words[index]!.key);
  if (!places) return false;
  return places.some(({ words, at }) => matchesAt(analysed, index - at, words));
}

function matchesAt(analysed: AnalysedText, from: number, idiom: readonly string[]): boolean {
  const { words, text } = analysed;
  for (let k = 0; k < idiom.length; k++) {
    const word = words[from + k];
    if (!word || word.text.toLowerCase() !== idiom[k]) return false;
    const previous = words[from + k - 1];
    if (
      k > 0 &&
      (word.sentence !== previous!.sentence || text.slice(previous!.end, word.start).trim() !== '')
    )
      return false;
  }
  return true;
}

/**
 * The stems of a text's content words, hyphenated words split into their parts and case ignored:
 * how two texts are compared for "saying the same thing" (summary against title, eval metrics).
 */
export function contentKeys(text: string): string[] {
  // One loop, no intermediate arrays: read for every short candidate title (headline.ts isField).
  const keys: string[] = [];
  for (const word of readWords(text, false).words) {
    for (const part of word.parts) {
      const lower = part.text.toLowerCase();
      if (hasLetter(lower) && !STOP_WORDS.has(lower)) keys.push(stem(lower));
    }
  }
  return keys;
}

/** {@link contentKeys} as a set. */
export function contentKeySet(text: string): Set<string> {
  return new Set(contentKeys(text));
}
