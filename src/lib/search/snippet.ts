/**
 * Snippets and highlight ranges. Ranges are offsets into the returned strings, so the UI builds
 * text nodes and <mark> elements from them and never parses record text as HTML.
 */
import { scanTokens } from './text';

/** A highlighted stretch: `[start, end)` in UTF-16 offsets of the string it belongs to. */
export type Range = [start: number, end: number];

/** Says which query words a folded term matches, as a bit mask (0: none). */
export type TermMatcher = (term: string) => number;

/** A piece of a text around its best match, with the matches to highlight. */
export interface Snippet {
  text: string;
  ranges: Range[];
}

const ELLIPSIS = '…';
const SPACE_RE = /\s/;

interface Hit {
  start: number;
  end: number;
  mask: number;
}

/** A text's words, folded, with their offsets: scanned once, then matched against every query. */
interface ScannedText {
  /** Each distinct folded word once: the matcher is asked about each only once per text. */
  distinct: string[];
  /** Per word of the text, in order: its index in `distinct`. */
  words: Uint32Array;
  /** `[start, end)` of word i at 2i and 2i + 1. */
  bounds: Uint32Array;
}

/**
 * Texts scanned lately (abstracts, titles, names). The same papers come back query after query
 * (every keystroke of a query shows mostly the same papers, and a small corpus only has a few
 * dozen): folding their words again was most of a query's time at 57 papers. Forgotten
 * wholesale when full.
 */
const scannedTexts = new Map<string, ScannedText>();
/** An abstract, a title and a name per result: the texts of about 300 results. */
const SCANNED_LIMIT = 1000;

function scan(text: string): ScannedText {
  const index = new Map<string, number>();
  const words: number[] = [];
  const offsets: number[] = [];
  scanTokens(text, (term, start, end) => {
    let at = index.get(term);
    if (at === undefined) {
      at = index.size;
      index.set(term, at);
    }
    words.push(at);
    offsets.push(start, end);
  });
  return {
    distinct: [...index.keys()],
    words: Uint32Array.from(words),
    bounds: Uint32Array.from(offsets),
  };
}

function scanned(text: string): ScannedText {
  let found = scannedTexts.get(text);
  if (!found) {
    if (scannedTexts.size >= SCANNED_LIMIT) scannedTexts.clear();
    found = scan(text);
    scannedTexts.set(text, found);
  }
  return found;
}

function findHits(text: string, matcher: TermMatcher): Hit[] {
  const { distinct, words, bounds } = scanned(text);
  const masks = distinct.map(matcher);
  const hits: Hit[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const mask = masks[words[i]!]!;
    if (mask !== 0) hits.push({ start: bounds[2 * i]!, end: bounds[2 * i + 1]!, mask });
  }
  return hits.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Sorted, non-overlapping ranges: a hyphenated compound and its parts may all match. */
function mergeRanges(hits: readonly Hit[]): Range[] {
  const ranges: Range[] = [];
  for (const hit of hits) {
    const last = ranges[ranges.length - 1];
    if (last && hit.start <= last[1]) last[1] = Math.max(last[1], hit.end);
    else ranges.push([hit.start, hit.end]);
  }
  return ranges;
}

/** Ranges of every matching word of `text` (used for titles and names, which are shown whole). */
export function highlightRanges(text: string, matcher: TermMatcher): Range[] {
  return mergeRanges(findHits(text, matcher));
}

function countBits(mask: number): number {
  let bits = 0;
  for (let m = mask; m !== 0; m &= m - 1) bits += 1;
  return bits;
}

/** The hit to centre the snippet on: the one whose window shows the most distinct query words. */
function bestAnchor(hits: readonly Hit[], span: number): Hit | undefined {
  let best: Hit | undefined;
  let bestScore = -1;
  hits.forEach((anchor, i) => {
    let mask = 0;
    let count = 0;
    for (let j = i; j < hits.length; j += 1) {
      const hit = hits[j];
      if (!hit || hit.end > anchor.start + span) break;
      mask |= hit.mask;
      count += 1;
    }
    const score = countBits(mask) * 1000 + count;
    if (score > bestScore) {
      best = anchor;
      bestScore = score;
    }
  });
  return best;
}

/** Moves a window start back to a sentence start close by, or forward to the next word start. */
function snapStart(text: string, from: number, anchor: number): number {
  if (from <= 0) return 0;
  const sentence = text.slice(from, anchor).search(/[.!?]\s+\S[^.!?]*$/);
  if (sentence >= 0) {
    const afterStop = text.slice(from + sentence).search(/\s\S/);
    return from + sentence + afterStop + 1;
  }
  const space = text.slice(from, anchor).search(/\s\S/);
  return space >= 0 ? from + space + 1 : anchor;
}

/** Moves a window end back to the end of the last whole word. */
function snapEnd(text: string, start: number, to: number, mustReach: number): number {
  if (to >= text.length) return text.length;
  // The last space of text[start..to] (a backward scan: `/\s\S*$/` retried from every space).
  let cut = to;
  while (cut > start && !SPACE_RE.test(text[cut] ?? '')) cut -= 1;
  const end = cut > start ? cut : to;
  return Math.max(end, Math.min(mustReach, text.length));
}

/**
 * Up to about `maxLength` characters of `text` around the stretch with the most distinct query
 * words, with `…` where text was cut and the ranges of the matching words inside it.
 */
export function makeSnippet(text: string, matcher: TermMatcher, maxLength = 200): Snippet {
  const hits = findHits(text, matcher);
  const lead = Math.floor(maxLength / 5);
  const anchor = bestAnchor(hits, maxLength - lead);
  const start = anchor ? snapStart(text, anchor.start - lead, anchor.start) : 0;
  const end = snapEnd(text, start, start + maxLength, anchor?.end ?? 0);
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < text.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  const ranges = mergeRanges(hits.filter((h) => h.start >= start && h.end <= end)).map(
    ([s, e]): Range => [s + shift, e + shift],
  );
  return { text: prefix + text.slice(start, end).trimEnd() + suffix, ranges };
}
