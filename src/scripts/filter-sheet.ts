/**
 * The explorer's filters on phones and during a search (Facets.astro):
 *
 * - On a narrow screen, tapping a filter closes the "Filters" disclosure and brings the result
 *   count and the first results into view, so the reader sees what the filter did; the active
 *   filters stay visible as removable chips above the results (SearchResults.astro).
 * - During a search, options with no match fold behind a "Show N with no match" button in their
 *   group: the list never fills with zeros.
 * - The "Filters" summary says how many filters are on.
 *
 * It follows paper-search.ts from outside: the `paper-search:results` event it dispatches after
 * each render, and, should that not come, the facet counts and marks changing in the page.
 */

const NARROW = '(width < 60rem)';

/** A facet option's current count: its `data-count`, else the number it shows. */
function countOf(link: HTMLElement): number | null {
  const own = link.dataset.count ?? link.querySelector<HTMLElement>('[data-count]')?.dataset.count;
  const text = own ?? link.querySelector('.facet-count')?.textContent ?? '';
  const value = Number(text.replace(/[^\d]/g, ''));
  return text.trim() === '' || Number.isNaN(value) ? null : value;
}

const setText = (element: Element, text: string) => {
  if (element.textContent !== text) element.textContent = text;
};

function setUp(facets: HTMLElement): void {
  const explorer = facets.closest('paper-search') ?? document;
  const disclosure = explorer.querySelector<HTMLDetailsElement>('details[data-filters-disclosure]');
  const narrow = window.matchMedia(NARROW);
  const expanded = new Set<Element>();
  let revealPending = false;

  /** Folds the options with no match in each group behind its button. */
  const foldZeros = () => {
    for (const group of facets.querySelectorAll<HTMLElement>('.facet-group')) {
      const button = group.querySelector<HTMLButtonElement>('[data-show-all]');
      const rows = [...group.querySelectorAll<HTMLElement>('[data-facet-options] > li')];
      const empty = rows.filter((row) => {
        const link = row.querySelector<HTMLElement>('a[data-facet]');
        return link && countOf(link) === 0 && link.getAttribute('aria-current') !== 'true';
      });
      if (empty.length === 0) expanded.delete(group);
      const open = expanded.has(group);
      for (const row of rows) {
        const hide = !open && empty.includes(row);
        if (row.hidden !== hide) row.hidden = hide;
      }
      if (!button) continue;
      if (button.hidden !== (empty.length === 0)) button.hidden = empty.length === 0;
      const what = `${empty.length} with no match`;
      setText(button, open ? `Hide the ${what}` : `Show ${what}`);
      if (button.getAttribute('aria-expanded') !== String(open))
        button.setAttribute('aria-expanded', String(open));
    }
    const active = facets.querySelectorAll('a[data-facet][aria-current="true"]').length;
    const summary = disclosure?.querySelector('summary');
    if (summary) {
      let badge = summary.querySelector<HTMLElement>('.filters-on');
      if (!badge && active > 0) {
        badge = document.createElement('span');
        badge.className = 'filters-on';
        summary.append(badge);
      }
      if (badge) setText(badge, active > 0 ? ` (${active} on)` : '');
    }
  };

  /** Closes the filters and shows the count and the first results (narrow screens, after a tap). */
  const reveal = () => {
    if (!revealPending) return;
    if (disclosure?.open) disclosure.open = false;
    const status = explorer.querySelector<HTMLElement>('[data-search-status]');
    const results = explorer.querySelector<HTMLElement>(
      '[data-search-results]:not([hidden]), [data-static-list]',
    );
    const anchor = status && status.textContent?.trim() ? status : results;
    if (!anchor) return;
    const top = anchor.getBoundingClientRect().top + window.scrollY - 8;
    window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  };

  facets.addEventListener('click', (event) => {
    const target = event.target as Element;
    const more = target.closest<HTMLButtonElement>('[data-show-all]');
    if (more) {
      const group = more.closest('.facet-group');
      if (group && !expanded.delete(group)) expanded.add(group);
      foldZeros();
      return;
    }
    // paper-search.ts handles the tap first (and prevents the link's navigation).
    const link = target.closest('a[data-facet]');
    if (!link || !event.defaultPrevented || !narrow.matches) return;
    revealPending = true;
    reveal();
    // Results render a moment later; the count goes with them. The flag ends after a while so a
    // later, unrelated render never scrolls the page.
    window.setTimeout(() => (revealPending = false), 3000);
  });

  const onRender = () => {
    foldZeros();
    reveal();
  };
  document.addEventListener('paper-search:results', () => {
    onRender();
    revealPending = false;
  });
  // Without the event (an older paper-search.ts), the counts and marks changing say the same.
  new MutationObserver(onRender).observe(facets, {
    subtree: true,
    characterData: true,
    childList: true,
    attributeFilter: ['aria-current', 'data-count'],
  });
  foldZeros();
}

const facets = document.querySelector<HTMLElement>('.facets');
if (facets) setUp(facets);
