/**
 * The summary: the contribution sentence, minimally rewritten: its lead-in dropped ("To address
 * this, we…" → "We…"), cut at a clause boundary when long, ending with a period.
 */
import { tagSentence } from '../../text/nlp';
import { AUTHORS } from '../../text/statements';
import { analyseText, isContentWord, isGenericWord } from '../../text/terms';
import { capitaliseFirst, fitToLength, withoutTrailingPunctuation } from './fit';

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
 * "Moreover, …", "In particular, …". Dropped; what follows stands on its own.
 */
const LEADING_CONNECTIVE =
  /^(?:however|moreover|furthermore|additionally|in addition|finally|also|thus|therefore|hence|consequently|nevertheless|nonetheless|instead|similarly|likewise|besides|indeed|in particular|specifically|importantly|notably|crucially|overall|in summary|in short|in contrast|as a result|second(?:ly)?|third(?:ly)?|first(?:ly)?|lastly|yet|still),\s+/i;

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
  /** False for a sentence about the field, not this paper: only ever shown as the best one. */
  aboutThePaper?: boolean;
}

/** Candidates this far below the best are not about the contribution any more: not shown. */
const MAX_SCORE_GAP = 2.5;
/** When none of those qualifies, sentences this far below (never one that repeats the title). */
const MAX_WIDER_GAP = 6;
/** "We also…", "It can also…": an aside beside the contribution. */
const ALSO_ASIDE = /^(?:\S+\s+){0,3}also\b/i;
/** "this X", "these X", "such X": a pointer to something said before. Group: X. */
const POINTER = /\b(?:this|these|such)\s+(\p{L}[\p{L}-]*)/giu;
/** Nouns a pointer may name without an antecedent: the paper itself, a way, an end. */
const SELF_REFERENCE =
  /^(?:paper|work|study|article|thesis|end|way|reason|regard|respect|purpose)$/i;
/** Counts and quantities say how much, not what ("two", "several", "novel"). */
const COUNT_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|several|many|multiple|various|few|both|each|all|new|novel|different|complementary|first|second|third|same|other|simple|key|main|important)$/i;

/** Content stems of a text (no stop word, no rhetoric). */
function contentKeys(text: string): Set<string> {
  return new Set(
    analyseText(text)
      .words.filter((w) => isContentWord(w))
      .map((w) => w.key),
  );
}

/**
 * Whether a sentence says something: two or more distinct nouns (as the part-of-speech tagger
 * reads them) that are content words, no generic research noun ("method", "results") and no count
 * ("two"). One noun with nothing around it is a verb and its object's head ("We propose two
 * complementary and fully automated methodologies"): what the methods are about is missing.
 */
export function hasContentNoun(sentence: string): boolean {
  const nouns = new Set<string>();
  for (const token of tagSentence(sentence).tokens) {
    if (token.pos !== 'NOUN' && token.pos !== 'PROPN' && token.pos !== 'X') continue;
    if (!token.content || COUNT_WORD.test(token.text)) continue;
    const word = analyseText(token.text).words[0];
    if (word !== undefined && isContentWord(word) && !isGenericWord(word)) nouns.add(word.key);
  }
  return nouns.size >= 2;
}

/**
 * What a sentence points back at that `shown` (the title and whatever the summary shows before it)
 * does not hold: the noun of "this/these/such X", or the pronoun that opens it; null when nothing.
 */
export function unseenPointer(sentence: string, shown: ReadonlySet<string>): string | null {
  const text = withoutOpener(sentence);
  for (const match of text.matchAll(POINTER)) {
    const at = match.index + match[0].length - match[1]!.length;
    // "such as", "such that": a list or a consequence, not a pointer.
    if (/^such$/i.test(match[0].split(/\s+/)[0]!) && /^(?:as|that)$/i.test(match[1]!)) continue;
    // The noun pointed at: the first content word after at most two counts or adjectives of
    // degree ("these two limitations", "this new perspective"); none ("this is", "we do this
    // by") makes the determiner a pronoun, whose antecedent came before.
    const words = text.slice(at).split(/\s+/).slice(0, 3);
    const noun = words.find((word) => !COUNT_WORD.test(word) && contentKeys(word).size > 0);
    if (noun === undefined || words.indexOf(noun) > 2 || contentKeys(words[0]!).size === 0) {
      if (!COUNT_WORD.test(words[0] ?? '')) return match[0].split(/\s+/)[0]!;
    }
    if (noun === undefined) return match[0];
    if (SELF_REFERENCE.test(noun.replace(/[^\p{L}-]/gu, ''))) continue;
    const key = [...contentKeys(noun)][0];
    if (!key || shown.has(key)) continue;
    if (!contentKeys(text.slice(0, match.index)).has(key)) return match[0];
  }
  return pronounOpener(text);
}

/** "It…", "They…", "This allows…": a pronoun as the subject, whose antecedent came before. */
function pronounOpener(text: string): string | null {
  const tokens = tagSentence(text.slice(0, 60)).tokens;
  const [first, second] = tokens;
  if (!first) return null;
  if (/^(?:it|its|they|their|them)$/i.test(first.text)) return first.text;
  if (
    /^(?:this|these|those|that)$/i.test(first.text) &&
    second &&
    ['VERB', 'AUX', 'ADV'].includes(second.pos)
  )
    return first.text;
  return null;
}

/**
 * Sentence `index` as a whole summary, or null: it must fit, say something, be no "also" aside,
 * and point at nothing the title does not show.
 */
function wholeSummaryAt(
  sentences: readonly string[],
  index: number,
  titleKeys: ReadonlySet<string>,
  pointers: 'checked' | 'allowed' = 'checked',
): string | null {
  const sentence = sentences[index]!;
  const body = withoutLeadIn(sentence);
  if (toSummary(sentence).length > MAX_SUMMARY_LENGTH - 1 || body.length > MAX_SUMMARY_LENGTH - 1)
    return null;
  if (ALSO_ASIDE.test(body) || !hasContentNoun(body)) return null;
  // A pointer whose antecedent the card does not show: another sentence is chosen (a summary is
  // one sentence, so the one before it is not added).
  return pointers === 'allowed' || unseenPointer(sentence, titleKeys) === null
    ? toSummary(sentence)
    : null;
}

/**
 * The summary from ranked sentences, chosen whole, never cut (docs/naming.md): the best-ranked
 * sentence that fits, says something (a content noun), is not an "also" aside and points at
 * nothing the card does not show ("This allows…", "these agents"). When no candidate within
 * {@link MAX_SCORE_GAP} (then {@link MAX_WIDER_GAP}) of the best qualifies, the best one as before.
 */
export function chooseWholeSummary(
  sentences: readonly string[],
  ranked: readonly SummaryCandidate[],
  title: string,
): string {
  const best = ranked[0];
  if (!best) return toSummary(sentences[0] ?? '');
  const titleKeys = contentKeys(title);
  // First among the candidates close to the best, then a little further down.
  for (const gap of [MAX_SCORE_GAP, MAX_WIDER_GAP]) {
    for (const { index, score, aboutThePaper } of ranked) {
      if (score < best.score - gap) break;
      if (aboutThePaper === false && index !== best.index) continue;
      const chosen = wholeSummaryAt(sentences, index, titleKeys);
      if (chosen !== null) return chosen;
    }
  }
  // Still none: one that says something and is no aside, even if it points back.
  for (const { index, score } of ranked) {
    if (score < best.score - MAX_WIDER_GAP) break;
    const chosen = wholeSummaryAt(sentences, index, titleKeys, 'allowed');
    if (chosen !== null) return chosen;
  }
  return toSummary(sentences[best.index] ?? sentences[0] ?? '');
}
