/**
 * Turns the lines of one dump paragraph into the normalised abstract: the text every record is keyed,
 * hashed and deduplicated by. Normalising must depend on the paragraph alone (never on other dumps), or
 * an abstract's id and slug would change when dumps are added.
 */

/** Words that end a suspended hyphen (`pre- and post-training`, `first- or second-order`). */
const SUSPENSION_WORDS = new Set(['and', 'or', 'to', 'nor', 'vs', 'versus']);

/** First parts that stay hyphenated when a line break split them from the rest (`non- linear`). */
const HYPHENATED_PREFIXES = new Set([
  'non',
  'self',
  'multi',
  'cross',
  'semi',
  'meta',
  'well',
  'inter',
  'intra',
  'out',
  'fine',
  'coarse',
  'few',
  'zero',
  'one',
  'two',
  'three',
  'single',
  'long',
  'short',
  'high',
  'low',
  'large',
  'small',
  'open',
  'closed',
  'end',
  'real',
  'state',
  'task',
  'data',
  'model',
  'human',
  'text',
  'image',
  'video',
  'vision',
  'language',
]);

/** Second parts that make a compound, not the tail of a hyphenated word (`model- based`). */
const COMPOUND_SECOND_PARTS = new Set([
  'based',
  'aware',
  'specific',
  'driven',
  'free',
  'level',
  'wise',
  'like',
  'agnostic',
  'dependent',
  'independent',
  'invariant',
  'efficient',
  'intensive',
  'oriented',
  'centric',
  'guided',
  'conditioned',
  'shot',
  'order',
  'scale',
  'grained',
  'tuned',
  'trained',
  'supervised',
  'of',
  'the',
  'art',
  'world',
  'time',
  'step',
  'term',
  'off',
  'up',
  'in',
  'on',
]);

/**
 * `left- right`: a letter-or-digit word ending in a hyphen followed by a space and a lowercase word.
 * The word must start the text or follow a space or an opening bracket/quote, so `$x- y$`,
 * `\alpha- b` and URLs (which contain no spaces) are never touched.
 */
const SPLIT_HYPHEN = /(?<=^|[\s([{"'“‘])([\p{L}\p{N}][\p{L}\p{N}-]*)- (?=(\p{Ll}\p{L}*))/gu;

/** Zero-width characters and soft hyphens a PDF copy leaves inside words; they carry no text. */
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;
/** Tabs, form feeds, other control characters and every Unicode space become one plain space. */
const SPACE_RUN = /[\p{Zs}\p{Cc}]+/gu;

/** NFC, no invisible characters, every run of spaces collapsed to one, trimmed. One line of text. */
export function normalizeWhitespace(text: string): string {
  // Most abstracts are plain printable ASCII: skip the Unicode passes for them (2× faster ingest).
  if (!NOT_PRINTABLE_ASCII.test(text)) return text.replace(/ {2,}/g, ' ').trim();
  return text.normalize('NFC').replace(INVISIBLE, '').replace(SPACE_RUN, ' ').trim();
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7E]/;

/**
 * Joins the hard-wrapped lines of a paragraph with one space. A line ending in a hyphen right after a
 * letter or digit joins the next line without a space when that line starts with something other
 * than a lowercase letter (`GPT-` + `4`); otherwise the `word- next` pair is left for
 * {@link repairHyphenation} to judge, like the same split inside a line.
 */
export function joinLines(lines: readonly string[]): string {
  let joined = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    const glued = joined === '' || (/[\p{L}\p{N}]-$/u.test(joined) && !/^\p{Ll}/u.test(line));
    joined += glued ? line : ` ${line}`;
  }
  return normalizeWhitespace(joined);
}

/** How `left- right` reads once repaired: joined, hyphenated, or left as written. */
export function repairHyphenPair(
  left: string,
  right: string,
  text: string,
  spelled: (word: string) => boolean = spellingsOf(text),
): string {
  const lowerLeft = left.toLowerCase();
  const lowerRight = right.toLowerCase();
  if (SUSPENSION_WORDS.has(lowerRight)) return `${left}- ${right}`;
  if (spelled(`${lowerLeft}-${lowerRight}`)) return `${left}-${right}`;
  if (spelled(`${lowerLeft}${lowerRight}`)) return `${left}${right}`;
  const isCompoundAlready = left.includes('-') || /\p{N}/u.test(left) || /.\p{Lu}/u.test(left);
  if (isCompoundAlready) return `${left}-${right}`;
  if (HYPHENATED_PREFIXES.has(lowerLeft) || COMPOUND_SECOND_PARTS.has(lowerRight)) {
    return `${left}-${right}`;
  }
  return `${left}${right}`;
}

/** Hyphenated parts a looked-up spelling may span: longer ones are searched for in the text. */
const MAX_SPELLING_PARTS = 8;

/**
 * Whether the text (lower-cased) writes a word, between characters that are no letter or digit (a
 * hyphen is such a character: `multi-task-learning` writes `multi-task`). Made once per text: every
 * run of letters, digits and hyphens and each of its spans of up to MAX_SPELLING_PARTS parts go
 * into a set, so a text of thousands of pairs is read once, not once a pair (a red team's 280 KB
 * abstract took 56 s).
 */
function spellingsOf(text: string): (word: string) => boolean {
  const lower = text.toLowerCase();
  const spellings = new Set<string>();
  for (const [run] of lower.matchAll(/[\p{L}\p{N}-]+/gu)) {
    const parts = run.split('-');
    for (let i = 0; i < parts.length; i++) {
      let span = '';
      for (let j = i; j < Math.min(parts.length, i + MAX_SPELLING_PARTS); j++) {
        span = j === i ? parts[j]! : `${span}-${parts[j]!}`;
        spellings.add(span);
      }
    }
  }
  return (word) =>
    word.split('-').length <= MAX_SPELLING_PARTS ? spellings.has(word) : containsWord(lower, word);
}

function containsWord(haystack: string, word: string): boolean {
  let from = haystack.indexOf(word);
  while (from !== -1) {
    const before = haystack[from - 1] ?? ' ';
    const after = haystack[from + word.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    from = haystack.indexOf(word, from + 1);
  }
  return false;
}

/**
 * Repairs words a PDF split at a line end (`ref- erencing` → `referencing`) without breaking real
 * compounds (`multi- task` → `multi-task`) or suspended hyphens (`pre- and post-training`). The text's
 * own spelling elsewhere decides first; then acronyms, known prefixes and compound tails keep the
 * hyphen; anything else is joined.
 */
export function repairHyphenation(text: string): string {
  if (!text.includes('- ')) return text;
  // The right word is only looked at, not consumed, so in a chain (`multi- multi- task`) it can be
  // the next pair's left word: one pass repairs every pair, and a second pass changes nothing.
  const spelled = spellingsOf(text);
  return text.replace(SPLIT_HYPHEN, (_pair, left: string, right: string) =>
    repairHyphenPair(left, right, text, spelled).slice(0, -right.length),
  );
}

/**
 * "Abstract: …", "ABSTRACT. …", "Abstract — …", or "Abstract" alone on the first line: the heading a
 * copy from a PDF or a web page keeps. It is no word of the abstract (it became a keyword and the
 * start of the first sentence). "Abstract interpretation is…" has no such mark and is kept.
 */
const ABSTRACT_LABEL = /^\s*abstract\s*(?:[:.\u2014\u2013]|-(?=\s))\s*(?=\S)/i;
const ABSTRACT_LABEL_LINE = /^\s*abstract\s*[:.\u2014\u2013-]?\s*$/i;

/** The abstract without a leading "Abstract:" heading. */
export function dropAbstractLabel(lines: readonly string[]): readonly string[] {
  const first = lines[0];
  if (first === undefined) return lines;
  if (ABSTRACT_LABEL_LINE.test(first) && lines.slice(1).some((line) => line.trim() !== '')) {
    return lines.slice(1);
  }
  return ABSTRACT_LABEL.test(first)
    ? [first.replace(ABSTRACT_LABEL, ''), ...lines.slice(1)]
    : lines;
}

/**
 * Where a publisher's copyright notice may begin: a sentence that opens with ©, "(C)",
 * "Copyright" or "This article is protected by copyright." ({@link isCopyrightNotice} decides).
 */
const NOTICE_START =
  /(?<=[.!?…)\]"'”’])\s+(?=©|\([Cc]\)|COPYRIGHT\b|Copyright\b|This article is protected by copyright\.)/gu;
/** The notice's mark and what follows it: a year, "the author(s)", or "Copyright by". */
const NOTICE_MARK =
  /^(?:(?:COPYRIGHT|Copyright)\s*)?(?:©|\([Cc]\))\s*(?:(?:19|20)\d\d|[Tt]he [Aa]uthor)|^(?:COPYRIGHT|Copyright)\s+(?:(?:19|20)\d\d|by)\b/u;
/** Words only a notice's body says. */
const NOTICE_WORDS =
  /\ball rights reserved\b|\bthe authors?\b|\bthe author\(s\)|\bpublished by\b|\blicen[cs]ed?\b/i;

/**
 * Whether the end of an abstract, from a sentence's start, is a publisher's copyright notice, as
 * Scopus, PubMed and Web of Science exports keep it: "© 2023 Elsevier Ltd. All rights reserved.",
 * "Copyright © 2020 …", "© The Author(s) 2023. Published by …", "(C) 2019 IEEE.", "This article
 * is protected by copyright. All rights reserved." A mark with a year, then a notice's words or at
 * most six words in all, at most 400 characters: "© symbols in our tables…", "Copyright 2019
 * rulings in the EU…" and "(C) 2021 Census data and two other sources show…" are the paper's.
 */
function isCopyrightNotice(tail: string): boolean {
  if (tail.length > 400) return false;
  if (/^This article is protected by copyright\. All rights reserved\.?$/.test(tail)) return true;
  if (!NOTICE_MARK.test(tail)) return false;
  return NOTICE_WORDS.test(tail) || tail.split(/\s+/).length <= 6;
}

/** The text without a closing copyright notice (see {@link isCopyrightNotice}); two in a row go. */
export function dropCopyrightNotice(text: string): string {
  // Most abstracts hold none of the notice's marks: one scan instead of a match tried at every space.
  const marked = ['©', '(C)', '(c)', 'opyright', 'OPYRIGHT'].some((mark) => text.includes(mark));
  if (!marked) return text;
  for (const start of text.matchAll(NOTICE_START)) {
    if (isCopyrightNotice(text.slice(start.index + start[0].length)))
      return text.slice(0, start.index);
  }
  return text;
}

/**
 * The normalised abstract of one paragraph: heading dropped, joined lines, NFC, single spaces,
 * hyphenation repaired, a closing copyright notice dropped.
 */
export function normalizeAbstract(lines: readonly string[]): string {
  return dropCopyrightNotice(repairHyphenation(joinLines(dropAbstractLabel(lines))));
}
