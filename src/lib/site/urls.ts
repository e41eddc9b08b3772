/**
 * Every internal URL of the site, in one place. All of them respect the deploy `base`
 * (GitHub Pages project sites live under a sub-path), and end with a slash like the built pages.
 */

/** Prefixes a site-absolute path (`/papers/x/`) with the deploy base (`/explorer/`). */
export function withBase(path: string, base: string = import.meta.env.BASE_URL): string {
  const trimmedBase = base.endsWith('/') ? base.slice(0, -1) : base;
  return `${trimmedBase}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The page of one paper. */
export const paperPath = (slug: string): string => withBase(`/papers/${slug}/`);

/** The page of one tag (topic or contribution type), optionally one of its later pages. */
export const tagPath = (slug: string, page = 1): string =>
  withBase(page > 1 ? `/tags/${slug}/${page}/` : `/tags/${slug}/`);

/** A page of the explorer list in one of its two orders. */
export function listPath(order: 'dump' | 'title', page = 1): string {
  const root = order === 'title' ? '/by-title/' : '/';
  return withBase(page > 1 ? `${root}page/${page}/` : root);
}

/** One shard of the reading list's paper cards (summaries and tags). */
export const paperCardsPath = (shard: number): string => withBase(`/paper-cards/${shard}.json`);

/** The page of one author, optionally one of its later pages. */
export const authorPath = (slug: string, page = 1): string =>
  withBase(page > 1 ? `/authors/${slug}/${page}/` : `/authors/${slug}/`);
