/**
 * The bench's query mix: each query is made from one paper (its intended target) the way a reader
 * would recall it: its name, a keyword, words of its title, or two rare words of its abstract.
 * One query in four gets a typo. Deterministic for a given corpus and seed.
 */
import { eng as englishStopwords } from 'stopword';
import type { Paper } from '../../src/lib/schema';
import { seededRandom } from '../generate-dumps';

export interface BenchQuery {
  text: string;
  /** Slug of the paper the query was made from. */
  target: string;
  kind: 'name' | 'keyword' | 'title' | 'rare-words';
  misspelled: boolean;
}

type Random = () => number;

const STOPWORDS = new Set(englishStopwords);
const words = (text: string) => text.toLowerCase().match(/\p{L}[\p{L}\p{N}]*/gu) ?? [];

function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/** Number of papers each word occurs in. */
function documentFrequencies(papers: readonly Paper[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const paper of papers) {
    for (const word of new Set(words(paper.plainText))) df.set(word, (df.get(word) ?? 0) + 1);
  }
  return df;
}

/** Two of the paper's rarest content words, in text order: what a reader remembers of a detail. */
function rareWords(paper: Paper, df: ReadonlyMap<string, number>): string {
  const candidates = [...new Set(words(paper.plainText))].filter(
    (w) => w.length >= 5 && !STOPWORDS.has(w),
  );
  const rarest = candidates.sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0)).slice(0, 2);
  return rarest.join(' ');
}

function titleWords(paper: Paper, random: Random): string {
  const content = words(paper.title).filter((w) => w.length >= 4 && !STOPWORDS.has(w));
  const start = Math.floor(random() * Math.max(1, content.length - 2));
  return content.slice(start, start + 3).join(' ');
}

/** One typo in the query's longest word, never in its first letter (people rarely get that wrong). */
export function misspell(text: string, random: Random): string {
  const parts = text.split(' ');
  const longest = parts.reduce(
    (best, w, i) => (w.length > (parts[best]?.length ?? 0) ? i : best),
    0,
  );
  const word = parts[longest] ?? '';
  if (word.length < 5) return text;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letter = String.fromCharCode(97 + Math.floor(random() * 26));
  const edits = [
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + letter + word.slice(at),
    () => word.slice(0, at) + letter + word.slice(at + 1),
    () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
  ];
  parts[longest] = (pick(random, edits) ?? edits[0]!)();
  return parts.join(' ');
}

/** `count` queries over `papers`; every fourth one misspelled. */
export function makeQueries(papers: readonly Paper[], count: number, seed = 7): BenchQuery[] {
  const random = seededRandom(seed);
  const df = documentFrequencies(papers);
  const queries: BenchQuery[] = [];
  while (queries.length < count) {
    const paper = pick(random, papers);
    if (!paper) break;
    const kinds: BenchQuery['kind'][] = ['title', 'rare-words'];
    if (paper.name) kinds.push('name');
    if (paper.keywords.length > 0) kinds.push('keyword');
    const kind = pick(random, kinds) ?? 'title';
    const text =
      kind === 'name'
        ? (paper.name ?? '')
        : kind === 'keyword'
          ? (pick(random, paper.keywords) ?? '')
          : kind === 'title'
            ? titleWords(paper, random)
            : rareWords(paper, df);
    if (text.trim() === '') continue;
    const misspelled = queries.length % 4 === 3;
    queries.push({
      text: misspelled ? misspell(text, random) : text,
      target: paper.slug,
      kind,
      misspelled,
    });
  }
  return queries;
}
