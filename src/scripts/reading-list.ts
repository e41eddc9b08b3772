/**
 * The reading list in the browser: one store per page, shared by every star button and the `/list/`
 * view, kept in sync with other tabs through the `storage` event. Also defines `<star-button>`
 * (StarButton.astro's markup, also cloned into search results).
 */
import {
  addItem,
  createReadingListStore,
  describeStorageProblem,
  hasItem,
  mergeItems,
  READING_LIST_KEY,
  removeItem,
  setNote,
  type ReadingListItem,
  type StorageProblem,
} from '../lib/site/reading-list';

type Listener = (items: readonly ReadingListItem[], problem: StorageProblem | null) => void;

const store = createReadingListStore(() => window.localStorage);
let items = store.load();
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener(items, store.problem);
}

function commit(next: ReadingListItem[]): StorageProblem | null {
  items = next;
  const problem = store.save(items);
  notify();
  return problem;
}

window.addEventListener('storage', (event) => {
  if (event.key !== READING_LIST_KEY) return;
  items = store.load();
  notify();
});

/** Calls `listener` now and after every change of the list (from this page or another tab). */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(items, store.problem);
  return () => listeners.delete(listener);
}

export const getItems = (): readonly ReadingListItem[] => items;
export const isStarred = (slug: string): boolean => hasItem(items, slug);
export const storageProblem = (): StorageProblem | null => store.problem;
export { describeStorageProblem };

/** Stars or unstars a paper; returns whether it is starred now. */
export function toggleStar(slug: string, title: string): boolean {
  commit(isStarred(slug) ? removeItem(items, slug) : addItem(items, { slug, title }));
  return isStarred(slug);
}

export const unstar = (slug: string) => commit(removeItem(items, slug));
export const saveNote = (slug: string, note: string) => commit(setNote(items, slug, note));
export const importItems = (incoming: readonly ReadingListItem[]) =>
  commit(mergeItems(items, incoming));
export const replaceItems = (next: readonly ReadingListItem[]) => commit([...next]);

/**
 * A toggle button: `aria-pressed` says whether the paper is on the list; its accessible name
 * ("Star <title>") stays the same, as a toggle's should. Hidden until this script runs.
 */
class StarButton extends HTMLElement {
  private unsubscribe: (() => void) | null = null;

  connectedCallback() {
    const { slug, title } = this.dataset;
    const button = this.querySelector('button');
    const status = this.querySelector<HTMLElement>('.star-status');
    if (!slug || !title || !button) return;
    button.hidden = false;
    button.addEventListener('click', () => {
      toggleStar(slug, title);
      if (status) status.textContent = store.problem ? describeStorageProblem(store.problem) : '';
    });
    this.unsubscribe = subscribe(() =>
      button.setAttribute('aria-pressed', String(isStarred(slug))),
    );
  }

  disconnectedCallback() {
    this.unsubscribe?.();
  }
}

if (!customElements.get('star-button')) customElements.define('star-button', StarButton);
