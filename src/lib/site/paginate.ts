/** Splits a list into pages of `size` items; an empty list still has one (empty) page. */
export function paginate<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    pages.push(items.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
}

/**
 * Static paths for every page of a paginated list under a rest route (`[...page].astro`): page 1 at
 * the list's root URL, later pages at `page/N/`.
 */
export function listPagePaths<T>(items: readonly T[], size: number) {
  const pages = paginate(items, size);
  return pages.map((pagePapers, i) => ({
    params: { page: i === 0 ? undefined : `page/${i + 1}` },
    props: { pagePapers, page: i + 1, totalPages: pages.length },
  }));
}
