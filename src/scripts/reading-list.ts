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
  restoreItem,
  setNote,
  type ReadingListItem,
  type StorageProblem,
} from '../lib/site/reading-list';
import { formatCount } from '../lib/format';

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
/** Puts back a removed paper at its old place (the list page's Undo). */
export const restore = (item: ReadingListItem, index: number) =>
  commit(restoreItem(items, item, index));
export const saveNote = (slug: string, note: string) => commit(setNote(items, slug, note));
export const importItems = (incoming: readonly ReadingListItem[]) =>
  commit(mergeItems(items, incoming));
export const replaceItems = (next: readonly ReadingListItem[]) => commit([...next]);

const papersCount = (n: number): string => (n === 1 ? '1 paper' : `${formatCount(n)} papers`);

/** The visible label of a star button: what pressing it did, so a saved paper reads "Saved". */
const starLabel = (starred: boolean): string => (starred ? 'Saved' : 'Save');

/**
 * The inside of a `<star-button>`, built here rather than in each page: a button that needs
 * JavaScript anyway would otherwise repeat ~400 bytes of markup on every card of 20,000-paper lists.
 * The same markup as StarButton.astro's blank template, which search results clone.
 */
function starMarkup(title: string): [HTMLButtonElement, HTMLSpanElement] {
  const span = (className: string, text = '') => {
    const element = document.createElement('span');
    element.className = className;
    element.textContent = text;
    return element;
  };
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'star-toggle';
  button.setAttribute('aria-pressed', 'false');
  button.hidden = true;
  const icon = span('star-icon');
  icon.setAttribute('aria-hidden', 'true');
  button.append(icon, span('star-label', 'Save'), span('visually-hidden', ` ${title}`));
  const status = span('star-status visually-hidden');
  status.setAttribute('role', 'status');
  return [button, status];
}

/**
 * A toggle button: `aria-pressed` says whether the paper is on the list and the label reads "Save"
 * or "Saved"; each change is announced through the button's status (visually hidden unless it is a
 * storage problem, which the reader must see). Hidden until this script runs.
 */
class StarButton extends HTMLElement {
  private unsubscribe: (() => void) | null = null;

  connectedCallback() {
    // The buttons of a list nobody can see (the explorer's unfiltered list, hidden on a search
    // link) are built later, a few at a time (hydrateLater): building its 100 at once, as the
    // page's scripts start, was part of one long task before the first result on a slow phone.
    if (this.closest(HIDDEN_LIST)) hydrateLater(this);
    else this.hydrate();
  }

  /** Builds the button (when the page has none) and keeps it in step with the list. */
  hydrate() {
    if (this.unsubscribe || !this.isConnected) return;
    const { slug } = this.dataset;
    // A paper card's button has no data-title (one copy less per card): its title link says it.
    const title =
      this.dataset.title ??
      this.closest('.paper-card')?.querySelector('.paper-card-title a')?.textContent?.trim();
    if (slug && title && !this.querySelector('button')) this.replaceChildren(...starMarkup(title));
    const button = this.querySelector('button');
    const label = this.querySelector('.star-label');
    const status = this.querySelector<HTMLElement>('.star-status');
    if (!slug || !title || !button) return;
    button.hidden = false;
    // Once per button, also when the element is moved (disconnected and connected again).
    if (button.dataset.bound !== undefined) return this.follow(slug, button, label);
    button.dataset.bound = '';
    button.addEventListener('click', () => {
      const starred = toggleStar(slug, title);
      if (!status) return;
      const problem = store.problem;
      status.classList.toggle('visually-hidden', problem === null);
      status.textContent = problem
        ? describeStorageProblem(problem)
        : starred
          ? `Saved to your reading list (${papersCount(items.length)}).`
          : `Removed from your reading list (${papersCount(items.length)}).`;
    });
    this.follow(slug, button, label);
  }

  /** Keeps the button's pressed state and label in step with the list. */
  private follow(slug: string, button: HTMLButtonElement, label: Element | null) {
    this.unsubscribe = subscribe(() => {
      const starred = isStarred(slug);
      button.setAttribute('aria-pressed', String(starred));
      if (label) label.textContent = starLabel(starred);
    });
  }

  disconnectedCallback() {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

/** The explorer's unfiltered list while a search hides it (ExplorerPage.astro). */
const HIDDEN_LIST = 'paper-search[data-searching] [data-static-list]';
/** Star buttons waiting to be built, in page order. */
const waiting: StarButton[] = [];
/** How long a slice of waiting buttons may take, in ms: well under a 50 ms long task. */
const SLICE_MS = 8;

/**
 * Whether the explorer has shown a search's first results. Until then the hidden list's buttons
 * wait even for idle time: on a slow link the page is idle while the worker fetches the index, and
 * building buttons then put tasks between the answer and its first results (issue 35).
 */
let answered = false;

/**
 * Builds `button` when the browser is idle after the first results, or at once when the explorer
 * shows its list again.
 */
function hydrateLater(button: StarButton): void {
  waiting.push(button);
  if (waiting.length === 1 && answered) scheduleWaiting();
}

function scheduleWaiting(): void {
  const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
  later(() => {
    const until = performance.now() + SLICE_MS;
    while (waiting.length > 0 && performance.now() < until) waiting.shift()?.hydrate();
    if (waiting.length > 0) scheduleWaiting();
  });
}

// paper-search.ts announces every render; when it has shown the unfiltered list again, its
// buttons must be there before the reader reaches them.
document.addEventListener('paper-search:results', () => {
  if (waiting.length > 0 && !document.querySelector('paper-search[data-searching]'))
    for (const button of waiting.splice(0)) button.hydrate();
  if (!answered) {
    answered = true;
    if (waiting.length > 0) scheduleWaiting();
  }
});

/** The number of papers on the list, in the site header's "Reading list" link. */
class ReadingListCount extends HTMLElement {
  private unsubscribe: (() => void) | null = null;

  connectedCallback() {
    const number = document.createElement('span');
    number.setAttribute('aria-hidden', 'true');
    const spoken = document.createElement('span');
    spoken.className = 'visually-hidden';
    this.replaceChildren(number, spoken);
    this.unsubscribe = subscribe((list) => {
      number.textContent = formatCount(list.length);
      spoken.textContent = `: ${papersCount(list.length)}`;
      this.hidden = list.length === 0;
    });
  }

  disconnectedCallback() {
    this.unsubscribe?.();
  }
}

if (!customElements.get('reading-list-count'))
  customElements.define('reading-list-count', ReadingListCount);
if (!customElements.get('star-button')) customElements.define('star-button', StarButton);
