/**
 * The summary: the contribution sentence, minimally rewritten: its lead-in dropped ("To address
 * this, we…" → "We…"), ending with a period. Chosen whole (docs/naming.md, "Summary"): a sentence
 * that says something, is about the paper and points at nothing the card does not show, or that
 * sentence together with the one before it, which holds what it points at.
 */
import { findUrls } from '../../text/markup';
import { tagSentence, type Token } from '../../text/nlp';
import { AUTHORS, isAuthorWord } from '../../text/statements';
import {
  analyseText,
  contentKeys as contentKeyList,
  isContentWord,
  isGenericWord,
  STOP_WORDS,
  stem,
  type Word,
} from '../../text/terms';
import idioms from '../../text/vocabulary/idioms.json';
import { capitaliseFirst, fitToLength, withoutTrailingPunctuation } from './fit';
import { hasLetter } from '../../text/tokens';

/** A summary longer than this is cut at a clause boundary. */
export const MAX_SUMMARY_LENGTH = 300;
/** What a summary says when the abstract has no text at all. */
export const NO_SUMMARY = 'No abstract text.';

/** Where the authors start speaking after an opener: ", we propose…", ", this paper…". */
const AUTHORS_AFTER_COMMA = new RegExp(String.raw`,\s+(?=${AUTHORS})`, 'i');
const AUTHORS_AFTER_HERE = /^(?:here|in this (?:work|paper|study|article))\s+(?=we\b)/i;
/** An opener longer than this is part of what the sentence says, not a lead-in. */
const MAX_OPENER_CHARS = 250;

/**
 * A connective that ties the sentence to one a summary leaves out: "However, our method…",
 * "Moreover, …", "Then we…". Dropped; what follows stands on its own. The sentence-initial
 * adverbial connectives of the Penn Discourse Treebank 2.0 (explicit connectives that relate a
 * sentence to the one before), plus a few enumerators ("first", "lastly") and emphasis adverbs
 * ("importantly", "notably"); followed by a comma, or directly by the authors ("Finally we…").
 */
const LEADING_CONNECTIVE = new RegExp(
  String.raw`^(?:accordingly|additionally|afterwards?|also|alternatively|as a result|as an alternative|besides|by comparison|by contrast|consequently|conversely|finally|further|furthermore|hence|however|in addition|in contrast|in fact|in other words|in particular|in short|in sum|in summary|in the end|in turn|indeed|instead|later|likewise|meanwhile|moreover|nevertheless|next|nonetheless|on the contrary|on the other hand|otherwise|overall|rather|similarly|simultaneously|specifically|still|subsequently|then|thereafter|therefore|thus|ultimately|yet|importantly|notably|crucially|first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly)(?:,\s+|\s+(?=${AUTHORS}))`,
  'i',
);

/** "To address this, we propose…" → "we propose…"; the opener only leads into the statement. */
export function withoutLeadIn(text: string): string {
  return withoutOpener(text).replace(CITATION, '');
}

function withoutOpener(text: string): string {
  const sentence = text.replace(LEADING_CONNECTIVE, '');
  const here = AUTHORS_AFTER_HERE.exec(sentence);
  if (here) return sentence.slice(here[0].length);
  const comma = AUTHORS_AFTER_COMMA.exec(sentence.slice(0, MAX_OPENER_CHARS + 2));
  if (!comma || /\bwe\b/i.test(sentence.slice(0, comma.index))) return sentence;
  return sentence.slice((comma.index ?? 0) + comma[0].length);
}

/**
 * Citations point into a paper the reader of a list card does not have: `[12]`, `[3, 4–6]`,
 * `[Nesterov and Polyak]`, `(Urbanek et al. 2019)`, `(Smith, 2020)`.
 */
const NAME = String.raw`\p{Lu}[\p{L}'-]+`;
const CITED_AUTHORS = String.raw`${NAME}(?:\s+(?:and|&)\s+${NAME}|\s+et al\.?)`;
const YEAR = String.raw`,?\s+(?:19|20)\d\d[a-z]?`;
const CITATION = new RegExp(
  String.raw`\s*(?:\[\d+(?:\s*[,–-]\s*\d+)*\]` +
    // "[Nesterov and Polyak]", "[Vaswani et al., 2017]" (never "[CLS]": one word is no citation)
    String.raw`|\[(?:${CITED_AUTHORS}(?:${YEAR})?|${NAME}${YEAR})\]` +
    // "(Urbanek et al. 2019)", "(Smith, 2020; Jones and Lee 2021)"
    String.raw`|\((?:(?:${CITED_AUTHORS}|${NAME})${YEAR}(?:;\s*)?)+\))`,
  'gu',
);

/** One sentence saying what the paper contributes, ending with a period. */
export function toSummary(sentence: string): string {
  const trimmed = withoutOpener(sentence).replace(CITATION, '');
  const body =
    trimmed.length > MAX_SUMMARY_LENGTH - 1
      ? fitToLength(trimmed, MAX_SUMMARY_LENGTH - 1)
      : trimmed;
  const text = capitaliseFirst(withoutTrailingPunctuation(body).trim());
  return text ? `${text}.` : NO_SUMMARY;
}

/** A sentence a summary may show, with how well the caller ranked it (higher is better). */
export interface SummaryCandidate {
  index: number;
  score: number;
  /** False for a sentence about the field, not this paper: only shown when nothing else is whole. */
  aboutThePaper?: boolean;
}

/** Candidates this far below the best are not about the contribution any more: not shown. */
const MAX_SCORE_GAP = 2.5;
/** When none of those qualifies, sentences this far below (never one that repeats the title). */
const MAX_WIDER_GAP = 6;
/**
 * A summary may repeat at most this share of the title's content words, unless no sentence about
 * the paper that repeats less adds to the title.
 */
const MAX_TITLE_SHARE = 0.5;
/** A summary adds at least this many specific words (not generic, not rhetoric) to the title. */
const MIN_ADDED_WORDS = 2;
/**
 * An aside beside the contribution: "also" in the sentence's main clause, within its first four
 * words ("We also…", "It can also…") or anywhere before its first comma, colon, parenthesis or
 * subordinating word, however long the subject ("The proposed iterative algorithm also
 * provides…"). One in a relative or complement clause ("X, which also…", "we show that Y also
 * holds"), after "but" or in "also known as" adds to something else and is kept.
 */
const ALSO_ASIDE =
  /^(?:\S+\s+){0,3}also\b|^(?:(?!\b(?:which|who|whose|that|where|when|while|whereas|if|because|but|although|though)\b)[^,;:()])*\balso\b(?!\s+(?:known|called|termed|referred|dubbed|named)\b)/i;
/** Counts and quantities say how much, not what ("two", "several", "novel"). */
const COUNT_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|several|many|multiple|various|few|both|each|all|new|novel|different|complementary|first|second|third|same|other|simple|key|main|important)$/i;

/**
 * Anaphors, by grammatical class (not by word lists read off misses): third-person personal
 * pronouns, demonstratives, "such" and definite phrases whose modifier says the noun was named
 * before ("the aforementioned bound", "the latter"). First-person pronouns are the authors.
 */
const PERSONAL_PRONOUN = /^(?:it|its|itself|they|them|their|theirs|themselves)$/;
const DEMONSTRATIVE = /^(?:this|these|those|that)$/;
const ANAPHORIC_MODIFIER =
  /^(?:proposed|aforementioned|above|above-mentioned|mentioned|said|latter|former|preceding)$/;
/** "such as", "such that": a list or a consequence, not a pointer. */
const NOT_A_POINTER_AFTER_SUCH = /^(?:as|that)$/;
/**
 * Fixed expressions of general English (`vocabulary/idioms.json`), by first word: a demonstrative
 * in one points at nothing ("to this end", "in this sense"), and a noun in one is no antecedent
 * ("in addition to its…").
 */
const IDIOMS_BY_FIRST_WORD = new Map<string, string[][]>();
for (const phrase of idioms.phrases) {
  const words = phrase.split(' ');
  if (words.length < 2) continue;
  const list = IDIOMS_BY_FIRST_WORD.get(words[0]!) ?? [];
  list.push(words);
  IDIOMS_BY_FIRST_WORD.set(words[0]!, list);
}
const NOUN_TAGS = new Set(['NOUN', 'PROPN', 'X']);
/** At most this many words between a determiner and its noun. */
const MAX_MODIFIERS = 5;

/** The key of each word (stems; stop words too, as the title's words are compared). */
function keysOf(text: string): Set<string> {
  return new Set(analyseText(text).words.map((w) => w.key));
}

/** A word as the text core analyses it alone, memoised: abstracts share most of their words. */
interface Analysed {
  word: Word | undefined;
  /** {@link contentKeys} of the word: the stems of its parts that are no stop word. */
  stems: readonly string[];
}
const WORDS = new Map<string, Analysed>();
const MAX_MEMO_WORDS = 50_000;
function analysed(text: string): Analysed {
  const known = WORDS.get(text);
  if (known) return known;
  if (WORDS.size >= MAX_MEMO_WORDS) WORDS.clear();
  const result = { word: analyseText(text).words[0], stems: contentKeyList(text) };
  WORDS.set(text, result);
  return result;
}
function wordOf(text: string): Word | undefined {
  return analysed(text).word;
}

/** A text's tagged tokens and each token's word. */
interface Reading {
  tokens: readonly Token[];
  words: readonly (Word | undefined)[];
  /** Stems of every hyphen-separated part that is no stop word, as titles are compared by. */
  stems: ReadonlySet<string>;
}

/** The last texts read: one abstract's candidates are read again at each relaxed step. */
const READINGS = new Map<string, Reading>();
const MAX_MEMO_READINGS = 64;
function remembered(key: string, reading: () => Reading): Reading {
  const known = READINGS.get(key);
  if (known) return known;
  if (READINGS.size >= MAX_MEMO_READINGS) READINGS.clear();
  const fresh = reading();
  READINGS.set(key, fresh);
  return fresh;
}

/** A text tagged alone. */
function read(text: string): Reading {
  return remembered(text, () => readingOf(tagSentence(text).tokens));
}

/**
 * `text`, a sentence of the abstract or its end (the lead-in dropped), as the tagger read it within
 * the whole sentence: the sentence is tagged once, and its end is not tagged again apart from it.
 * Any other text (one a citation was taken out of) is tagged alone.
 */
function readPart(text: string, sentence: string): Reading {
  const offset = sentence.length - text.length;
  if (offset <= 0 || !sentence.endsWith(text)) return read(text);
  return remembered(`\u0000${offset}\u0000${sentence}`, () =>
    readingOf(
      tagSentence(sentence)
        .tokens.filter((t) => t.start >= offset)
        .map((t) => ({ ...t, start: t.start - offset, end: t.end - offset })),
    ),
  );
}

/** Tagged tokens with each one's word and the stems of their parts. */
function readingOf(tokens: readonly Token[]): Reading {
  const words: (Word | undefined)[] = [];
  const stems = new Set<string>();
  for (const token of tokens) {
    if (!hasLetter(token.text)) {
      words.push(undefined);
      continue;
    }
    const { word, stems: tokenStems } = analysed(token.text);
    words.push(word);
    for (const stem of tokenStems) stems.add(stem);
  }
  return { tokens, words, stems };
}

/** Words that say what a paper is about: nouns, adjectives, verbs (not "fully", "very"). */
const SAYING_TAGS = new Set(['NOUN', 'PROPN', 'X', 'ADJ', 'VERB']);

/**
 * Specific content stems of nouns, adjectives and verbs: not rhetoric, not a generic research
 * word, not a count; with `nounsOnly`, the nouns among them (NOUN, PROPN, X as the tagger reads
 * them).
 */
function specificKeys(readings: readonly Reading[], nounsOnly: boolean): Set<string> {
  const keys = new Set<string>();
  for (const { tokens, words } of readings) {
    tokens.forEach((token, i) => {
      if (nounsOnly ? !NOUN_TAGS.has(token.pos) : !SAYING_TAGS.has(token.pos)) return;
      if (!token.content || COUNT_WORD.test(token.text)) return;
      const word = words[i];
      if (word !== undefined && isContentWord(word) && !isGenericWord(word)) keys.add(word.key);
    });
  }
  return keys;
}

/**
 * Whether texts say something: a noun beyond generic research words and counts (as the
 * part-of-speech tagger reads it; the eval's definition, `judgeSummaryWhole`), and one more
 * specific word of any kind. "We propose two complementary and fully automated methodologies"
 * has none; "We propose a sampler" has a noun and nothing said of it.
 */
function saysSomething(readings: readonly Reading[]): boolean {
  return specificKeys(readings, true).size >= 1 && specificKeys(readings, false).size >= 2;
}

/** {@link saysSomething} of one text. */
export function hasContentNoun(text: string): boolean {
  return saysSomething([read(text)]);
}

/**
 * The noun a determiner at `at` introduces, past its modifiers (adjectives, numbers, participles,
 * "a", "and", quotes: "such an efficient and flexible framework", "these two limitations"); null
 * when a verb or a function word follows instead ("this is", "we do this by").
 */
function nounAfter(tokens: readonly Token[], at: number): Token | null {
  let i = at + 1;
  for (let skipped = 0; skipped < MAX_MODIFIERS && i < tokens.length; skipped += 1, i += 1) {
    const t = tokens[i]!;
    const modifier =
      t.pos === 'ADJ' ||
      t.pos === 'NUM' ||
      t.pos === 'ADV' ||
      t.pos === 'CCONJ' ||
      (t.pos === 'PUNCT' && /^[`'"‘’“”]$/.test(t.text)) ||
      (t.pos === 'DET' && /^an?$/.test(t.lower)) ||
      (t.pos === 'VERB' && /(?:ing|ed)$/.test(t.lower));
    if (!modifier) break;
  }
  const nouns: Token[] = [];
  while (i < tokens.length && NOUN_TAGS.has(tokens[i]!.pos)) nouns.push(tokens[i++]!);
  const after = tokens[i];
  // A verb read as a noun after the subject ("this sampler halves the cost"): a noun is not
  // followed by a determiner or a pronoun, a verb's object is.
  if (nouns.length > 1 && after && ['DET', 'PRON'].includes(after.pos)) nouns.pop();
  let head = nouns.at(-1) ?? null;
  // A noun the tagger read as a modifier ("such a `flat' prior over…"): the last modifier, when a
  // preposition or a verb follows it.
  const last = tokens[i - 1];
  if (!head && i > at + 1 && last && ['ADJ', 'ADV'].includes(last.pos) && last.content) {
    if (after && ['ADP', 'VERB', 'AUX'].includes(after.pos)) head = last;
  }
  return head;
}

/** Which tokens are part of a fixed expression. */
function inIdioms(tokens: readonly Token[]): boolean[] {
  const covered = tokens.map(() => false);
  tokens.forEach((token, at) => {
    for (const words of IDIOMS_BY_FIRST_WORD.get(token.lower) ?? []) {
      if (!words.every((word, k) => tokens[at + k]?.lower === word)) continue;
      for (let k = 0; k < words.length; k += 1) covered[at + k] = true;
    }
  });
  return covered;
}

/** What follows "those" standing for a noun: "of X", "that/which…", "considered in…". */
function ellipsisFollows(next: Token): boolean {
  return (
    next.pos === 'ADP' ||
    next.pos === 'PRON' ||
    (next.pos === 'VERB' && /(?:ed|ing)$/.test(next.lower))
  );
}

/** "this is the first work to…": the demonstrative is the paper itself, named after "is". */
function namesThePaper(tokens: readonly Token[], at: number): boolean {
  if (tokens[at + 1]?.pos !== 'AUX') return false;
  const noun = tokens
    .slice(at + 2, at + 6)
    .find((t) => !['DET', 'ADJ', 'NUM', 'ADV'].includes(t.pos));
  return noun !== undefined && NOUN_TAGS.has(noun.pos) && isAuthorWord(noun.lower);
}

/** Verbs that, like "be", link a dummy "it" to what is said of a clause after it. */
const LINKING_VERB = /^(?:seems?|seemed|appears?|appeared|remains?|remained|becomes?|became)$/;
/** What opens a clause that a dummy "it" stands for: "that…", "whether…", "how…". */
const CLAUSE_OPENER = /^(?:that|whether|if|how|what|why)$/;

/**
 * A dummy "it", standing for a clause said after it, not for a noun said before (extraposition):
 * "it is possible to…", "it remains unclear whether…", "it has been shown that…". The predicate is
 * an adjective followed by an infinitive or a clause, or a participle followed by a clause ("it
 * is used to train…" and "it is akin to learning…" are about a thing).
 */
function dummyIt(tokens: readonly Token[], at: number): boolean {
  if (tokens[at]!.lower !== 'it') return false;
  let i = at + 1;
  const link = tokens[i];
  if (!link || !(link.pos === 'AUX' || LINKING_VERB.test(link.lower))) return false;
  let predicate: 'adjective' | 'participle' | null = null;
  for (i += 1; i < tokens.length && i <= at + 5; i += 1) {
    const t = tokens[i]!;
    if (t.pos === 'AUX' || t.lower === 'not') continue;
    if (CLAUSE_OPENER.test(t.lower)) return predicate !== null;
    if (t.lower === 'to') {
      const verb = tokens[i + 1];
      return predicate === 'adjective' && verb?.pos === 'VERB' && !/ing$/.test(verb.lower);
    }
    if (t.pos === 'ADJ') predicate = 'adjective';
    else if (t.pos === 'VERB' && /(?:ed|en|wn|ld|nd)$/.test(t.lower)) predicate = 'participle';
    else if (t.pos === 'ADV') predicate ??= 'adjective';
    else return false;
  }
  return false;
}

/**
 * A possessive in an opening phrase that points forward to the subject after the comma: "Despite
 * its simplicity, our method…", "In addition to its range, DCA…".
 */
function cataphoric(tokens: readonly Token[], at: number): boolean {
  if (!/^(?:its|their)$/.test(tokens[at]!.lower)) return false;
  // Only in a phrase before the subject: no subject or verb before it ("We demonstrate its…").
  if (tokens.slice(0, at).some((t) => ['PRON', 'VERB', 'AUX'].includes(t.pos))) return false;
  let i = at + 1;
  while (i < tokens.length && tokens[i]!.text !== ',') {
    if (['VERB', 'AUX'].includes(tokens[i]!.pos)) return false;
    i += 1;
  }
  i += 1;
  while (i < tokens.length && ['DET', 'ADJ', 'PRON'].includes(tokens[i]!.pos)) {
    if (PERSONAL_PRONOUN.test(tokens[i]!.lower) || DEMONSTRATIVE.test(tokens[i]!.lower))
      return false;
    i += 1;
  }
  return i < tokens.length && NOUN_TAGS.has(tokens[i]!.pos);
}

/**
 * The first reference in `text` whose antecedent the card does not show, or null: a pronoun or
 * demonstrative with no noun before it ("It…", "We do this by…"), or "this/these/such X", "the
 * aforementioned X" whose X neither the title (`titleKeys`), nor the sentence the card shows
 * before `text` (`sentenceKeys`), nor the text before it holds. After the sentence before, a bare
 * pronoun is taken to point into it; a "this X" still needs its X there. The title is a heading,
 * not a sentence: a pointer answered by it alone must name what it names, with the same words
 * ("these kernels" after "Smooth stationary kernels", not "these non-positive kernels").
 */
export function unseenPointer(
  text: string,
  titleKeys: ReadonlySet<string>,
  afterSentence = false,
  sentenceKeys: ReadonlySet<string> = new Set(),
): string | null {
  return pointerIn(text, read(text), titleKeys, afterSentence, sentenceKeys);
}

/** {@link unseenPointer} of a text already read. */
function pointerIn(
  text: string,
  { tokens, words }: Reading,
  titleKeys: ReadonlySet<string>,
  afterSentence = false,
  sentenceKeys: ReadonlySet<string> = new Set(),
): string | null {
  const idiom = inIdioms(tokens);
  let nounBefore = false;
  // Keys of the words before the current one.
  const before = new Set<string>();
  // The pointed-at noun is on the card: before `text`, earlier in `text`, or (unless the pointer
  // says it was named in the text) in the title with the modifiers the pointer gives it (from
  // `from` on).
  const seen = (head: Token, from: number, inTitle = true) => {
    const key = wordOf(head.text)?.key;
    if (key === undefined || sentenceKeys.has(key) || before.has(key)) return true;
    if (!inTitle || !titleKeys.has(key)) return false;
    for (let k = from; k < tokens.length && tokens[k] !== head; k += 1) {
      const modifier = words[k];
      if (!tokens[k]!.content || modifier === undefined || !isContentWord(modifier)) continue;
      if (!titleKeys.has(modifier.key) && !before.has(modifier.key)) return false;
    }
    return true;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (PERSONAL_PRONOUN.test(t.lower) && t.pos === 'PRON') {
      if (!nounBefore && !afterSentence && !cataphoric(tokens, i) && !dummyIt(tokens, i))
        return t.text;
    } else if (DEMONSTRATIVE.test(t.lower) && (t.lower !== 'that' || i === 0)) {
      if (idiom[i]) continue;
      const head = nounAfter(tokens, i);
      if (head) {
        // "This construction allows…" opens by pointing at a sentence before it, even when the
        // title holds the noun: only the sentence before, shown with it, answers it.
        const opening = i === 0 && !afterSentence;
        if (!isAuthorWord(head.lower) && (opening || !seen(head, i + 1)))
          return text.slice(t.start, head.end);
      } else if (
        // "those of the baseline", "those considered in prior work": an ellipsis of a noun said
        // before in the sentence
        !(nounBefore && /^(?:those|that)$/.test(t.lower) && next && ellipsisFollows(next)) &&
        !namesThePaper(tokens, i) &&
        !afterSentence
      ) {
        return t.text;
      }
    } else if (t.lower === 'such' && next && !NOT_A_POINTER_AFTER_SUCH.test(next.lower)) {
      const head = nounAfter(tokens, i);
      if (head && !seen(head, i + 1)) return text.slice(t.start, head.end);
    } else if (t.lower === 'the' && next && ANAPHORIC_MODIFIER.test(next.lower)) {
      const head = nounAfter(tokens, i + 1);
      if (!head) {
        if (/^(?:latter|former)$/.test(next.lower) && !afterSentence)
          return `${t.text} ${next.text}`;
      } else if (next.lower === 'proposed') {
        // "the proposed method" is the authors' own, as "our method" is; "the proposed sampler"
        // names a thing the reader must have been told of.
        const word = analyseText(head.text).words[0];
        if (word && !isGenericWord(word) && !seen(head, i + 2))
          return text.slice(t.start, head.end);
      } else if (!seen(head, i + 2, false)) {
        // "the above limitation", "the aforementioned bound" point into the text before, never
        // at the title
        return text.slice(t.start, head.end);
      }
    }
    if (NOUN_TAGS.has(t.pos) && !idiom[i]) nounBefore = true;
    const key = words[i]?.key;
    if (key !== undefined) before.add(key);
  }
  return null;
}

/** How many of the title's content words a summary repeats. */
function repeatedTitleWords(titleStems: ReadonlySet<string>, readings: readonly Reading[]): number {
  let shared = 0;
  for (const stem of titleStems) if (readings.some((r) => r.stems.has(stem))) shared += 1;
  return shared;
}

/** How many specific words a summary adds to the title. */
function addedWords(titleWords: ReadonlySet<string>, readings: readonly Reading[]): number {
  let added = 0;
  for (const key of specificKeys(readings, false)) if (!titleWords.has(key)) added += 1;
  return added;
}

/** What a choice must meet; the chooser relaxes these one by one when nothing meets them all. */
interface Demands {
  gap: number;
  aboutThePaper: boolean;
  addsToTitle: boolean;
  pointers: 'checked' | 'allowed';
  /**
   * Whether a summary may repeat more than half of the title: never, when it adds more specific
   * words than it repeats ('saying more'), or whenever it adds some.
   */
  repeats: false | 'saying more' | true;
  /** Whether a summary may hold a URL (only when nothing else is whole). */
  pointsToCode?: boolean;
}

/** A sentence shown after the one before it, which holds what it points at. */
interface Antecedent {
  first: string;
  second: string;
  readings: readonly [Reading, Reading];
}

/** What the chooser knows of the title and the abstract, shared by every candidate it tries. */
interface Context {
  sentences: readonly string[];
  /** Each sentence's {@link antecedentOf}, once asked. */
  antecedents: Map<number, Antecedent | null>;
  titleKeys: ReadonlySet<string>;
  /** The title's stems as {@link repeatedTitleWords} compares them (hyphenated parts apart). */
  titleStems: ReadonlySet<string>;
  titleWords: ReadonlySet<string>;
}

/** Whether a summary's text (one sentence or two) meets what every summary must. */
function says(
  texts: readonly string[],
  readings: readonly Reading[],
  context: Context,
  demands: Demands,
): boolean {
  // "Our code is at https://…" says where the code is, not what the paper does.
  if (!demands.pointsToCode && texts.some((text) => findUrls(text).length > 0)) return false;
  if (!saysSomething(readings)) return false;
  const repeated = repeatedTitleWords(context.titleStems, readings);
  const repeats = repeated > MAX_TITLE_SHARE * context.titleStems.size;
  if (repeats && !demands.repeats) return false;
  if (!demands.addsToTitle) return true;
  const added = addedWords(context.titleWords, readings);
  return (
    added >= MIN_ADDED_WORDS && (!repeats || demands.repeats !== 'saying more' || added > repeated)
  );
}

/** Sentence `index` as a whole summary, or null. */
function wholeSummaryAt(index: number, context: Context, demands: Demands): string | null {
  const sentence = context.sentences[index]!;
  const body = withoutLeadIn(sentence);
  if (body.length > MAX_SUMMARY_LENGTH - 1 || ALSO_ASIDE.test(body)) return null;
  const reading = readPart(body, sentence);
  if (!says([body], [reading], context, demands)) return null;
  return demands.pointers === 'allowed' || pointerIn(body, reading, context.titleKeys) === null
    ? toSummary(sentence)
    : null;
}

/**
 * Sentence `index` shown after the sentence before it, when that holds what it points at (a bare
 * "it" or "this" is taken to point into it; a "this X" needs its X there), or null: also when it
 * points at nothing unseen alone, as it is then chosen alone. Read once per abstract.
 */
function antecedentOf(index: number, context: Context): Antecedent | null {
  const known = context.antecedents.get(index);
  if (known !== undefined) return known;
  let found: Antecedent | null = null;
  const sentence = context.sentences[index]!;
  const body = withoutLeadIn(sentence);
  if (index > 0 && pointerIn(body, readPart(body, sentence), context.titleKeys)) {
    const before = context.sentences[index - 1]!;
    const first = withoutLeadIn(before);
    // Right after the sentence before, the lead-in that points into it stays ("To address this…").
    const second = sentence.replace(CITATION, '').trim();
    const readings = [readPart(first, before), readPart(second, sentence)] as const;
    if (pointerIn(second, readings[1], context.titleKeys, true, keysOf(first)) === null)
      found = { first, second, readings };
  }
  context.antecedents.set(index, found);
  return found;
}

/**
 * Sentence `index` after the one before it, which holds what it points at ("… a sampler for
 * proteins. This sampler is exact…"), or null: both whole, within the length limit, the first
 * pointing at nothing unseen itself, the second's pointers all resolved by the title or the first.
 * Such a pair is about the paper when either sentence is.
 */
function pairedSummaryAt(
  index: number,
  context: Context,
  demands: Demands,
  aboutThePaper: (index: number) => boolean,
): string | null {
  const antecedent = antecedentOf(index, context);
  if (!antecedent) return null;
  const { first, second, readings } = antecedent;
  if (demands.aboutThePaper && !aboutThePaper(index) && !aboutThePaper(index - 1)) return null;
  if (first.length + second.length + 1 > MAX_SUMMARY_LENGTH - 1) return null;
  if (ALSO_ASIDE.test(first) || ALSO_ASIDE.test(withoutOpener(second))) return null;
  if (pointerIn(first, readings[0], context.titleKeys) !== null) return null;
  if (!says([first, second], readings, context, demands)) return null;
  const whole = (text: string) => capitaliseFirst(withoutTrailingPunctuation(text).trim());
  return `${whole(first)}. ${whole(second)}.`;
}

/**
 * The demands, strictest first: each step gives up one when nothing meets the one before. What
 * makes a summary not whole (a pointer whose antecedent the card does not show) is given up last:
 * a sentence that repeats words of the title but says more, or even the field's background, is
 * whole; one that points at a sentence left out is not. A sentence about the paper that repeats the
 * title's words but adds its own comes before an aside that adds nothing or the field's background:
 * the contribution, not its setting, is what the summary is for.
 */
const STRICT: Demands = {
  gap: MAX_SCORE_GAP,
  aboutThePaper: true,
  addsToTitle: true,
  pointers: 'checked',
  repeats: false,
};
const ANY_RANK = { ...STRICT, gap: Infinity };
const STEPS: readonly Demands[] = [
  STRICT,
  { ...STRICT, gap: MAX_WIDER_GAP },
  ANY_RANK,
  { ...ANY_RANK, repeats: 'saying more' },
  { ...ANY_RANK, repeats: true },
  { ...ANY_RANK, addsToTitle: false },
  { ...ANY_RANK, addsToTitle: false, aboutThePaper: false },
  { ...ANY_RANK, addsToTitle: false, aboutThePaper: false, repeats: true },
  // Any sentence that says something before a cut one, even one that points back or to the code.
  {
    ...ANY_RANK,
    addsToTitle: false,
    aboutThePaper: false,
    repeats: true,
    pointsToCode: true,
    pointers: 'allowed',
  },
];

/**
 * The summary from ranked sentences, chosen whole, never cut (docs/naming.md): the best-ranked
 * sentence about the paper that fits, says something (a content noun), adds to the title, is not
 * an "also" aside and points at nothing the card does not show ("This allows…", "these agents");
 * when it points back, the sentence before it is shown with it if both fit (the two are about the
 * paper when either is). When no candidate within {@link MAX_SCORE_GAP} of the best qualifies, the
 * demands are relaxed one by one ({@link STEPS}), a pointer to a sentence left out last; with none
 * at all, the best sentence as before (cut only then).
 */
export function chooseWholeSummary(
  sentences: readonly string[],
  ranked: readonly SummaryCandidate[],
  title: string,
): string {
  const best = ranked[0];
  if (!best) return toSummary(sentences[0] ?? '');
  // The title read once: its words' keys, its content words' keys, its parts' stems.
  const titleWords = analyseText(title).words;
  const context: Context = {
    sentences,
    antecedents: new Map(),
    titleKeys: new Set(titleWords.filter((w) => isContentWord(w)).map((w) => w.key)),
    titleStems: new Set(
      titleWords
        .flatMap((w) => w.parts.map((part) => part.text.toLowerCase()))
        .filter((part) => hasLetter(part) && !STOP_WORDS.has(part))
        .map(stem),
    ),
    titleWords: new Set(titleWords.map((w) => w.key)),
  };
  const background = new Set(ranked.filter((c) => c.aboutThePaper === false).map((c) => c.index));
  const aboutThePaper = (index: number) => !background.has(index);
  for (const demands of STEPS) {
    for (const { index, score } of ranked) {
      if (score < best.score - demands.gap) break;
      const alone =
        !demands.aboutThePaper || aboutThePaper(index)
          ? wholeSummaryAt(index, context, demands)
          : null;
      const chosen = alone ?? pairedSummaryAt(index, context, demands, aboutThePaper);
      if (chosen !== null) return chosen;
    }
  }
  return toSummary(sentences[best.index] ?? sentences[0] ?? '');
}
