/**
 * Distinctive keywords: TF-IDF over the corpus, with key phrases and acronyms kept whole and
 * deduplicated by stem. The same candidate terms and weights feed related papers (related.ts).
 */
import type { Acronym } from '../schema';
import {
  analyseText,
  GENERIC_STEMS,
  isAcronymLike,
  isInIdiom,
  isContentWord,
  isGenericWord,
  phraseKey,
  stem,
  wordKey,
  type AnalysedText,
  type Word,
} from '../text/terms';
import { inverseDocumentFrequency, termFrequencyWeight } from '../text/weighting';
import everydayWords from '../text/vocabulary/everyday-words.json';
import { isWhitespace } from '../text/tokens';

/** The most frequent words of general (spoken) English, from a measured list (docs/text.md). */
const EVERYDAY = new Set<string>(everydayWords.words);

/**
 * A single word common in general English, written without a capital or a digit (`girl`, `rows`,
 * `positive`; not `Adam` or `BERT`): never a keyword alone, only inside a longer phrase.
 */
export function isEverydayWord(spelling: string): boolean {
  return !/[\p{Lu}\p{N}\s-]/u.test(spelling) && EVERYDAY.has(spelling.toLowerCase());
}

/** Longest key phrase, in words: longer n-grams are almost never repeated terms. */
export const MAX_PHRASE_WORDS = 3;
export const MIN_KEYWORDS = 5;
export const MAX_KEYWORDS = 10;
/** Keywords past the fifth must score at least this share of the best keyword's score. */
const KEYWORD_RELATIVE_THRESHOLD = 0.3;
/** A phrase that survives the filters names a concept; it outranks its words a little. */
const PHRASE_BOOST = 1.5;
/** Terms of the paper's title (derived from its contribution sentence) say what it is about. */
const TITLE_BOOST = 1.25;
/** An acronym expansion longer than this is kept in `acronyms` but not repeated as a keyword. */
const MAX_LONG_FORM_WORDS = 4;

/** One candidate term of one abstract: a word, a key phrase or a defined acronym. */
export interface Term {
  /** Stemmed identity: `diffusion models` and `Diffusion model` share `diffus model`. */
  key: string;
  /** Occurrences in the abstract (an acronym counts its expansion's occurrences too). */
  count: number;
  /** Number of words. */
  words: number;
  /** Offsets of the most frequent spelling in the analysed text. */
  start: number;
  end: number;
  /** The acronym definition this term is the short form of, if any. */
  acronym?: Acronym;
  /**
   * Set on an acronym's expansion ("multi-task learning" for MTL): its occurrences already count
   * for the acronym, so it is no keyword of its own, but a paper that spells it out without the
   * acronym still shares it (related.ts).
   */
  expands?: string;
  /**
   * True when the term only ever occurs inside one longer term ("synaptic" always in "synaptic
   * plasticity"): the longer one is the keyword, but both count for similarity.
   */
  dominated?: boolean;
  /**
   * True when the term, as spelled at `start..end`, is not one of the abstract's noun phrases
   * (`nounPhraseVocabulary` in text/nlp.ts): it counts for similarity, but is never a keyword or a
   * reason.
   * Never set on an acronym, nor when the noun phrases were not given.
   */
  notPhrase?: boolean;
  /**
   * The term's id in the {@link TermStatistics} whose {@link unpackTerms} made it: its document
   * frequency is then read by id, not looked up by key among a corpus's million keys.
   */
  id?: number;
}

interface Tally {
  term: Term;
  /** Spelling → occurrences and first offsets; most keys have one spelling, so it starts empty. */
  spellings?: Map<string, { count: number; start: number; end: number }>;
  firstSpelling: string;
  /** Keys of the phrase without its last word and without its first, for dominance. */
  inner: string[];
}

/** Text between two words of a phrase: only spaces, so a phrase never spans punctuation. */
function adjacent(text: string, previous: Word, next: Word): boolean {
  return (
    previous.sentence === next.sentence && /^[ \t]+$/.test(text.slice(previous.end, next.start))
  );
}

/** Adverbs ("initially", "jointly") say how, never what: they end a key phrase like a stop word. */
const ADVERB = /\p{Ll}{2}ly$/u;

/** A run of adjacent content words, with their keys and generic flags worked out once. */
interface Run {
  words: Word[];
  keys: string[];
  generic: boolean[];
}

/** Maximal runs of adjacent content words: where key phrases can be. */
function contentRuns(analysed: AnalysedText): Run[] {
  const runs: Run[] = [];
  let run: Run = { words: [], keys: [], generic: [] };
  const close = () => {
    if (run.words.length > 0) runs.push(run);
    run = { words: [], keys: [], generic: [] };
  };
  for (let index = 0; index < analysed.words.length; index++) {
    const word = analysed.words[index]!;
    if (!isContentWord(word) || ADVERB.test(word.text) || isInIdiom(analysed, index)) {
      close();
      continue;
    }
    const previous = run.words.at(-1);
    if (previous && !adjacent(analysed.text, previous, word)) close();
    run.words.push(word);
    run.keys.push(wordKey(word));
    run.generic.push(isGenericWord(word));
  }
  close();
  return runs;
}

/**
 * How often `phrase` occurs in `text` as whole words, in any case, with any run of white space
 * between its words and maybe a plural `s`: the number of matches of {@link occurrencePattern}.
 * A phrase of printable ASCII (every expansion of the dev set and the synthetic dumps) is matched
 * without building that pattern: V8 compiles each new one to machine code with its Unicode letter
 * classes, ~0.1–0.8 ms a pattern, more than the rest of an abstract's terms (2.3 ms an abstract
 * on the dev set). Same count either way (a property test holds them equal).
 */
export function countOccurrences(text: string, phrase: string): number {
  if (!isPlainPhrase(phrase)) return text.match(occurrencePattern(phrase))?.length ?? 0;
  let count = 0;
  let start = 0;
  const first = foldedAscii(phrase.charCodeAt(0));
  while (start < text.length) {
    // Most places do not even start like the phrase.
    const end =
      foldedAscii(text.charCodeAt(start)) === first ? occurrenceAt(text, phrase, start) : -1;
    if (end < 0) {
      start += 1;
      continue;
    }
    count += 1;
    start = end;
  }
  return count;
}

/** The pattern {@link countOccurrences} counts the matches of. */
export function occurrencePattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}s?(?![\\p{L}\\p{N}])`, 'giu');
}

/** Printable ASCII starting and ending with a non-space: what {@link occurrenceAt} matches. */
function isPlainPhrase(phrase: string): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i < phrase.length; i++) {
    const code = phrase.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return phrase.charCodeAt(0) !== 0x20 && phrase.charCodeAt(phrase.length - 1) !== 0x20;
}

/**
 * Where a match of {@link occurrencePattern} starting at `start` ends, or -1, for a plain phrase.
 * At a given start the pattern can match one way only (each space run of the phrase takes the
 * whole space run of the text, as the next character cannot be a space), except for the final
 * `s`, after which the lookahead then fails anyway (`s` is a letter).
 */
function occurrenceAt(text: string, phrase: string, start: number): number {
  let at = start;
  for (let i = 0; i < phrase.length; i++) {
    const code = phrase.charCodeAt(i);
    if (code === 0x20) {
      // `\s+`: one or more spaces, the whole run.
      while (i + 1 < phrase.length && phrase.charCodeAt(i + 1) === 0x20) i++;
      if (at >= text.length || !isWhitespace(text.charCodeAt(at))) return -1;
      while (at < text.length && isWhitespace(text.charCodeAt(at))) at++;
      continue;
    }
    if (at >= text.length || foldedAscii(text.charCodeAt(at)) !== foldedAscii(code)) return -1;
    at++;
  }
  if (letterOrDigitBefore(text, start)) return -1;
  if (at < text.length && foldedAscii(text.charCodeAt(at)) === 0x73) at++;
  return letterOrDigitAt(text, at) ? -1 : at;
}

/**
 * The character a case-insensitive Unicode pattern compares for an ASCII one (its lower case), or
 * -1 for a character no ASCII one matches: of all code points, only the Kelvin sign and the long s
 * fold to ASCII (`k`, `s`; checked over every code point with `new RegExp(c, 'iu')`).
 */
function foldedAscii(code: number): number {
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
  if (code === 0x212a) return 0x6b;
  if (code === 0x17f) return 0x73;
  return -1;
}

/**
 * `[\p{L}\p{N}]` as the pattern's lookarounds read it: case-insensitively, so U+0345 (a combining
 * mark that folds to a Greek letter) counts too. Sticky: tested at one position.
 */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/iuy;

/** Whether the code point starting at `index` is a letter or digit (see {@link LETTER_OR_DIGIT}). */
function letterOrDigitAt(text: string, index: number): boolean {
  if (index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 0x80)
    return (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a ? true : code >= 0x30 && code <= 0x39;
  LETTER_OR_DIGIT.lastIndex = index;
  return LETTER_OR_DIGIT.test(text);
}

/** Whether the code point ending just before `index` is a letter or digit (a lookbehind). */
function letterOrDigitBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const last = text.charCodeAt(index - 1);
  const pair =
    last >= 0xdc00 &&
    last <= 0xdfff &&
    index >= 2 &&
    (text.charCodeAt(index - 2) & 0xfc00) === 0xd800;
  return letterOrDigitAt(text, pair ? index - 2 : index - 1);
}

/** The key a text would have as a term: `Diffusion Models` → `diffus model`. */
export function keyOf(text: string): string {
  return analyseText(text).words.map(wordKey).join(' ');
}

/**
 * Every candidate term of an abstract: non-generic content words and runs of 2–3 adjacent
 * content words; a defined acronym also counts the occurrences of its expansion. Given the
 * abstract's noun phrases, terms that are none are marked (`notPhrase`).
 */
export function extractTerms(
  analysed: AnalysedText,
  acronyms: readonly Acronym[] = [],
  phrases?: ReadonlySet<string>,
): Term[] {
  const tallies = new Map<string, Tally>();
  for (const run of contentRuns(analysed)) {
    for (let start = 0; start < run.words.length; start++) {
      let key = '';
      let allGeneric = true;
      for (let size = 1; size <= MAX_PHRASE_WORDS && start + size <= run.words.length; size++) {
        const last = start + size - 1;
        key = size === 1 ? run.keys[start]! : `${key} ${run.keys[last]}`;
        allGeneric &&= run.generic[last]!;
        if (allGeneric) continue;
        tally(tallies, analysed.text, run, start, size, key);
      }
    }
  }
  for (const acronym of acronyms) {
    const short = tallies.get(keyOf(acronym.short));
    if (!short) continue;
    short.term.acronym = acronym;
    short.term.count += countOccurrences(analysed.text, acronym.long);
    const long = tallies.get(keyOf(acronym.long));
    if (long) long.term.expands = acronym.short;
  }
  const dominated = dominatedKeys(tallies);
  const terms: Term[] = [];
  for (const { term, spellings } of tallies.values()) {
    if (dominated.has(term.key) && !term.acronym && !term.expands) term.dominated = true;
    if (spellings) {
      const [best] = [...spellings.values()].sort((a, b) => b.count - a.count || a.start - b.start);
      term.start = best!.start;
      term.end = best!.end;
    }
    if (
      phrases &&
      !term.acronym &&
      !phrases.has(phraseKey(analysed.text.slice(term.start, term.end)))
    ) {
      term.notPhrase = true;
    }
    terms.push(term);
  }
  return terms;
}

/**
 * Terms that only ever occur inside one longer term, as in the C-value method of term extraction:
 * the longer one names the concept.
 */
function dominatedKeys(tallies: Map<string, Tally>): Set<string> {
  const dominated = new Set<string>();
  for (const { term, inner } of tallies.values()) {
    for (const key of inner) {
      if (tallies.get(key)?.term.count === term.count) dominated.add(key);
    }
  }
  // Dominance passes down: "neural" inside "implicit neural" inside "dual implicit neural".
  for (const { term, inner } of tallies.values()) {
    if (!dominated.has(term.key)) continue;
    for (const key of inner) if (tallies.get(key)?.term.count === term.count) dominated.add(key);
  }
  return dominated;
}

function tally(
  tallies: Map<string, Tally>,
  text: string,
  run: Run,
  first: number,
  size: number,
  key: string,
): void {
  const start = run.words[first]!.start;
  const end = run.words[first + size - 1]!.end;
  const spelling = text.slice(start, end);
  const entry = tallies.get(key);
  if (!entry) {
    const inner =
      size === 1
        ? []
        : [
            run.keys.slice(first, first + size - 1).join(' '),
            run.keys.slice(first + 1, first + size).join(' '),
          ];
    const term: Term = { key, count: 1, words: size, start, end };
    tallies.set(key, { term, firstSpelling: spelling, inner });
    return;
  }
  entry.term.count += 1;
  if (!entry.spellings && spelling === entry.firstSpelling) return;
  entry.spellings ??= new Map([
    [
      entry.firstSpelling,
      { count: entry.term.count - 1, start: entry.term.start, end: entry.term.end },
    ],
  ]);
  const seen = entry.spellings.get(spelling);
  if (seen) seen.count += 1;
  else entry.spellings.set(spelling, { count: 1, start, end });
}

/** Keys of the words an abstract writes in lower case (`TermStatistics.seenInLowerCase`). */
export function lowerCaseKeys(analysed: AnalysedText): Set<string> {
  const keys = new Set<string>();
  for (const word of analysed.words) {
    if (word.text === word.text.toLowerCase()) keys.add(wordKey(word));
  }
  return keys;
}

/**
 * Corpus-wide counts: in how many abstracts each term occurs, and which words occur in lower case.
 * Terms get integer ids, so papers can hold their terms compactly (see `packTerms`).
 */
export class TermStatistics {
  documentCount = 0;
  private readonly ids = new Map<string, number>();
  private readonly keys: string[] = [];
  private frequencies = new Int32Array(1024);
  /** Keys of words written in lower case somewhere: `Batch` displays as `batch` after `batches`. */
  private readonly lowerCaseKeys = new Set<string>();

  /** Counts one abstract's terms and its lower-case words; returns the terms' ids. */
  add(terms: readonly Term[], analysed: AnalysedText): Int32Array {
    return this.addKeys(
      terms.map((term) => term.key),
      lowerCaseKeys(analysed),
    );
  }

  /** {@link add} for an abstract read elsewhere (a worker thread): its term keys, lower-case word keys. */
  addKeys(termKeys: readonly string[], lowerCase: Iterable<string>): Int32Array {
    this.documentCount += 1;
    const ids = new Int32Array(termKeys.length);
    termKeys.forEach((key, index) => {
      const id = this.idOf(key);
      this.frequencies[id]! += 1;
      ids[index] = id;
    });
    for (const key of lowerCase) this.lowerCaseKeys.add(key);
    return ids;
  }

  private idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
      if (id >= this.frequencies.length) {
        const grown = new Int32Array(this.frequencies.length * 2);
        grown.set(this.frequencies);
        this.frequencies = grown;
      }
    }
    return id;
  }

  /** The term key with this id. */
  key(id: number): string {
    return this.keys[id]!;
  }

  /** The id of a term key, or -1 when no abstract has it. */
  id(key: string): number {
    return this.ids.get(key) ?? -1;
  }

  /** Number of abstracts containing the term. */
  documentFrequency(key: string): number {
    const id = this.ids.get(key);
    return id === undefined ? 0 : this.frequencies[id]!;
  }

  /**
   * {@link documentFrequency} of a term, read by its id when these statistics unpacked it (the key
   * at that id is the term's own key string), else looked up by key.
   */
  frequencyOfTerm(term: Term): number {
    const { id } = term;
    return id !== undefined && this.keys[id] === term.key
      ? this.frequencyOf(id)
      : this.documentFrequency(term.key);
  }

  /** Number of abstracts containing the term with this id. */
  frequencyOf(id: number): number {
    return this.frequencies[id] ?? 0;
  }

  /** Smoothed inverse document frequency, as scikit-learn's `smooth_idf`: always ≥ 1. */
  idf(key: string): number {
    return this.idfOf(this.documentFrequency(key));
  }

  /** The idf of a term found in `frequency` abstracts. */
  idfOf(frequency: number): number {
    return inverseDocumentFrequency(this.documentCount, frequency);
  }

  /** True when the word (any inflection of it) is written in lower case somewhere in the corpus. */
  seenInLowerCase(word: string): boolean {
    return this.lowerCaseKeys.has(stem(word));
  }
}

/**
 * A paper's terms in typed arrays: ~24 bytes a term instead of a few hundred as objects, which
 * keeps 20,000 papers' terms in memory between the counting pass and the scoring passes.
 */
export interface PackedTerms {
  ids: Int32Array;
  counts: Uint16Array;
  words: Uint8Array;
  starts: Uint32Array;
  ends: Uint32Array;
  /** Bit 1: dominated; bit 2: no noun phrase (`Term.notPhrase`). */
  flags: Uint8Array;
  /** Index in the paper's acronyms of the acronym the term is the short form of, or -1. */
  acronyms: Int16Array;
  /** Index in the paper's acronyms of the acronym the term expands, or -1. */
  expansions: Int16Array;
}

const DOMINATED = 1;
/** Flag bit of a packed term that is no noun phrase (`Term.notPhrase`). */
export const NOT_PHRASE = 2;

/** Packs a paper's terms, given their ids from `TermStatistics.add` and the paper's acronyms. */
export function packTerms(
  terms: readonly Term[],
  ids: Int32Array,
  acronyms: readonly Acronym[],
): PackedTerms {
  const acronymIndex = new Map(acronyms.map((acronym, index) => [acronym.short, index]));
  const size = terms.length;
  const packed: PackedTerms = {
    ids,
    counts: new Uint16Array(size),
    words: new Uint8Array(size),
    starts: new Uint32Array(size),
    ends: new Uint32Array(size),
    flags: new Uint8Array(size),
    acronyms: new Int16Array(size),
    expansions: new Int16Array(size),
  };
  terms.forEach((term, index) => {
    packed.counts[index] = Math.min(term.count, 0xffff);
    packed.words[index] = term.words;
    packed.starts[index] = term.start;
    packed.ends[index] = term.end;
    packed.flags[index] = (term.dominated ? DOMINATED : 0) | (term.notPhrase ? NOT_PHRASE : 0);
    packed.acronyms[index] = term.acronym ? (acronymIndex.get(term.acronym.short) ?? -1) : -1;
    packed.expansions[index] = term.expands ? (acronymIndex.get(term.expands) ?? -1) : -1;
  });
  return packed;
}

/** The terms `packTerms` packed. */
export function unpackTerms(
  packed: PackedTerms,
  statistics: TermStatistics,
  acronyms: readonly Acronym[],
): Term[] {
  // A loop, not `Array.from(packed.ids, …)`, which iterates a typed array through its iterator.
  const terms: Term[] = [];
  for (let index = 0; index < packed.ids.length; index++) {
    const id = packed.ids[index]!;
    const term: Term = {
      id,
      key: statistics.key(id),
      count: packed.counts[index]!,
      words: packed.words[index]!,
      start: packed.starts[index]!,
      end: packed.ends[index]!,
    };
    // -1 (none) is tested first: `acronyms[-1]` is a named-property lookup, slow for an array.
    const acronym = packed.acronyms[index]!;
    if (acronym >= 0) term.acronym = acronyms[acronym]!;
    const expanded = packed.expansions[index]!;
    if (expanded >= 0) term.expands = acronyms[expanded]!.short;
    if (packed.flags[index]! & DOMINATED) term.dominated = true;
    if (packed.flags[index]! & NOT_PHRASE) term.notPhrase = true;
    terms.push(term);
  }
  return terms;
}

/**
 * A term must recur to be a keyword: a phrase twice in its abstract or once in another abstract
 * ("crucial component efficient" is no concept), a word twice in its abstract ("bypasses" is no
 * topic). Acronyms and coined names (`OpenAI-o3`, `BioLiP`) count from their first mention.
 */
export function isRecurring(term: Term, text: string, statistics: TermStatistics): boolean {
  if (term.acronym !== undefined || term.count >= 2) return true;
  if (term.words > 1) return statistics.frequencyOfTerm(term) >= 2;
  const spelling = text.slice(term.start, term.end);
  return isAcronymLike(spelling) || /[0-9]/.test(spelling);
}

/** TF-IDF weight with sublinear term frequency: the tenth mention adds less than the second. */
export function termWeight(term: Term, statistics: TermStatistics): number {
  // `idf(term.key)`, as `idfOf(documentFrequency(key))` is what every `idf` is.
  return termFrequencyWeight(term.count) * statistics.idfOf(statistics.frequencyOfTerm(term));
}

/** A word whose only capital is its first letter (`Offline`, not `RL` or `BatchNorm`). */
const CAPITAL_ONLY_FIRST = /^\p{Lu}[^\p{Lu}]*$/u;

/**
 * A term as a reader sees it: the spelling from the abstract, with a capital that only marks a
 * sentence start lowered ("Offline RL" → "offline RL", but "Bellman loss" stays).
 */
export function displayTerm(spelling: string, statistics: TermStatistics): string {
  return spelling
    .split(/\s+/)
    .map((word) => {
      const capitalisedOnlyFirst = CAPITAL_ONLY_FIRST.test(word) && !isAcronymLike(word);
      return capitalisedOnlyFirst && statistics.seenInLowerCase(word) ? word.toLowerCase() : word;
    })
    .join(' ');
}

interface Candidate {
  /** Stemmed words of the term (of an acronym's expansion). */
  tokens: string[];
  /** An acronym's short form key, which longer phrases may build on ("offline RL"). */
  shortKey?: string;
  score: number;
  /** How the term reads; computed only for terms that get chosen. */
  labels: () => string[];
}

function indexOfTokens(haystack: readonly string[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** "dual implicit neural" and "implicit neural memory": one's end is the other's start. */
function overlapsAtEdge(a: readonly string[], b: readonly string[]): boolean {
  for (let size = 1; size < Math.min(a.length, b.length); size++) {
    if (a.slice(-size).join(' ') === b.slice(0, size).join(' ')) return true;
    if (b.slice(-size).join(' ') === a.slice(0, size).join(' ')) return true;
  }
  return false;
}

/**
 * A candidate repeats a kept term when one contains the other, when they overlap at an edge, or
 * when it only adds generic words to a kept acronym ("MTL models" after "MTL").
 */
function repeats(candidate: Candidate, kept: Candidate, genericKeys: ReadonlySet<string>): boolean {
  if (indexOfTokens(kept.tokens, candidate.tokens) >= 0) return true;
  if (indexOfTokens(candidate.tokens, kept.tokens) >= 0) return true;
  if (overlapsAtEdge(candidate.tokens, kept.tokens)) return true;
  if (!kept.shortKey) return false;
  const at = candidate.tokens.indexOf(kept.shortKey);
  return at >= 0 && candidate.tokens.every((token, i) => i === at || genericKeys.has(token));
}

/** What else is known about the paper: its own name and its title. */
export interface KeywordContext {
  name?: string | null;
  title?: string;
  /** The sentence of the main contribution statement: its phrases count like the title's. */
  statement?: string;
}

function toCandidate(
  term: Term,
  text: string,
  statistics: TermStatistics,
  context: KeywordContext,
  titleKeys: ReadonlySet<string>,
): Candidate {
  const boost = (term.words > 1 ? PHRASE_BOOST : 1) * (titleKeys.has(term.key) ? TITLE_BOOST : 1);
  const score = termWeight(term, statistics) * boost;
  const { acronym } = term;
  if (!acronym) {
    const labels = () => [displayTerm(text.slice(term.start, term.end), statistics)];
    return { tokens: term.key.split(' '), score, labels };
  }
  const longWords = acronym.long.split(/\s+/).length;
  const withLong = longWords <= MAX_LONG_FORM_WORDS && acronym.short !== context.name;
  return {
    // An expansion that is not shown must not hide its words: "affinity" in "ETAP (Ensemble Task
    // Affinity Predictor)".
    tokens: withLong ? keyOf(acronym.long).split(' ') : [term.key],
    shortKey: term.key,
    score: score * PHRASE_BOOST,
    labels: () => (withLong ? [acronym.long, acronym.short] : [acronym.short]),
  };
}

/**
 * The abstract's 5–10 most distinctive terms, most distinctive first. A term that repeats a
 * chosen one is skipped ("diffusion" after "latent diffusion"), and a defined acronym brings its
 * expansion along ("multi-task learning", "MTL") so a reader can search either — except the
 * paper's own name, whose expansion stays in `acronyms`. Terms must recur (or be in the title)
 * unless the abstract is too short to offer five that do.
 */
export function selectKeywords(
  terms: readonly Term[],
  text: string,
  statistics: TermStatistics,
  context: KeywordContext = {},
): string[] {
  const titleKeys = new Set(
    [context.title, context.statement]
      .filter((text): text is string => text !== undefined)
      .flatMap((text) => extractTerms(analyseText(text)).map((term) => term.key)),
  );
  const ranked = (list: readonly Term[]) =>
    list
      .map((term) => toCandidate(term, text, statistics, context, titleKeys))
      .sort((a, b) => b.score - a.score || compareTokens(a.tokens, b.tokens));
  const own = terms.filter(
    (term) =>
      // A keyword is a noun phrase of the abstract, or a defined acronym (extractTerms).
      term.expands === undefined &&
      !term.dominated &&
      !term.notPhrase &&
      !(
        term.words === 1 &&
        !term.acronym &&
        isEverydayWord(displayTerm(text.slice(term.start, term.end), statistics))
      ),
  );
  const recurring = own.filter(
    (term) => isTitlePhrase(term, titleKeys) || isRecurring(term, text, statistics),
  );
  const chosen: Candidate[] = [];
  const labels: string[] = [];
  const strict = ranked(recurring);
  choose(strict, KEYWORD_RELATIVE_THRESHOLD * (strict[0]?.score ?? 0), chosen, labels);
  if (labels.length < MIN_KEYWORDS) {
    const rest = ranked(own.filter((term) => !recurring.includes(term)));
    choose(rest, 0, chosen, labels, MIN_KEYWORDS);
  }
  return labels;
}

/**
 * A title phrase with two subject words ("contrastive preference learning") names the paper's
 * concept even if the abstract says it once; "hybrid framework" does not.
 */
function isTitlePhrase(term: Term, titleKeys: ReadonlySet<string>): boolean {
  if (term.words < 2 || !titleKeys.has(term.key)) return false;
  return term.key.split(' ').filter((token) => !GENERIC_STEMS.has(token)).length >= 2;
}

/** A phrase may take the place of a single word it contains if it scores at least this share. */
const PHRASE_OVER_WORD = 0.5;

function compareTokens(a: readonly string[], b: readonly string[]): number {
  const left = a.join(' ');
  const right = b.join(' ');
  return left < right ? -1 : left > right ? 1 : 0;
}

function choose(
  candidates: readonly Candidate[],
  threshold: number,
  chosen: Candidate[],
  labels: string[],
  limit = MAX_KEYWORDS,
): void {
  for (const candidate of candidates) {
    if (labels.length >= limit) return;
    if (labels.length >= MIN_KEYWORDS && candidate.score < threshold) return;
    const word = chosen.findIndex(
      (kept) =>
        kept.tokens.length === 1 &&
        !kept.shortKey &&
        candidate.tokens.length > 1 &&
        candidate.tokens.includes(kept.tokens[0]!) &&
        candidate.score >= PHRASE_OVER_WORD * kept.score,
    );
    if (word >= 0 && !candidate.shortKey) {
      // "pose estimation" replaces "pose": same concept, more precise, same rank.
      const others = chosen.filter((_, index) => index !== word);
      if (others.some((kept) => repeats(candidate, kept, GENERIC_STEMS))) continue;
      labels[labels.indexOf(chosen[word]!.labels()[0]!)] = candidate.labels()[0]!;
      chosen[word] = candidate;
      continue;
    }
    if (chosen.some((kept) => repeats(candidate, kept, GENERIC_STEMS))) continue;
    const fresh = candidate
      .labels()
      .filter((label) => !labels.some((kept) => kept.toLowerCase() === label.toLowerCase()));
    if (fresh.length === 0 || labels.length + fresh.length > MAX_KEYWORDS) continue;
    chosen.push(candidate);
    labels.push(...fresh);
  }
}
