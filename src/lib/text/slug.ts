/**
 * Paper URL segments: a readable part (from the paper's name, else its title's head phrase) plus the start of its
 * id, e.g. `sealqa-3f9a2c`. A slug depends only on the abstract itself, so it stays put when dumps are
 * added or read in another order; only a real collision lengthens the hash suffix.
 */
import { foldDiacritics } from './fold';
import { STOP_WORDS } from './terms';

/** How many hex digits of the id a slug ends with, unless a collision needs more. */
export const SLUG_SUFFIX_LENGTH = 6;
/** The readable part keeps at most this many words… */
const MAX_WORDS = 6;
/** …and at most this many characters. */
const MAX_CHARS = 40;
/** Used when neither the name nor the title has a single ASCII letter or digit (e.g. all Chinese). */
const FALLBACK = 'paper';

/** `Über-Fast RL: ...` → `uber-fast-rl`: lowercase ASCII words joined by `-`, at most 6 words/40 chars. */
export function readablePart(text: string): string {
  // A word is what the text separates by spaces: `Über-Fast` is one word of two parts, and a cut
  // never falls between them.
  const words = text
    .split(/\s+/)
    .map((word) => asciiParts(word).join('-'))
    .filter((word) => word !== '');
  let readable = '';
  for (const word of words.slice(0, MAX_WORDS)) {
    const next = readable === '' ? word : `${readable}-${word}`;
    if (next.length > MAX_CHARS) break;
    readable = next;
  }
  if (readable === '' && words[0]) readable = trimDashes(words[0].slice(0, MAX_CHARS));
  return readable;
}

function asciiParts(word: string): string[] {
  return foldDiacritics(word)
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '');
}

function trimDashes(text: string): string {
  return text.replace(/^-+|-+$/g, '');
}

function bareWord(word: string): string {
  return word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** Articles say nothing in a URL: `dimension-of-latent-manifold`, not `…-of-the-latent-…`. */
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * A title's head phrase, as a slug reads it: its words up to the first function word that follows
 * two content words (`Probabilistic framework | for cross-tokenizer…`, `Learning to rank | with…`),
 * articles left out, never ending on a function word.
 */
export function headPhrase(title: string): string {
  const kept: string[] = [];
  let content = 0;
  const words = title.split(/\s+/).map((word) => ({ word, bare: bareWord(word) }));
  for (const [i, { word, bare }] of words.entries()) {
    if (bare === '' || ARTICLES.has(bare)) continue;
    const functionWord = STOP_WORDS.has(bare);
    // "Stability of the algorithm | implemented by…": a participle and its preposition start a
    // clause about the head, as a function word does.
    const clause = /ed$/.test(bare) && STOP_WORDS.has(words[i + 1]?.bare ?? '');
    if ((functionWord || clause) && content >= 2) break;
    kept.push(word);
    if (!functionWord) content += 1;
    if (kept.length === MAX_WORDS) break;
  }
  while (kept.length > 1 && STOP_WORDS.has(bareWord(kept.at(-1)!))) kept.pop();
  return kept.join(' ');
}

/** What a slug is made of: the record's id and the texts its readable part may come from. */
export interface SlugSource {
  id: string;
  name: string | null;
  title: string;
}

/** The readable part from the name, else the title's head phrase, else a fixed word. */
export function slugBase(source: SlugSource): string {
  return readablePart(source.name ?? '') || readablePart(headPhrase(source.title)) || FALLBACK;
}

/**
 * One slug per source, in the same order. Slugs that would be equal get longer hash suffixes, all of
 * them, up to the whole id, until they differ. The outcome depends only on which records exist, never
 * on their order.
 */
export function assignSlugs(
  sources: readonly SlugSource[],
  suffixLength: number = SLUG_SUFFIX_LENGTH,
): string[] {
  const drafts = sources.map((source) => ({ base: slugBase(source), id: source.id, suffixLength }));
  const slugOf = (draft: (typeof drafts)[number]): string =>
    `${draft.base}-${draft.id.slice(0, draft.suffixLength)}`;
  for (;;) {
    const holders = new Map<string, (typeof drafts)[number][]>();
    for (const draft of drafts)
      holders.set(slugOf(draft), [...(holders.get(slugOf(draft)) ?? []), draft]);
    const colliding = [...holders.values()].filter(
      (group) => group.length > 1 && group.some((draft) => draft.suffixLength < draft.id.length),
    );
    if (colliding.length === 0) return drafts.map(slugOf);
    for (const group of colliding) for (const draft of group) draft.suffixLength += 1;
  }
}
