/**
 * Shortening phrases into titles and sentences into summaries: cut at the best boundary that fits,
 * never leave a dangling "of"/"the", keep brackets and quotes balanced.
 */
import { withoutControls } from '../limits';

/** Words a title or a cut summary must not end with. */
const DANGLING = new Set(
  `the of and with for to a an in on by via that which or but as at from into is are was were be
  its their our his her this these those such e.g. e.g i.e. i.e than whether how when where while
  using based between both either whose across within without under over through per vs vs.
  versus not can may will only also more most so thus then we it each every all any no one two`.split(
    /\s+/,
  ),
);
/** Characters a title or a cut summary must not end with. */
const TRAILING_PUNCTUATION = new Set([...' ,;:.!?…–—-']);
/** What a cut can leave hanging: "a framework that shifts", "a benchmark focused exclusively". */
const STUB_CLAUSE = /\s(?:that|which|who|to)\s+[\p{L}-]+$|\s\p{L}+ed\s+\p{L}+ly$/u;

/**
 * Cut points, best first, each with the shortest share of the limit it may leave before a worse
 * kind of cut is tried. A cut keeps the text before the match. A colon or a clause break leaves a
 * complete phrase; before a preposition or relative word the phrase still ends on its head noun;
 * inside a list or at any space is the last resort.
 */
const CUT_PREFERENCES: readonly { boundary: RegExp; minShare: number }[] = [
  { boundary: /[:;](?= )/g, minShare: 0.2 },
  {
    boundary:
      /, (?=(?:which|where|while|whereas|thereby|thus|enabling|allowing|yielding|resulting|leading|making|such as|including|e\.g\.|i\.e\.|a|an|the|as|but|so|without|with|specifically|particularly|namely|notably|especially|complemented|followed|supported|combined|together|along)\b)| (?=\()| (?=[—–-] )/g,
    minShare: 0.45,
  },
  {
    boundary:
      / (?=(?:that|which|to|for|via|by|with|using|through|in|on|of|from|across|within|where|when|while|based|under|over|into|at|as|without|between|against|than|whose)\b)/g,
    minShare: 0.45,
  },
  { boundary: /,(?= )| (?=(?:and|or)\b)/g, minShare: 0.45 },
  { boundary: / /g, minShare: 0 },
];

/** `text` cut at the best boundary so it has at most `limit` characters, with a clean end. */
export function fitToLength(text: string, limit: number): string {
  const clean = tidyEnd(text);
  if (clean.length <= limit) return clean;
  for (const { boundary, minShare } of CUT_PREFERENCES) {
    const at = lastBoundary(clean, boundary, limit);
    if (at === -1 || at < Math.floor(limit * minShare)) continue;
    const cut = tidyEnd(clean.slice(0, at), true);
    if (cut.length > 0 && cut.length <= limit) return cut;
  }
  return tidyEnd(hardCut(clean, limit), true);
}

/** Position of the last boundary match ending no later than `limit`, or -1. */
function lastBoundary(text: string, boundary: RegExp, limit: number): number {
  let last = -1;
  const window = text.slice(0, limit + 1);
  for (const match of window.matchAll(boundary)) {
    if ((match.index ?? 0) <= limit) last = match.index ?? -1;
  }
  return last;
}

/** The first `limit` characters, never splitting a surrogate pair. */
function hardCut(text: string, limit: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > limit) break;
    out += char;
  }
  return out;
}

/**
 * Drops trailing punctuation and dangling words, and cuts before brackets or quotes left open;
 * after a cut, also a relative clause or infinitive left with only its verb.
 */
export function tidyEnd(text: string, wasCut = false): string {
  let out = balance(text.replace(/\s+/g, ' ').trim());
  for (;;) {
    const trimmed = withoutDanglingWord(withoutTrailingPunctuation(out));
    const next = balance(wasCut ? trimmed.replace(STUB_CLAUSE, '') : trimmed);
    if (next === out) return out;
    out = next;
  }
}

/** The text without spaces and punctuation at its end. */
export function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
}

function withoutDanglingWord(text: string): string {
  const space = text.lastIndexOf(' ');
  if (space === -1 || !DANGLING.has(text.slice(space + 1).toLowerCase())) return text;
  return text.slice(0, space);
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '“': '”', '‘': '’' };
const CLOSERS = new Set(Object.values(PAIRS));

const BRACKET_OR_QUOTE = /[()[\]{}“”‘’"]/;

/** Cuts before the first bracket or quote left open, and drops closers with no opener. */
function balance(text: string): string {
  if (!BRACKET_OR_QUOTE.test(text)) return text;
  const open: { char: string; at: number }[] = [];
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char in PAIRS) open.push({ char, at: out.length });
    else if (CLOSERS.has(char) && !closes(open, char)) continue;
    else if (CLOSERS.has(char)) open.pop();
    out += char;
  }
  const straight = straightQuoteCut(out);
  const firstOpen = open[0]?.at ?? out.length;
  return out.slice(0, Math.min(firstOpen, straight)).trim();
}

function closes(open: readonly { char: string }[], closer: string): boolean {
  const top = open.at(-1);
  return top !== undefined && PAIRS[top.char] === closer;
}

/** Where an unpaired `"` opens (cut there), or the text's length when quotes pair up. */
function straightQuoteCut(text: string): number {
  const quotes = [...text.matchAll(/"/g)].map((m) => m.index ?? 0);
  return quotes.length % 2 === 1 ? (quotes.at(-1) ?? text.length) : text.length;
}

/** Half a surrogate pair (a `.jsonl` abstract may hold `"\ud800"`): with `u`, a whole pair is one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/**
 * What a title or summary never shows: the controls no given field shows either (`withoutControls`,
 * ingest/limits.ts: a bidi override reverses whatever a card shows after it) and a lone surrogate half.
 */
export function withoutUnprintable(text: string): string {
  return withoutControls(text).replace(LONE_SURROGATE, '');
}

/** Sentence case: the first letter upper-cased when the first word is an ordinary lowercase word. */
export function capitaliseFirst(text: string): string {
  const match = /^([^\p{L}\p{N}]*)(\p{Ll})(\p{Ll}*)(?=[\s,;:'’\-–—)"”]|$)/u.exec(text);
  if (!match) return text;
  const [whole, lead = '', letter = '', rest = ''] = match;
  return `${lead}${letter.toUpperCase()}${rest}${text.slice(whole.length)}`;
}
