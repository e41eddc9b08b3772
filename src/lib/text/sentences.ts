/**
 * Splits plain text into sentences: the Unicode sentence rules (Intl.Segmenter, built into Node)
 * plus the repairs abstracts need, so `e.g.`, `vs. B`, `Jan. 2025` or `Fig. 2` never end a sentence
 * and `science.With` (a missing space) does.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Abbreviations that end with a period but rarely end a sentence in an abstract. */
const ABBREVIATION_AT_END =
  /(?:^|[\s(])(?:e\.g|i\.e|et al|vs|cf|fig|figs|eq|eqs|sec|secs|tab|approx|resp|ref|refs|incl|esp|w\.r\.t|a\.k\.a|i\.i\.d|dr|mr|mrs|ms|prof|st|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$/i;

/** A segment that cannot start a sentence: it opens with a lowercase letter, a digit or a bracket. */
const CONTINUATION_START = /^[\p{Ll}\p{N})\]]/u;

/** `science.With`: a lowercase word, a period and a capitalised word, with no space between. */
const MISSING_SPACE = /\p{Ll}{2}\.(?=\p{Lu}\p{Ll})/gu;

/** The longest stretch looked at behind a missing-space period to tell a word from a URL. */
const TOKEN_LOOKBEHIND = 80;

/** A sentence and its character offsets in the text it was split from. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** The sentences of `text`, trimmed, in order; empty when the text has no words. */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map((span) => span.text);
}

/**
 * Printable ASCII without `.`, `!` or `?` except one at the end (closing quotes and brackets, then
 * spaces, may follow it): by the Unicode sentence rules such a text is one sentence (breaks follow
 * only terminators and line breaks), so the segmenter is not asked. Titles, statements and terms
 * are split this way thousands of times in an ingest.
 */
const ONE_SENTENCE = /^[\t\x20\x22-\x2d\x2f-\x3e\x40-\x7e]*(?:[.!?]["')\]]*[\t\x20]*)?$/;

/** A text {@link ONE_SENTENCE} allows, as its one sentence (none when it is blank). */
function oneSentence(text: string): SentenceSpan[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const start = text.indexOf(trimmed);
  return [{ text: trimmed, start, end: start + trimmed.length }];
}

/** The last text split and its sentences: one abstract is split by several readers in a row. */
let lastSplit: { text: string; spans: readonly SentenceSpan[] } | null = null;

/** {@link splitSentences} with each sentence's offsets: the one sentence splitter of the project. */
export function sentenceSpans(text: string): readonly SentenceSpan[] {
  // Short texts skip the memo too, so that it keeps the abstract being read.
  if (ONE_SENTENCE.test(text)) return oneSentence(text);
  if (lastSplit?.text === text) return lastSplit.spans;
  const spans = Object.freeze(splitSpans(text));
  lastSplit = { text, spans };
  return spans;
}

/** {@link sentenceSpans} without the shortcut: always through the segmenter and the repairs. */
export function splitSpans(text: string): SentenceSpan[] {
  const merged: SentenceSpan[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    const trimmed = segment.trim();
    if (trimmed === '') continue;
    const start = index + segment.indexOf(trimmed);
    const span = { text: trimmed, start, end: start + trimmed.length };
    const previous = merged.at(-1);
    if (previous !== undefined && continuesPrevious(previous.text, trimmed)) {
      merged[merged.length - 1] = {
        text: text.slice(previous.start, span.end),
        start: previous.start,
        end: span.end,
      };
    } else {
      merged.push(span);
    }
  }
  return merged.flatMap(splitMissingSpaces);
}

/** Only the end of the previous sentence can hold the abbreviation; testing more is wasted work. */
const ABBREVIATION_TAIL = 12;

function continuesPrevious(previous: string, next: string): boolean {
  return (
    CONTINUATION_START.test(next) || ABBREVIATION_AT_END.test(previous.slice(-ABBREVIATION_TAIL))
  );
}

/** Splits `…science.With the…` where a dump lost the space after a full stop, but not URLs. */
function splitMissingSpaces(span: SentenceSpan): SentenceSpan[] {
  const parts: SentenceSpan[] = [];
  const sentence = span.text;
  let start = 0;
  const push = (from: number, to: number) => {
    const slice = sentence.slice(from, to);
    const trimmed = slice.trim();
    if (trimmed === '') return;
    const at = span.start + from + slice.indexOf(trimmed);
    parts.push({ text: trimmed, start: at, end: at + trimmed.length });
  };
  for (const match of sentence.matchAll(MISSING_SPACE)) {
    const stop = (match.index ?? 0) + 3;
    if (isInsideUrlOrName(sentence, stop)) continue;
    push(start, stop);
    start = stop;
  }
  push(start, sentence.length);
  return parts;
}

/** The word holding the period looks like a URL, an e-mail or a dotted name (`arxiv.org/Abs`). */
function isInsideUrlOrName(sentence: string, stop: number): boolean {
  const from = Math.max(0, stop - TOKEN_LOOKBEHIND);
  const before = sentence.slice(from, stop - 1);
  const word = before.slice(before.search(/\S*$/));
  return /[/@.:]/.test(word);
}
