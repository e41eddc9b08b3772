/**
 * `/similar/`: scores the pasted text against every paper as the reader types or pastes. The vectors
 * are fetched once, when the reader first focuses the box (or the page opens with `?text=`), and the
 * scoring module is imported with them, so the page itself stays light.
 */
import { paperPath } from '../lib/site/urls';
import type { SimilarIndex, SimilarMatch } from '../lib/enrich/similar';

/** Typing pauses shorter than this do not re-score; a paste scores at once. */
const TYPING_DELAY_MS = 150;
const RESULTS = 10;

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
  private index: Promise<SimilarIndex> | null = null;
  private latest = 0;

  connectedCallback() {
    const form = this.querySelector('form');
    const text = this.querySelector('textarea');
    if (!form || !text) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    text.addEventListener('focus', () => void this.load(), { once: true });
    text.addEventListener('paste', () => setTimeout(() => void this.run(text.value)));
    text.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => void this.run(text.value), TYPING_DELAY_MS);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run(text.value);
    });
    const initial = new URLSearchParams(window.location.search).get('text');
    if (initial) {
      text.value = initial;
      void this.run(initial);
    }
  }

  private load(): Promise<SimilarIndex> {
    this.index ??= (async () => {
      this.status('Loading paper vectors…');
      const [{ SimilarIndex }, response] = await Promise.all([
        import('../lib/enrich/similar'),
        fetch(this.dataset.indexUrl ?? ''),
      ]);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const index = new SimilarIndex(await response.json());
      index.warmUp();
      this.status(`Ready: ${index.docCount.toLocaleString('en')} papers.`);
      return index;
    })();
    this.index.catch(() => {
      this.index = null;
      this.status('The paper vectors could not be loaded. Check your connection and try again.');
    });
    return this.index;
  }

  private async run(text: string) {
    const request = ++this.latest;
    const index = await this.load().catch(() => null);
    if (!index || request !== this.latest) return;
    const started = performance.now();
    const matches = text.trim() ? index.similarTo(text, RESULTS) : [];
    const took = performance.now() - started;
    const section = this.querySelector<HTMLElement>('.similar-results');
    const list = this.querySelector('.similar-list');
    if (!section || !list) return;
    list.replaceChildren(...matches.map(resultRow));
    section.hidden = matches.length === 0;
    this.dataset.tookMs = took.toFixed(1);
    this.status(
      text.trim() === ''
        ? ''
        : matches.length === 0
          ? 'No paper shares a meaningful word with this text.'
          : `${matches.length} most similar papers, found in ${Math.max(1, Math.round(took))} ms.`,
    );
  }

  private status(message: string) {
    const status = this.querySelector('.similar-status');
    if (status) status.textContent = message;
  }
}

customElements.define('similar-search', SimilarSearch);
