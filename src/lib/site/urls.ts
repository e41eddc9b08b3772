/**
 * Every internal URL of the site, in one place: pages, components and browser scripts build links
 * only with these functions. All of them respect the deploy `base`
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

/**
 * The `[...page]` route parameter of list page `page` (none for page 1, `page/N` after): Astro's
 * paginate() numbers pages `N`, the explorer's URLs (listPath) say `page/N/`.
 */
export const listPageParam = (page: number): string | undefined =>
  page > 1 ? `page/${page}` : undefined;

/** Page `n` of the acronym glossary (page 1 at `/glossary/`). */
export const glossaryPagePath = (page = 1): string =>
  withBase(page > 1 ? `/glossary/${page}/` : '/glossary/');

/** Page `n` of the list of every paper that uses an acronym. */
export const acronymPath = (id: string, page = 1): string =>
  withBase(page > 1 ? `/glossary/acronym/${id}/${page}/` : `/glossary/acronym/${id}/`);

/** A file at the root of the built site: `papers.json`, `favicon.svg`, `sitemap-index.xml`… */
export const filePath = (name: string): string => withBase(`/${name}`);

/** One shard of the reading list's paper cards (summaries and tags). */
export const paperCardsPath = (shard: number): string => withBase(`/paper-cards/${shard}.json`);

/** The page of one author, optionally one of its later pages. */
export const authorPath = (slug: string, page = 1): string =>
  withBase(page > 1 ? `/authors/${slug}/${page}/` : `/authors/${slug}/`);
