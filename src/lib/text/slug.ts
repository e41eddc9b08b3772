/**
 * Paper URL segments: a readable part (from the paper's name, else its title) plus the start of its
 * id, e.g. `sealqa-3f9a2c`. A slug depends only on the abstract itself, so it stays put when dumps are
 * added or read in another order; only a real collision lengthens the hash suffix.
 */
import { foldDiacritics } from './fold';

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
  const ascii = foldDiacritics(text);
  const words = ascii.split(/[^a-z0-9]+/).filter((word) => word !== '');
  let readable = '';
  for (const word of words.slice(0, MAX_WORDS)) {
    const next = readable === '' ? word : `${readable}-${word}`;
    if (next.length > MAX_CHARS) break;
    readable = next;
  }
  if (readable === '' && words[0]) readable = words[0].slice(0, MAX_CHARS);
  return readable;
}

/** What a slug is made of: the record's id and the texts its readable part may come from. */
export interface SlugSource {
  id: string;
  name: string | null;
  title: string;
}

/** The readable part from the name, else the title, else a fixed word. */
export function slugBase(source: SlugSource): string {
  return readablePart(source.name ?? '') || readablePart(source.title) || FALLBACK;
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
