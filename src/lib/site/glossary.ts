/**
 * The acronym glossary: every acronym the abstracts define, its expansions, and every paper that uses
 * it, i.e. defines it or mentions the short form. Built once at build time from the records.
 */
import type { Paper } from '../schema';
import { analyseText, isAcronymLike, stripAcronymPlural } from '../text/terms';
import { readablePart } from '../text/slug';
import { glossaryPagePath } from './urls';

/** What the glossary reads of a paper. */
export type GlossaryPaper = Pick<Paper, 'slug' | 'plainText' | 'acronyms'>;

/** One way an acronym is spelled out, with the papers that spell it out that way. */
export interface Expansion {
  /** The most common spelling among the papers that use this expansion. */
  long: string;
  /** Slugs of the papers defining the acronym this way, in corpus order. */
  definedBy: string[];
}

/** One acronym of the glossary. */
export interface GlossaryEntry {
  /** The short form as defined, singular (`LLM`, not `LLMs`). */
  short: string;
  /** A URL fragment id unique within the glossary, e.g. `llm`. */
  id: string;
  /** Its expansions, the most used first. */
  expansions: Expansion[];
  /** Every paper that defines or mentions it, in corpus order. */
  papers: string[];
  /** The papers in `papers` that mention it without defining it. */
  mentionedBy: string[];
}

/** Two expansions are the same when they differ only in case, hyphens, spacing or a final plural `s`. */
export function expansionKey(long: string): string {
  return long
    .toLowerCase()
    .replace(/[\s\-‐‑–]+/g, ' ')
    .trim()
    .replace(/(\w{3,})s$/, '$1');
}

/**
 * Mentions are matched for short forms with two capitals or more (`isAcronymLike`): one like `Go`
 * or `k` would match ordinary words, so only its defining papers count.
 */

/** Every word of a text as written, each hyphenated word both whole and split (`LLM-based`, `LLM`). */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of analyseText(text).words) {
    words.add(word.text);
    if (word.parts.length > 1) for (const part of word.parts) words.add(part.text);
  }
  return words;
}

const WORD_SHORT_RE = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** Short forms with other characters (`A/B`, `C&W`) are not words: they are searched for in the text. */
function shortPattern(short: string): RegExp {
  const escaped = short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}s?(?![\\p{L}\\p{N}])`, 'u');
}

/**
 * The matchable short forms a text uses, singular or plural. Looks each word of the text up in the
 * set of short forms (not each short form in the text), so the cost grows with the text, not the glossary.
 */
function mentionedShorts(
  text: string,
  wordShorts: ReadonlySet<string>,
  otherShorts: readonly { short: string; pattern: RegExp }[],
): Set<string> {
  const found = new Set<string>();
  for (const word of wordsOf(text)) {
    const singular = stripAcronymPlural(word);
    if (wordShorts.has(singular)) found.add(singular);
  }
  for (const { short, pattern } of otherShorts) if (pattern.test(text)) found.add(short);
  return found;
}

/** The most frequent value of a list; ties go to the one seen first. */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? '';
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** URL-safe ids from short forms (`C/V` → `c-v`), made unique with a numeric suffix. */
function makeIds(shorts: readonly string[]): string[] {
  const used = new Set<string>();
  return shorts.map((short) => {
    const base = readablePart(short) || 'acronym';
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

interface Definitions {
  expansions: Map<string, { spellings: string[]; definedBy: string[] }>;
  definedBy: Set<string>;
}

function collectDefinitions(papers: readonly GlossaryPaper[]): Map<string, Definitions> {
  const byShort = new Map<string, Definitions>();
  for (const paper of papers) {
    for (const { short, long } of paper.acronyms) {
      const singular = stripAcronymPlural(short.trim());
      const defs = byShort.get(singular) ?? { expansions: new Map(), definedBy: new Set() };
      const key = expansionKey(long);
      const expansion = defs.expansions.get(key) ?? { spellings: [], definedBy: [] };
      expansion.spellings.push(long.trim());
      if (!expansion.definedBy.includes(paper.slug)) expansion.definedBy.push(paper.slug);
      defs.expansions.set(key, expansion);
      defs.definedBy.add(paper.slug);
      byShort.set(singular, defs);
    }
  }
  return byShort;
}

/** Slugs of the papers that mention each matchable short form without defining it, in corpus order. */
function collectMentions(
  papers: readonly GlossaryPaper[],
  definitions: ReadonlyMap<string, Definitions>,
): Map<string, string[]> {
  const matchable = [...definitions.keys()].filter(isAcronymLike);
  const wordShorts = new Set(matchable.filter((short) => WORD_SHORT_RE.test(short)));
  const otherShorts = matchable
    .filter((short) => !wordShorts.has(short))
    .map((short) => ({ short, pattern: shortPattern(short) }));
  const mentionsByShort = new Map<string, string[]>();
  for (const paper of papers) {
    for (const short of mentionedShorts(paper.plainText, wordShorts, otherShorts)) {
      if (definitions.get(short)?.definedBy.has(paper.slug)) continue;
      const slugs = mentionsByShort.get(short) ?? [];
      slugs.push(paper.slug);
      mentionsByShort.set(short, slugs);
    }
  }
  return mentionsByShort;
}

/** The glossary of a corpus: one entry per defined acronym, sorted by short form. */
export function buildGlossary(papers: readonly GlossaryPaper[]): GlossaryEntry[] {
  const definitions = collectDefinitions(papers);
  const mentionsByShort = collectMentions(papers, definitions);
  const shorts = [...definitions.keys()].sort(
    (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b),
  );
  const order = new Map(papers.map((paper, i) => [paper.slug, i]));
  const ids = makeIds(shorts);
  return shorts.map((short, i) => {
    const defs = definitions.get(short)!;
    const mentionedBy = mentionsByShort.get(short) ?? [];
    const expansions = [...defs.expansions.values()]
      .map((e) => ({ long: mostCommon(e.spellings), definedBy: e.definedBy }))
      .sort((a, b) => b.definedBy.length - a.definedBy.length);
    const all = [...defs.definedBy, ...mentionedBy].sort(
      (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
    );
    return { short, id: ids[i]!, expansions, papers: all, mentionedBy };
  });
}

// ---- Pages: the glossary is split so no page grows with the corpus beyond a fixed size. ----

/** Entries per glossary page: ~150 KB of HTML at most, whatever the corpus size. */
export const GLOSSARY_PAGE_SIZE = 400;
/** Papers listed under an entry; an entry used by more links to its own page listing all of them. */
export const INLINE_PAPERS = 8;

/** The URL of an entry within the paginated glossary. */
export function entryPath(entries: readonly GlossaryEntry[], id: string): string {
  const position = Math.max(
    0,
    entries.findIndex((entry) => entry.id === id),
  );
  return `${glossaryPagePath(Math.floor(position / GLOSSARY_PAGE_SIZE) + 1)}#${id}`;
}

/** The heading letter of a short form: its first letter, upper case, or `#` for anything else. */
export function letterOf(short: string): string {
  const first = short.normalize('NFKD').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

/** The first entry of each letter, in glossary order, with where it is: for an A–Z index. */
export function letterIndex(entries: readonly GlossaryEntry[]): { letter: string; href: string }[] {
  const index: { letter: string; href: string }[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const letter = letterOf(entry.short);
    if (seen.has(letter)) continue;
    seen.add(letter);
    index.push({ letter, href: entryPath(entries, entry.id) });
  }
  return index;
}

const glossaryFor = new WeakMap<object, GlossaryEntry[]>();

/** `buildGlossary`, once per records array: every glossary page shares it. */
export function getGlossary(papers: readonly GlossaryPaper[]): GlossaryEntry[] {
  let glossary = glossaryFor.get(papers);
  if (!glossary) {
    glossary = buildGlossary(papers);
    glossaryFor.set(papers, glossary);
  }
  return glossary;
}
