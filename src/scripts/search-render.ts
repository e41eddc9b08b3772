/**
 * Builds the DOM of search results. Record text only ever becomes text nodes: highlights split the
 * text at the given ranges and wrap the matches in <mark>, so no abstract can inject markup.
 */
import type { SearchHit } from '../lib/search/engine';
import type { Range } from '../lib/search/snippet';

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
  tagUrl: (slug: string) => string;
  tagLabel: (slug: string) => string;
}

/** One result: title (highlighted) linking to the paper, name, code badge, snippet, tags. */
export function resultItem(hit: SearchHit, context: ResultContext): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'paper-card search-hit';
  item.dataset.slug = hit.slug;
  const heading = document.createElement('h3');
  heading.className = 'paper-card-title';
  const link = document.createElement('a');
  link.href = context.paperUrl(hit.slug);
  link.append(highlighted(hit.title, hit.titleRanges));
  heading.append(link);
  const meta = document.createElement('p');
  meta.className = 'paper-card-meta';
  if (hit.name) {
    const name = document.createElement('span');
    name.className = 'paper-name';
    name.append(highlighted(hit.name, hit.nameRanges));
    meta.append(name);
  }
  if (hit.hasCode) {
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = 'Code';
    meta.append(badge);
  }
  const snippet = document.createElement('p');
  snippet.className = 'paper-card-summary search-snippet';
  fillSnippet(snippet, hit.snippet, hit.snippetRanges);
  const tags = document.createElement('ul');
  tags.className = 'tag-list';
  tags.setAttribute('aria-label', 'Tags');
  for (const slug of [...hit.tags, ...hit.types.map((type) => `type-${type}`)]) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.className = 'tag';
    a.href = context.tagUrl(slug);
    a.dataset.filter = slug;
    a.textContent = context.tagLabel(slug);
    li.append(a);
    tags.append(li);
  }
  item.append(heading, meta, snippet, tags);
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
