/**
 * Builds the DOM of search results. Record text only ever becomes text nodes: highlights split the
 * text at the given ranges and wrap the matches in <mark>, so no abstract can inject markup.
 */
import type { SearchHit } from '../lib/search/engine';
import type { Range } from '../lib/search/snippet';
import { venueYearText } from '../lib/site/venues';

/** Authors a result shows before "et al.", as on server-rendered cards (PaperCard.astro). */
const AUTHORS_SHOWN = 5;

/** Text with its ranges wrapped in <mark>, as DOM nodes (never HTML strings). */
export function highlighted(text: string, ranges: readonly Range[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start) continue;
    fragment.append(text.slice(at, start));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(start, end);
    fragment.append(mark);
    at = end;
  }
  fragment.append(text.slice(at));
  return fragment;
}

/** What a result item links to and labels its tags with. */
export interface ResultContext {
  paperUrl: (slug: string) => string;
  authorUrl: (name: string) => string;
  tagUrl: (slug: string) => string;
  tagLabel: (slug: string) => string;
}

/** The element of a cloned card that `selector` names; the template is PaperCard.astro's markup. */
function part<T extends Element>(card: Element, selector: string): T {
  const element = card.querySelector<T>(selector);
  if (!element) throw new Error(`the paper card template has no ${selector}`);
  return element;
}

/**
 * A result's authors, each linking to their page, the query's matches highlighted: the first five,
 * then any other author the query matched (after "…"), then "et al. (+N)" for the rest.
 */
export function fillAuthors(
  element: HTMLElement,
  authors: readonly string[],
  ranges: readonly Range[][],
  authorUrl: (name: string) => string,
): void {
  if (authors.length === 0) {
    element.remove();
    return;
  }
  const shown = authors.map((_, i) => i).filter((i) => i < AUTHORS_SHOWN);
  const matchedLater = authors
    .map((_, i) => i)
    .filter((i) => i >= AUTHORS_SHOWN && (ranges[i]?.length ?? 0) > 0);
  const link = (i: number) => {
    const a = document.createElement('a');
    a.href = authorUrl(authors[i]!);
    a.rel = 'author';
    a.append(highlighted(authors[i]!, ranges[i] ?? []));
    return a;
  };
  const parts: (Node | string)[] = [];
  shown.forEach((i, n) => parts.push(...(n > 0 ? [', '] : []), link(i)));
  if (matchedLater.length > 0) parts.push(', …');
  matchedLater.forEach((i) => parts.push(', ', link(i)));
  const more = authors.length - shown.length - matchedLater.length;
  if (more > 0) {
    const rest = document.createElement('span');
    rest.className = 'muted';
    rest.textContent = ` et al. (+${more})`;
    parts.push(rest);
  }
  element.replaceChildren(...parts);
}

/**
 * One result, cloned from the blank card PaperCard.astro renders into a `<template>`: title
 * (highlighted, marked when derived) linking to the paper, authors (matches highlighted), venue
 * and year, name, code badge, snippet, tags and star button.
 */
export function resultItem(
  hit: SearchHit,
  context: ResultContext,
  template: HTMLTemplateElement,
): HTMLLIElement {
  const item = document.importNode(template.content, true).firstElementChild;
  if (!(item instanceof HTMLLIElement)) throw new Error('the paper card template is not an <li>');
  item.classList.add('search-hit');
  item.dataset.slug = hit.slug;
  const link = part<HTMLAnchorElement>(item, '.paper-card-title a');
  link.href = context.paperUrl(hit.slug);
  link.replaceChildren(highlighted(hit.title, hit.titleRanges));
  if (hit.titleSource !== 'derived') part(item, '.derived-mark').remove();
  fillAuthors(part(item, '.paper-card-authors'), hit.authors, hit.authorRanges, context.authorUrl);
  const venue = part<HTMLElement>(item, '.paper-card-venue');
  const venueText = venueYearText(hit.venue ?? '', hit.year);
  if (venueText) {
    venue.textContent = venueText;
    if (hit.venueLang) venue.lang = hit.venueLang;
  } else venue.remove();
  const name = part<HTMLElement>(item, '.paper-name');
  if (hit.name) name.replaceChildren(highlighted(hit.name, hit.nameRanges));
  else name.remove();
  // As on server-rendered cards: a Code badge only when the abstract links to code.
  const badge = part<HTMLAnchorElement>(item, '.badge');
  if (hit.codeUrl) {
    badge.href = hit.codeUrl;
    // The template's badge has no link yet, and `rel` is invalid on an <a> without href.
    badge.rel = 'noopener nofollow';
    part(badge, '.visually-hidden').textContent = ` of ${hit.title}`;
  } else badge.remove();
  const snippet = part<HTMLElement>(item, '.paper-card-summary');
  snippet.classList.add('search-snippet');
  fillSnippet(snippet, hit.snippet, hit.snippetRanges);
  const tags = part<HTMLUListElement>(item, '.tag-list');
  const blankTag = part<HTMLLIElement>(tags, 'li');
  tags.replaceChildren(
    ...[...hit.tags, ...hit.types.map((type) => `type-${type}`)].map((slug) => {
      const tag = blankTag.cloneNode(true) as HTMLLIElement;
      const a = part<HTMLAnchorElement>(tag, 'a.tag');
      a.href = context.tagUrl(slug);
      // A click on a result's tag filters the results in place (paper-search.ts).
      a.dataset.filter = slug;
      a.textContent = context.tagLabel(slug);
      return tag;
    }),
  );
  const star = part<HTMLElement>(item, 'star-button');
  star.dataset.slug = hit.slug;
  star.dataset.title = hit.title;
  part(star, '.visually-hidden').textContent = ` ${hit.title}`;
  return item;
}

/** Puts a snippet (or a placeholder while its text loads) into its paragraph. */
export function fillSnippet(
  element: HTMLElement,
  snippet: string | null,
  ranges: readonly Range[],
): void {
  element.replaceChildren(snippet === null ? '…' : highlighted(snippet, ranges));
}
