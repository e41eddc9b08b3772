/**
 * `/list/`: the saved papers with their summary, tags, date added and a note each, kept in step with
 * the store (this tab or another). Rows are keyed by slug and updated in place, so typing a note is
 * never interrupted by a re-render. Removing a paper offers Undo; the order can be changed.
 */
import {
  sortItems,
  type PaperCard,
  type ReadingListItem,
  type ReadingListOrder,
  type StorageProblem,
} from '../lib/site/reading-list';
import { paperPath, tagPath } from '../lib/site/urls';
import { bylineOf, derivedMark, loadCard, setPaperCount } from './paper-cards';
import {
  describeStorageProblem,
  getItems,
  restore,
  saveNote,
  subscribe,
  unstar,
} from './reading-list';

/** How long typing may pause before a note is saved; leaving the field saves at once. */
const NOTE_SAVE_DELAY_MS = 400;

const papersCount = (n: number): string => (n === 1 ? '1 paper' : `${n} papers`);

/** "Added 30 Nov 2026", or nothing for papers imported without a date. */
function addedText(addedAt: string): string {
  const date = new Date(addedAt);
  if (!addedAt || Number.isNaN(date.getTime())) return '';
  return `Added ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

function fillCard(row: HTMLElement, card: PaperCard | undefined): void {
  const summary = row.querySelector('.rl-summary');
  const tags = row.querySelector('.rl-tags');
  const heading = row.querySelector('h3');
  if (!summary || !tags || !heading || !card) return;
  if (card.derived) heading.append(' ', derivedMark());
  summary.before(...bylineOf(card));
  summary.textContent = card.summary;
  tags.replaceChildren(
    ...card.tags.map(([slug, label]) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.className = 'tag';
      a.href = tagPath(slug);
      a.textContent = label;
      li.append(a);
      return li;
    }),
  );
}

function makeRow(item: ReadingListItem, onRemove: () => void): HTMLLIElement {
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
  remove.addEventListener('click', onRemove);
  const added = document.createElement('p');
  added.className = 'rl-added';
  added.textContent = addedText(item.addedAt);
  const summary = document.createElement('p');
  summary.className = 'rl-summary';
  const tags = document.createElement('ul');
  tags.className = 'tag-list rl-tags';
  tags.setAttribute('aria-label', 'Tags');
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
  row.append(heading, remove, added, summary, tags, label);
  void loadCard(item.slug).then((card) => fillCard(row, card));
  return row;
}

class ReadingListView extends HTMLElement {
  private order: ReadingListOrder = 'added';

  connectedCallback() {
    const list = this.querySelector<HTMLOListElement>('.rl-items');
    const count = this.querySelector('.rl-count');
    const empty = this.querySelector<HTMLElement>('.rl-empty');
    const problem = this.querySelector<HTMLElement>('.rl-problem');
    const sort = this.querySelector<HTMLSelectElement>('.rl-sort select');
    const sortBar = this.querySelector<HTMLElement>('.rl-sort');
    const undoBar = this.querySelector<HTMLElement>('.rl-undo');
    if (!list || !count || !empty || !problem || !sort || !sortBar || !undoBar) return;
    this.querySelector('.rl-nojs')?.remove();
    for (const part of this.querySelectorAll<HTMLElement>('[data-needs-js]')) part.hidden = false;
    setPaperCount(Number(this.dataset.paperCount));
    const remove = (item: ReadingListItem) => {
      const index = getItems().findIndex((other) => other.slug === item.slug);
      const current = getItems()[index] ?? item;
      unstar(item.slug);
      this.offerUndo(undoBar, current, index);
    };
    const render = (items: readonly ReadingListItem[]) => {
      const rows = new Map(
        [...list.children].map((row) => [(row as HTMLElement).dataset.slug, row]),
      );
      sortItems(items, this.order).forEach((item, i) => {
        const row = rows.get(item.slug) ?? makeRow(item, () => remove(item));
        rows.delete(item.slug);
        const note = row.querySelector('textarea');
        if (note && document.activeElement !== note && note.value !== item.note)
          note.value = item.note;
        if (list.children[i] !== row) list.insertBefore(row, list.children[i] ?? null);
      });
      for (const row of rows.values()) row.remove();
    };
    sort.addEventListener('change', () => {
      this.order = sort.value as ReadingListOrder;
      render(getItems());
    });
    let shown: StorageProblem | null = null;
    subscribe((items, storageProblem) => {
      render(items);
      count.textContent = papersCount(items.length);
      empty.hidden = items.length > 0;
      sortBar.hidden = items.length < 2;
      if (storageProblem !== shown) {
        shown = storageProblem;
        problem.hidden = storageProblem === null;
        problem.textContent = storageProblem ? describeStorageProblem(storageProblem) : '';
      }
    });
  }

  /** "Removed <title>. Undo": until the next removal, or the reader undoes it. */
  private offerUndo(bar: HTMLElement, item: ReadingListItem, index: number) {
    const message = bar.querySelector('.rl-undo-message');
    const undo = bar.querySelector<HTMLButtonElement>('.rl-undo-button');
    if (!message || !undo) return;
    message.textContent = `Removed “${item.title}”.`;
    undo.hidden = false;
    undo.setAttribute('aria-label', `Undo: put back ${item.title}`);
    undo.onclick = () => {
      restore(item, index);
      message.textContent = `Put back “${item.title}”.`;
      undo.hidden = true;
      this.querySelector<HTMLElement>(
        `.rl-item[data-slug="${CSS.escape(item.slug)}"] h3 a`,
      )?.focus();
    };
    // The removed row took focus with it: Undo is the natural next stop.
    undo.focus();
  }
}

customElements.define('reading-list-view', ReadingListView);
