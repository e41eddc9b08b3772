/**
 * Pages that ask search engines not to index them (`<meta name="robots" content="noindex">`, the
 * `noindex` prop of BaseLayout): the reading list (the reader's own, in their browser) and the
 * 404 page. The sitemap lists every other page (astro.config.mjs); a test checks the two agree.
 */
export const NOINDEX_PATHS: readonly string[] = ['/list/', '/404/'];

/**
 * Whether a page's absolute URL (as the sitemap integration passes it) may be in the sitemap, for a
 * site deployed under `base`.
 */
export function isIndexable(page: string, base = '/'): boolean {
  const { pathname } = new URL(page);
  const root = base.replace(/\/$/, '');
  return !NOINDEX_PATHS.some((path) => pathname === `${root}${path}`);
}
