/**
 * `/similar/`: scores the pasted text against every paper as the reader types or pastes. A Web
 * Worker does the fetching and the scoring (similar-worker.ts): the split index's small `meta.json`
 * when the reader first focuses the box (or the page opens with `?text=`), then for each text only
 * the term blocks and document shards it needs. The page stays responsive whatever is pasted, and
 * only the first MAX_SIMILAR_TEXT_CHARS characters are compared.
 */
import { paperPath } from '../lib/site/urls';
import type { SimilarMatch } from '../lib/enrich/similar';
import { MAX_SIMILAR_TEXT_CHARS, type SimilarReply, type SimilarRequest } from './similar-protocol';
import { formatCount } from '../lib/format';

/** Typing pauses shorter than this do not re-score; a paste scores at once. */
const TYPING_DELAY_MS = 150;
const RESULTS = 10;
const LIMIT = formatCount(MAX_SIMILAR_TEXT_CHARS);

function resultRow(match: SimilarMatch): HTMLLIElement {
  const row = document.createElement('li');
  const link = document.createElement('a');
  link.href = paperPath(match.slug);
  link.textContent = match.title;
  const why = document.createElement('span');
  why.className = 'similar-why';
  why.textContent = `Shares: ${match.terms.join(', ')} · similarity ${match.score.toFixed(2)}`;
  row.append(link, why);
  return row;
}

class SimilarSearch extends HTMLElement {
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  /** The id of the newest text; older answers are dropped. */
  private latest = 0;
  /** True while the worker scores a text; a newer text then waits in `queued` (only the newest). */
  private busy = false;
  private queued: { id: number; text: string } | null = null;

  connectedCallback() {
    const form = this.querySelector('form');
    const text = this.querySelector('textarea');
    if (!form || !text) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    text.addEventListener('focus', () => void this.load(), { once: true });
    text.addEventListener('paste', () => setTimeout(() => this.run(text.value)));
    text.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => this.run(text.value), TYPING_DELAY_MS);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.run(text.value);
    });
    const initial = new URLSearchParams(window.location.search).get('text');
    if (initial) {
      text.value = initial;
      this.run(initial);
    }
  }

  /** Starts the worker and its download of the vectors, once; resolves to whether it is ready. */
  private load(): Promise<boolean> {
    this.ready ??= new Promise<boolean>((resolve) => {
      this.status('Loading paper vectors…');
      const worker = new Worker(new URL('./similar-worker.ts', import.meta.url), {
        type: 'module',
      });
      this.worker = worker;
      worker.addEventListener('message', (event: MessageEvent<SimilarReply>) => {
        const reply = event.data;
        if (reply.type === 'ready') {
          this.status(`Ready: ${formatCount(reply.docCount)} papers.`);
          resolve(true);
        } else if (reply.type === 'failed') {
          this.failed(resolve);
        } else {
          this.show(reply);
        }
      });
      worker.addEventListener('error', () => this.failed(resolve));
      const url = new URL(this.dataset.indexUrl ?? '', window.location.href).href;
      this.send({ type: 'load', url });
    });
    return this.ready;
  }

  private failed(resolve: (ready: boolean) => void) {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    // A lookup that failed (a part could not be fetched) leaves nothing in flight: the next starts afresh.
    this.busy = false;
    this.queued = null;
    this.status('The paper vectors could not be loaded. Check your connection and try again.');
    resolve(false);
  }

  private send(request: SimilarRequest) {
    this.worker?.postMessage(request);
  }

  private async run(text: string) {
    const id = ++this.latest;
    if (!(await this.load()) || id !== this.latest) return;
    if (text.trim() === '') {
      this.render([], '');
      return;
    }
    if (this.busy) {
      this.queued = { id, text };
      return;
    }
    this.busy = true;
    this.send({ type: 'score', id, text, limit: RESULTS });
  }

  private show(reply: Extract<SimilarReply, { type: 'matches' }>) {
    this.busy = false;
    const next = this.queued;
    this.queued = null;
    if (next) {
      this.busy = true;
      this.send({ type: 'score', id: next.id, text: next.text, limit: RESULTS });
    }
    if (reply.id !== this.latest) return;
    const text = this.querySelector('textarea')?.value ?? '';
    const cut =
      text.length > MAX_SIMILAR_TEXT_CHARS
        ? ` Only the first ${LIMIT} characters of the text were compared.`
        : '';
    this.dataset.tookMs = reply.tookMs.toFixed(1);
    const took = Math.max(1, Math.round(reply.tookMs));
    this.render(
      reply.matches,
      (reply.matches.length === 0
        ? 'No paper shares a meaningful word with this text.'
        : `${reply.matches.length} most similar papers, found in ${took} ms.`) + cut,
    );
  }

  private render(matches: SimilarMatch[], message: string) {
    const section = this.querySelector<HTMLElement>('.similar-results');
    const list = this.querySelector('.similar-list');
    if (!section || !list) return;
    list.replaceChildren(...matches.map(resultRow));
    section.hidden = matches.length === 0;
    this.status(message);
  }

  private status(message: string) {
    const status = this.querySelector('.similar-status');
    if (status) status.textContent = message;
  }
}

customElements.define('similar-search', SimilarSearch);
