/**
 * Authors as readers browse them: one page per author at `/authors/<slug>/`. Names that fold to the
 * same slug (`Müller` / `Muller`) are one author, shown with the first spelling met.
 */
import type { Paper } from '../schema';
import { foldDiacritics } from '../text/fold';

/** One author and the papers that list them, in corpus order. */
export interface Author {
  name: string;
  slug: string;
  papers: Paper[];
}

/** Readable slugs are cut to this many characters (and a hash added, below). */
const MAX_READABLE = 60;
/**
 * What a name without Latin letters is given: `author-` and a hash of the name. A plain name that
 * folds to exactly this (`Author 57f8a94a`) is told apart by a hash of its own (see `authorSlug`).
 */
const HASH_SLUG_RE = /^author-[0-9a-f]{8}$/;

/**
 * The slug of an author's page, the same for every name that folds alike (`Karl Müller` and
 * `Karl Muller` are one author), and different for any two names that fold differently:
 * - `Åsa Lindqvist` → `asa-lindqvist`: the name folded to ASCII, words joined by `-`. Such a slug
 *   never holds `--`, nor starts or ends with `-`.
 * - a name without Latin letters → `author-` and 8 hex digits of its hash (`author-57f8a94a`).
 * - a name whose folded form is longer than 60 characters → its first 60, `--` and a hash of the
 *   whole folded name: two consortia alike in their first 60 characters get two pages.
 * - a plain name that folds to a hash slug (`Author 57f8a94a`) → that, `--` and a hash of it.
 * By construction no two kinds meet: only the readable kind lacks `--`, a hash slug is not a
 * readable one (those are sent to the last kind), and the cut kind's part before `--` is 59 or 60
 * characters long while the last kind's is 15. Within a kind, slugs differ as the folded names do,
 * up to a 32-bit hash. The slug depends on the name alone, never on the other names of the corpus,
 * so a paper page's author link (`AuthorLinks.astro`) and the author's page always agree.
 */
export function authorSlug(name: string): string {
  const readable = foldDiacritics(name)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
  if (!/[a-z]/.test(readable)) return `author-${hash(name.normalize('NFC'))}`;
  if (readable.length > MAX_READABLE) {
    return `${readable.slice(0, MAX_READABLE).replace(/-$/, '')}--${hash(readable)}`;
  }
  if (HASH_SLUG_RE.test(readable)) return `${readable}--${hash(readable)}`;
  return readable;
}

/** Every author of the corpus, most papers first, then by name. */
export function getAuthors(papers: readonly Paper[]): Author[] {
  const bySlug = new Map<string, Author>();
  for (const paper of papers) {
    for (const name of paper.authors) {
      const slug = authorSlug(name);
      const author = bySlug.get(slug) ?? { name, slug, papers: [] };
      // One paper listing the same person twice still counts once.
      if (author.papers.at(-1) !== paper) author.papers.push(paper);
      bySlug.set(slug, author);
    }
  }
  return [...bySlug.values()].sort(
    (a, b) => b.papers.length - a.papers.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell apart the few names without Latin letters. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
