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

/** `Åsa Lindqvist` → `asa-lindqvist`; a name without Latin letters gets a short stable hash. */
export function authorSlug(name: string): string {
  const readable = foldDiacritics(name)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 60)
    .replace(/-$/, '');
  return readable || `author-${hash(name.normalize('NFC'))}`;
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
