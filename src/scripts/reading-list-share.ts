/**
 * Moving a reading list between machines: a share link (the list in the URL fragment), Markdown,
 * BibTeX, RIS and JSON downloads, importing a JSON export, and the offer to import a list opened
 * from a share link (its papers shown with their authors, venue and year as their cards arrive).
 */
import {
  fromJson,
  isFull,
  MAX_READING_LIST_ITEMS,
  SHARE_PARAM,
  SHORT_SHARE_PARAM,
  sharedIdsFromHash,
  sharedListFromHash,
  shareUrl,
  shortShareUrl,
  toBibtex,
  toJson,
  toMarkdown,
  toRis,
  type ReadingListItem,
} from '../lib/site/reading-list';
import { paperPath } from '../lib/site/urls';
import {
  bylineOf,
  derivedMark,
  loadCard,
  loadCardById,
  loadCards,
  setPaperCount,
} from './paper-cards';
import { showQrCode } from './qr-code';
import { getItems, importItems, subscribe } from './reading-list';
import { formatCount } from '../lib/format';

const absolutePaperUrl = (slug: string): string =>
  new URL(paperPath(slug), window.location.href).href;

function download(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const papersCount = (n: number): string => (n === 1 ? '1 paper' : `${n} papers`);

const LIMIT = formatCount(MAX_READING_LIST_ITEMS);

/** Imports and says what happened, including papers left out because the list is full. */
function importAndReport(incoming: readonly ReadingListItem[], status: Element): void {
  const before = new Set(getItems().map((item) => item.slug));
  const fresh = incoming.filter((item) => !before.has(item.slug)).length;
  const problem = importItems(incoming);
  const added = getItems().length - before.size;
  const already = incoming.length - fresh;
  const leftOut = fresh - added;
  status.textContent =
    `Imported ${papersCount(added)}` +
    (already ? ` (${papersCount(already)} already on your list).` : '.') +
    (leftOut ? ` ${papersCount(leftOut)} left out: a reading list holds at most ${LIMIT}.` : '') +
    (problem ? ' They are kept only until you leave this page.' : '');
}

/** Said when a link or file carried more papers than a list holds; only the first ones are read. */
const tooMany = (items: readonly ReadingListItem[]): string =>
  isFull(items) ? ` Only the first ${LIMIT} are read: a reading list holds at most ${LIMIT}.` : '';

class ReadingListExport extends HTMLElement {
  connectedCallback() {
    const status = this.querySelector('.rl-export-status');
    const shareField = this.querySelector<HTMLInputElement>('.rl-share-url');
    const listUrl = new URL(this.dataset.listUrl ?? '', window.location.href).href;
    setPaperCount(Number(this.dataset.paperCount));
    // Citations give the paper's page at the site's public address (SITE_URL), not a mirror's.
    const citedUrl = (slug: string) =>
      new URL(paperPath(slug), this.dataset.siteUrl || window.location.href).href;
    if (!status || !shareField) return;
    const on = (selector: string, handler: () => void) =>
      this.querySelector(selector)?.addEventListener('click', handler);
    // Sharing or exporting an empty list makes a link or file with nothing in it.
    const outputs = [
      ...this.querySelectorAll<HTMLButtonElement>(
        '.rl-share, .rl-qr, .rl-markdown, .rl-bibtex, .rl-ris, .rl-json',
      ),
    ];
    const emptyNote = this.querySelector<HTMLElement>('.rl-export-empty');
    const withNotes = this.querySelector<HTMLInputElement>('.rl-with-notes');
    subscribe((items) => {
      for (const button of outputs) button.disabled = items.length === 0;
      if (withNotes) withNotes.disabled = items.length === 0;
      if (emptyNote) emptyNote.hidden = items.length > 0;
      if (items.length === 0) shareField.hidden = true;
    });
    /** The short link (ids only), or with titles and notes when the reader asks for them. */
    const link = () =>
      withNotes?.checked ? shareUrl(listUrl, getItems()) : shortShareUrl(listUrl, getItems());
    const shareButton = this.querySelector<HTMLButtonElement>('.rl-share');
    // Phones (and other systems with a share sheet) share through it; elsewhere the link is copied.
    const canShare = typeof navigator.share === 'function';
    if (shareButton && canShare) shareButton.textContent = 'Share link…';
    on('.rl-share', async () => {
      shareField.value = link();
      shareField.hidden = false;
      const count = papersCount(getItems().length);
      if (canShare) {
        try {
          await navigator.share({ title: 'Reading list', url: shareField.value });
          status.textContent = `Share link for ${count} shared.`;
          return;
        } catch (error) {
          if ((error as { name?: string }).name === 'AbortError') {
            status.textContent = '';
            return;
          }
        }
      }
      shareField.select();
      try {
        await navigator.clipboard.writeText(shareField.value);
        status.textContent = `Share link for ${count} copied.`;
      } catch {
        status.textContent = 'Copy the selected share link.';
      }
    });
    on('.rl-qr', () => {
      shareField.value = link();
      shareField.hidden = false;
      void showQrCode(shareField.value, `Reading list: ${papersCount(getItems().length)}`);
    });
    withNotes?.addEventListener('change', () => {
      if (!shareField.hidden) shareField.value = link();
    });
    // The exports wait for the papers' cards (authors, venue, year…): one fetch per shard, once.
    const withCards = async () => {
      const items = getItems();
      const cards = await loadCards(items.map((item) => item.slug));
      return { items, cardOf: (slug: string) => cards.get(slug) };
    };
    on('.rl-markdown', async () => {
      const { items, cardOf } = await withCards();
      download(
        'reading-list.md',
        'text/markdown',
        toMarkdown(items, absolutePaperUrl, undefined, cardOf),
      );
    });
    on('.rl-bibtex', async () => {
      const { items, cardOf } = await withCards();
      download('reading-list.bib', 'application/x-bibtex', toBibtex(items, citedUrl, cardOf));
    });
    on('.rl-ris', async () => {
      const { items, cardOf } = await withCards();
      download(
        'reading-list.ris',
        'application/x-research-info-systems',
        toRis(items, citedUrl, cardOf),
      );
    });
    on('.rl-json', () =>
      download('reading-list.json', 'application/json', toJson(getItems(), absolutePaperUrl)),
    );
    this.querySelector<HTMLInputElement>('.rl-file')?.addEventListener('change', async (event) => {
      const file = (event.target as HTMLInputElement).files?.[0];
      if (!file) return;
      const incoming = fromJson(await file.text());
      if (incoming.length === 0) status.textContent = `${file.name} is not a reading-list export.`;
      else {
        importAndReport(incoming, status);
        status.textContent += tooMany(incoming);
      }
    });
  }
}

/**
 * Shown when the page is opened from a share link: lists the shared papers and offers to import
 * them. While it is shown, the reader's own list and its export tools step aside (the
 * `data-offer` attribute on `<reading-list-view>`), so the page shows one list, not two.
 */
class ReadingListImport extends HTMLElement {
  connectedCallback() {
    void this.offer();
    window.addEventListener('hashchange', () => void this.offer());
  }

  /** The shared items: a long link carries them, a short one only ids, looked up in the card shards. */
  private async sharedItems(): Promise<{ items: ReadingListItem[]; missing: number } | null> {
    const long = sharedListFromHash(window.location.hash);
    if (long !== null) return { items: long, missing: 0 };
    const ids = sharedIdsFromHash(window.location.hash);
    if (ids === null) return null;
    const found = await Promise.all(ids.map((id) => loadCardById(id)));
    const items = found.flatMap((hit) =>
      hit ? [{ slug: hit.slug, title: hit.card.title, note: '', addedAt: '' }] : [],
    );
    return { items, missing: ids.length - items.length };
  }

  private async offer() {
    setPaperCount(Number(this.dataset.paperCount));
    const summary = this.querySelector('.rl-import-summary');
    const list = this.querySelector('.rl-import-items');
    const accept = this.querySelector<HTMLButtonElement>('.rl-import-accept');
    const dismiss = this.querySelector<HTMLButtonElement>('.rl-import-dismiss');
    const status = this.querySelector('.rl-import-status');
    const own = this.querySelector('.rl-import-own');
    const view = document.querySelector<HTMLElement>('reading-list-view');
    if (!summary || !list || !accept || !dismiss || !status) return;
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    if (!params.has(SHARE_PARAM) && !params.has(SHORT_SHARE_PARAM)) return;
    this.hidden = false;
    view?.setAttribute('data-offer', '');
    status.textContent = '';
    accept.hidden = true;
    summary.textContent = 'Looking up the shared papers…';
    list.replaceChildren();
    const shared = await this.sharedItems();
    if (!shared) return;
    const { items, missing } = shared;
    summary.textContent =
      items.length > 0
        ? (isFull(items)
            ? `This link shares ${LIMIT} papers or more, the most a reading list holds; the first ${LIMIT} are offered:`
            : `This link shares a reading list of ${papersCount(items.length)}:`) +
          (missing > 0
            ? ` (${papersCount(missing)} of it ${missing === 1 ? 'is' : 'are'} not on this site)`
            : '')
        : 'This share link is damaged or comes from another version of the site: there is nothing to import.';
    if (own) {
      const mine = getItems().length;
      own.textContent =
        mine > 0 ? `Importing adds them to your own list of ${papersCount(mine)}.` : '';
    }
    list.replaceChildren(
      ...items.map((item) => {
        const row = document.createElement('li');
        const link = document.createElement('a');
        link.href = paperPath(item.slug);
        link.textContent = item.title;
        row.append(link);
        // Authors, venue and year follow as the paper's card arrives.
        void loadCard(item.slug).then((card) => {
          if (!card) return;
          if (card.derived) link.after(' ', derivedMark());
          row.querySelector('.rl-import-note')?.before(...bylineOf(card));
          if (!row.querySelector('.rl-import-note')) row.append(...bylineOf(card));
        });
        if (item.note) {
          const note = document.createElement('p');
          note.className = 'rl-import-note';
          note.textContent = item.note;
          row.append(note);
        }
        return row;
      }),
    );
    accept.hidden = items.length === 0;
    accept.textContent = `Import ${papersCount(items.length)}`;
    const forget = () => {
      history.replaceState(null, '', window.location.pathname + window.location.search);
      view?.removeAttribute('data-offer');
    };
    accept.onclick = () => {
      importAndReport(items, status);
      accept.hidden = true;
      forget();
    };
    dismiss.onclick = () => {
      this.hidden = true;
      forget();
    };
  }
}

customElements.define('reading-list-export', ReadingListExport);
customElements.define('reading-list-import', ReadingListImport);
