/**
 * `/list/`: the starred papers with a note each, kept in step with the store (this tab or another).
 * Rows are keyed by slug and updated in place, so typing a note is never interrupted by a re-render.
 */
import type { ReadingListItem, StorageProblem } from '../lib/site/reading-list';
import { paperPath } from '../lib/site/urls';
import { describeStorageProblem, saveNote, subscribe, unstar } from './reading-list';

/** How long typing may pause before a note is saved; leaving the field saves at once. */
const NOTE_SAVE_DELAY_MS = 400;

function makeRow(item: ReadingListItem): HTMLLIElement {
  const row = document.createElement('li');
  row.className = 'rl-item';
  row.dataset.slug = item.slug;
  const heading = document.createElement('h3');
  const link = document.createElement('a');
  link.href = paperPath(item.slug);
  link.textContent = item.title;
  heading.append(link);
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.className = 'rl-remove';
  remove.textContent = 'Remove';
  remove.setAttribute('aria-label', `Remove ${item.title}`);
  remove.addEventListener('click', () => unstar(item.slug));
  const label = document.createElement('label');
  label.textContent = 'Note';
  const note = document.createElement('textarea');
  note.rows = 2;
  note.className = 'rl-note';
  note.value = item.note;
  label.append(note);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    saveNote(item.slug, note.value);
  };
  note.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(save, NOTE_SAVE_DELAY_MS);
  });
  note.addEventListener('change', save);
  row.append(heading, remove, label);
  return row;
}

/** Brings the rendered rows in line with `items`: adds, removes, reorders; never resets a focused note. */
function syncRows(list: HTMLOListElement, items: readonly ReadingListItem[]): void {
  const rows = new Map([...list.children].map((row) => [(row as HTMLElement).dataset.slug, row]));
  items.forEach((item, i) => {
    const row = rows.get(item.slug) ?? makeRow(item);
    rows.delete(item.slug);
    const note = row.querySelector('textarea');
    if (note && document.activeElement !== note && note.value !== item.note) note.value = item.note;
    if (list.children[i] !== row) list.insertBefore(row, list.children[i] ?? null);
  });
  for (const row of rows.values()) row.remove();
}

class ReadingListView extends HTMLElement {
  connectedCallback() {
    const list = this.querySelector<HTMLOListElement>('.rl-items');
    const count = this.querySelector('.rl-count');
    const empty = this.querySelector<HTMLElement>('.rl-empty');
    const problem = this.querySelector<HTMLElement>('.rl-problem');
    if (!list || !count || !empty || !problem) return;
    this.querySelector('.rl-nojs')?.remove();
    for (const part of this.querySelectorAll<HTMLElement>('[data-needs-js]')) part.hidden = false;
    let shown: StorageProblem | null = null;
    subscribe((items, storageProblem) => {
      syncRows(list, items);
      count.textContent = items.length === 1 ? '1 paper' : `${items.length} papers`;
      empty.hidden = items.length > 0;
      if (storageProblem !== shown) {
        shown = storageProblem;
        problem.hidden = storageProblem === null;
        problem.textContent = storageProblem ? describeStorageProblem(storageProblem) : '';
      }
    });
  }
}

customElements.define('reading-list-view', ReadingListView);
