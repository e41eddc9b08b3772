/**
 * The summary: the contribution sentence, minimally rewritten: its lead-in dropped ("To address
 * this, we…" → "We…"), cut at a clause boundary when long, ending with a period.
 */
import { AUTHORS } from '../../text/statements';
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
