/**
 * Offline use (venue Wi-Fi): registers the service worker (src/sw/service-worker.ts, built as
 * `<base>sw.js`) on every page, shows an "Offline" badge in the header while the browser has no
 * network (`<offline-status>`), and runs the "Available offline" control (`<offline-pack>`), which
 * downloads the offline pack (`offline.json`: the shell, the paper list, the search index, the map,
 * the card shards) and the reading list's papers into the service worker's cache, with a progress bar.
 */
import { filePath, paperPath, withBase } from '../lib/site/urls';
import { getItems, subscribe } from './reading-list';

/** What a saved paper's page weighs, about (the seed pages: 9.5 KB on average). */
const PAPER_PAGE_BYTES = 10_000;
const CACHE_PREFIX = `paper-explorer:${withBase('/')}:`;
const PACK_MARKER = `${withBase('/')}offline-pack`;
/** Files downloaded at once: enough to fill a slow link, few enough not to stall the page. */
const PARALLEL = 4;

interface OfflineManifest {
  buildId: string;
  files: [string, number][];
}

const supported = 'serviceWorker' in navigator && 'caches' in window;

if (supported && import.meta.env.PROD) {
  const register = () =>
    navigator.serviceWorker
      .register(filePath('sw.js'), { scope: withBase('/') })
      .then(keepThisPage)
      .catch(() => undefined);
  const afterLoad = () => {
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  };
  // On a search link (search-boot.ts has marked the explorer by now) the search worker is still
  // fetching the index's parts at `load`: installing the service worker then, which caches every
  // script and stylesheet of the site (~40 files), queued them all ahead of the result cards on a
  // slow link (issue 35). It waits for the first results (paper-search.ts announces them), or 10 s.
  if (document.querySelector('paper-search[data-searching]')) {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      afterLoad();
    };
    document.addEventListener('paper-search:results', start, { once: true });
    setTimeout(start, 10_000);
  } else afterLoad();
}

/**
 * On the first visit this page and its files loaded before the service worker existed, so it
 * never saw them: it is sent their addresses to keep, so the page a reader landed on (the paper
 * list, a shared search) opens offline too, not only the ones visited after it.
 */
async function keepThisPage(): Promise<void> {
  if (navigator.serviceWorker.controller) return;
  const registration = await navigator.serviceWorker.ready;
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).origin === location.origin);
  registration.active?.postMessage({ page: location.href, files });
}

/** "1.2 MB", "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** The header's offline badge: shown while the browser says it has no network. */
class OfflineStatus extends HTMLElement {
  private update = () => {
    this.hidden = navigator.onLine;
  };

  connectedCallback() {
    this.textContent = 'Offline';
    this.title = 'No network: saved pages still work';
    this.update();
    window.addEventListener('online', this.update);
    window.addEventListener('offline', this.update);
  }

  disconnectedCallback() {
    window.removeEventListener('online', this.update);
    window.removeEventListener('offline', this.update);
  }
}

/** "Available offline": a toggle that downloads the pack, or forgets it. */
class OfflinePack extends HTMLElement {
  private manifest: OfflineManifest | null = null;

  connectedCallback() {
    const button = this.querySelector<HTMLButtonElement>('.offline-toggle');
    const summary = this.querySelector<HTMLElement>('.offline-summary');
    const progress = this.querySelector<HTMLProgressElement>('progress');
    const status = this.querySelector<HTMLElement>('.offline-status');
    if (!button || !summary || !progress || !status) return;
    if (!supported) {
      summary.textContent = 'This browser cannot keep the site for offline use.';
      this.hidden = false;
      button.hidden = true;
      return;
    }
    this.hidden = false;
    const papers = () => getItems().map((item) => paperPath(item.slug));
    const describe = async () => {
      const manifest = await this.loadManifest();
      if (!manifest) {
        summary.textContent = 'The offline pack is not available right now (no network?).';
        return;
      }
      const bytes = manifest.files.reduce((sum, [, size]) => sum + size, 0);
      const saved = papers().length;
      summary.textContent =
        `Keeps the paper list, the search, the map and your reading list` +
        (saved ? ` (${saved === 1 ? '1 paper' : `${saved} papers`})` : '') +
        ` on this device for use without a network: about ${formatBytes(bytes + saved * PAPER_PAGE_BYTES)}.`;
    };
    subscribe(() => void describe());
    void this.isKept().then((kept) => button.setAttribute('aria-pressed', String(kept)));
    button.addEventListener('click', async () => {
      if (button.getAttribute('aria-pressed') === 'true') {
        await this.forget();
        button.setAttribute('aria-pressed', 'false');
        status.textContent =
          'Removed from this device. Pages you visit are still kept for a while.';
        return;
      }
      button.disabled = true;
      try {
        const ok = await this.download(papers(), progress, status);
        button.setAttribute('aria-pressed', String(ok));
      } finally {
        button.disabled = false;
      }
    });
  }

  private async loadManifest(): Promise<OfflineManifest | null> {
    if (this.manifest) return this.manifest;
    try {
      const response = await fetch(filePath('offline.json'), { cache: 'no-cache' });
      if (!response.ok) return null;
      this.manifest = (await response.json()) as OfflineManifest;
      return this.manifest;
    } catch {
      return null;
    }
  }

  private cacheName(manifest: OfflineManifest): string {
    return `${CACHE_PREFIX}${manifest.buildId}`;
  }

  private async isKept(): Promise<boolean> {
    const manifest = await this.loadManifest();
    if (!manifest || !(await caches.has(this.cacheName(manifest)))) return false;
    const cache = await caches.open(this.cacheName(manifest));
    return (await cache.match(PACK_MARKER)) !== undefined;
  }

  private async forget(): Promise<void> {
    const manifest = await this.loadManifest();
    if (manifest) await (await caches.open(this.cacheName(manifest))).delete(PACK_MARKER);
  }

  /** Downloads every file of the pack and the saved papers' pages; true when all of them came. */
  private async download(
    papers: string[],
    progress: HTMLProgressElement,
    status: HTMLElement,
  ): Promise<boolean> {
    const manifest = await this.loadManifest();
    if (!manifest) {
      status.textContent = 'No network: the offline pack cannot be downloaded now.';
      return false;
    }
    // The service worker must be ready to answer from the cache once the network is gone.
    await navigator.serviceWorker.register(filePath('sw.js'), { scope: withBase('/') });
    const cache = await caches.open(this.cacheName(manifest));
    const jobs: [string, number][] = [
      ...manifest.files,
      ...papers.map((url): [string, number] => [url, PAPER_PAGE_BYTES]),
    ];
    const total = jobs.reduce((sum, [, size]) => sum + size, 0);
    let done = 0;
    let failed = 0;
    progress.hidden = false;
    progress.max = total;
    progress.value = 0;
    const show = () => {
      progress.value = Math.min(done, total);
      status.textContent = `Downloading for offline use: ${formatBytes(done)} of ${formatBytes(total)}…`;
    };
    show();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const [url, size] = jobs[next]!;
        next += 1;
        try {
          const response = await fetch(url, { cache: 'no-cache' });
          if (!response.ok) throw new Error(String(response.status));
          await cache.put(url, response);
        } catch {
          failed += 1;
        }
        done += size;
        show();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    progress.hidden = true;
    if (failed > 0) {
      status.textContent = `${failed} of ${jobs.length} files could not be downloaded: try again with a better network.`;
      return false;
    }
    await cache.put(PACK_MARKER, new Response(JSON.stringify({ papers })));
    status.textContent = `Available offline: ${formatBytes(total)} kept on this device. Papers you save later are kept when you open them.`;
    return true;
  }
}

if (!customElements.get('offline-status')) customElements.define('offline-status', OfflineStatus);
if (!customElements.get('offline-pack')) customElements.define('offline-pack', OfflinePack);
