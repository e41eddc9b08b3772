/**
 * The acronym glossary: every acronym the abstracts define, its expansions, and every paper that uses
 * it, i.e. defines it or mentions the short form. Built once at build time from the records.
 */
import type { Paper } from './schema';

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

/** `LLMs` → `LLM`: a plural `s` after a capital is not part of the acronym. */
export function singularShort(short: string): string {
  return /^.*[A-Z0-9]s$/.test(short) && short.length > 2 ? short.slice(0, -1) : short;
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
 * Whether mentions of a short form can be found by matching it as a word. A short form with fewer
 * than two capitals (`Go`, `k`) would match ordinary words, so only its defining papers count.
 */
const isMatchableShort = (short: string): boolean => (short.match(/\p{Lu}/gu) ?? []).length >= 2;

// A word for mention matching: letters and digits, joined by inner hyphens (`GPT-4o`, `VLN-CE`).
const WORD_GROUP_RE = /[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)*/gu;
const WORD_PART_RE = /[\p{L}\p{N}]+/gu;

/** Every word of a text, each hyphenated group both whole and split, case kept. */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const [group] of text.matchAll(WORD_GROUP_RE)) {
    words.add(group);
    for (const [part] of group.matchAll(WORD_PART_RE)) words.add(part);
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
    if (wordShorts.has(word)) found.add(word);
    else if (word.endsWith('s') && wordShorts.has(word.slice(0, -1))) found.add(word.slice(0, -1));
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

/** Lowercase ASCII id for a short form, made unique with a numeric suffix. */
function makeIds(shorts: readonly string[]): string[] {
  const used = new Set<string>();
  return shorts.map((short) => {
    const base =
      short
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'acronym';
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
      const singular = singularShort(short.trim());
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
  const matchable = [...definitions.keys()].filter(isMatchableShort);
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
    const all = [...defs.definedBy, ...mentionedBy].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    return { short, id: ids[i]!, expansions, papers: all, mentionedBy };
  });
}
