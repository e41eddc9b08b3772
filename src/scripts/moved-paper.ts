/**
 * The 404 page's `<moved-paper>`: a paper's slug is its name or title's head phrase plus the short
 * id of its abstract, and a better derived title (a new release) changes the readable part. A
 * shared `/papers/<old-slug>/` link then lands here; the short id at its end still names the paper,
 * so the page looks it up in the reading list's card shards and moves the reader on.
 */
import { paperPath, withBase } from '../lib/site/urls';
import { shortIdOf } from '../lib/site/reading-list';
import { loadCardById, setPaperCount } from './paper-cards';

/** The `<slug>` of a `/papers/<slug>/` path under the deploy base, else null. */
export function requestedPaperSlug(pathname: string): string | null {
  const prefix = withBase('/papers/');
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/$/, '');
  return rest && !rest.includes('/') ? decodeURIComponent(rest) : null;
}

class MovedPaper extends HTMLElement {
  connectedCallback(): void {
    const slug = requestedPaperSlug(location.pathname);
    const id = slug ? shortIdOf(slug) : null;
    if (!slug || !id) return;
    setPaperCount(Number(this.dataset.paperCount));
    void loadCardById(id).then((found) => {
      if (!found || found.slug === slug) return;
      const status = this.querySelector('[data-moved-status]');
      if (status)
        status.textContent = `This paper is now at its new address: “${found.card.title}”.`;
      this.hidden = false;
      // replace(): the old address should not stay in history as a page that bounces forward.
      location.replace(`${paperPath(found.slug)}${location.search}${location.hash}`);
    });
  }
}

if (!customElements.get('moved-paper')) customElements.define('moved-paper', MovedPaper);
