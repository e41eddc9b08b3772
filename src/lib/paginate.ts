/** Splits a list into pages of `size` items; an empty list still has one (empty) page. */
export function paginate<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
}

/** Static paths for pages 2..N of a paginated list (page 1 lives at the list's root URL). */
export function laterPagePaths<T>(items: readonly T[], size: number) {
  const pages = paginate(items, size);
  return pages.slice(1).map((pagePapers, i) => ({
    params: { page: String(i + 2) },
    props: { pagePapers, page: i + 2, totalPages: pages.length },
  }));
}
