/**
 * The service worker (`<base>sw.js`): the site keeps working on venue Wi-Fi that comes and goes.
 * Hand-written, ~2 KB, because the site needs three rules and no library (docs/features.md):
 *
 * - `_astro/` files (hashed names, never changed in place): from the cache, else the network. The
 *   whole shell (every CSS and JS file, workers and lazy chunks included) is cached on install.
 * - Pages and data (HTML, the search index, card shards…): from the network, so a new deploy is
 *   seen at once, each answer kept in the cache; the cached copy when the network fails or takes
 *   longer than {@link NETWORK_WAIT_MS} (a network that connects but never answers).
 *   `/?q=…` and `/` are one page to the cache (a static page ignores its query).
 * - Everything is kept in one cache per build (`paper-explorer:<base>:<build id>`); activating a
 *   new build deletes the old caches of this base, so a new deploy never serves stale pages. When
 *   the old cache held the "Available offline" pack, the new build downloads its own pack again.
 *
 * Built by src/lib/build/service-worker.ts (esbuild) with the build id, base and shell files.
 */

declare const __BUILD_ID__: string;
declare const __BASE__: string;
declare const __SHELL__: string[];

/** The parts of the service worker scope this file uses (the DOM typings lack them). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const PREFIX = `paper-explorer:${__BASE__}:`;
const CACHE = `${PREFIX}${__BUILD_ID__}`;
/** The cache entry that says the "Available offline" pack was downloaded (OfflinePack.astro). */
const PACK_MARKER = `${__BASE__}offline-pack`;
const NETWORK_WAIT_MS = 4000;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // One missing file must not stop the others (allSettled, not addAll).
      await Promise.allSettled(__SHELL__.map((url) => cache.add(url)));
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      let packPapers: string[] | null = null;
      for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === CACHE) continue;
        const marker = await (await caches.open(name)).match(PACK_MARKER);
        if (marker) packPapers = ((await marker.json()) as { papers?: string[] }).papers ?? [];
        await caches.delete(name);
      }
      if (packPapers) await downloadPack(packPapers);
      // The open pages too: what they fetch from now on is kept (the page a reader landed on
      // loaded before this worker existed; offline.ts sends its address and files, below).
      await scope.clients.claim();
    })(),
  );
});

/** Most files a page may ask to keep: a page loads a few dozen; more is not a page's. */
const MAX_KEPT = 200;

/**
 * A page that loaded before this worker controlled it (the first visit) sends its own address
 * and the files it fetched (`{ page, files }`, offline.ts): kept as if they had come through here.
 */
scope.addEventListener('message', (event) => {
  const { page, files } = (event.data ?? {}) as { page?: unknown; files?: unknown };
  if (typeof page !== 'string' || !Array.isArray(files)) return;
  const wanted = [
    { href: page, isPage: true },
    ...files
      .filter((file): file is string => typeof file === 'string')
      .slice(0, MAX_KEPT)
      .map((href) => ({ href, isPage: false })),
  ];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.allSettled(
        wanted.map(async ({ href, isPage }) => {
          const url = new URL(href, self.location.href);
          if (!kept(url) || (await cache.match(keyOf(url, isPage)))) return;
          const response = await fetch(url.href);
          if (response.ok && response.type === 'basic')
            await cache.put(keyOf(url, isPage), response);
        }),
      );
    })(),
  );
});

/** The "Available offline" pack again, for a new build: the files its manifest lists and the papers. */
async function downloadPack(papers: string[]): Promise<void> {
  try {
    const cache = await caches.open(CACHE);
    const manifest = (await (await fetch(`${__BASE__}offline.json`)).json()) as {
      files: [string, number][];
    };
    const urls = [...manifest.files.map(([url]) => url), ...papers];
    await Promise.allSettled(urls.map((url) => cache.add(url)));
    await cache.put(PACK_MARKER, new Response(JSON.stringify({ papers })));
  } catch {
    // Offline while activating: the reader can press "Available offline" again.
  }
}

/** The cache key of a page or file: its path, without the query of a search. */
function keyOf(url: URL, isPage: boolean): string {
  return isPage ? `${url.origin}${url.pathname}` : url.href;
}

/** Whether a URL is one of this site's files worth keeping (not a download, preview image or this worker). */
function kept(url: URL): boolean {
  if (url.origin !== self.location.origin || !url.pathname.startsWith(__BASE__)) return false;
  // Downloads and link preview images are not worth keeping.
  if (url.pathname.endsWith('.gz') || url.pathname.startsWith(`${__BASE__}og/`)) return false;
  return !url.pathname.endsWith('/sw.js') && !url.pathname.endsWith('/offline.json');
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!kept(url)) return;
  if (url.pathname.startsWith(`${__BASE__}_astro/`)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(networkFirst(request, keyOf(url, request.mode === 'navigate')));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
    return response;
  });
  if (!cached) {
    return network.catch(() => (request.mode === 'navigate' ? offlinePage() : Response.error()));
  }
  // A cached copy is at hand: the network's answer if it comes soon, else the copy.
  const slow = new Promise<Response>((resolve) =>
    setTimeout(() => resolve(cached), NETWORK_WAIT_MS),
  );
  return Promise.race([network.catch(() => cached), slow]);
}

/**
 * The look of the page below: the site's palette and font, light or dark as the system is (the
 * site's own stylesheet has a hashed name this worker does not know; a reader's theme choice needs
 * a script). Without it the page was black serif text on white, in dark mode too.
 */
const OFFLINE_STYLE =
  ":root{color-scheme:light dark;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.55;background:light-dark(#fff,#111418);color:light-dark(#1b1f24,#e6e9ed)}" +
  'body{margin:0}header,main{max-width:46rem;margin:0 auto;padding:0.75rem 1rem}' +
  'header{border-bottom:1px solid light-dark(#d3d9e0,#353d48)}' +
  'header a{font-weight:700;font-size:1.15rem;color:inherit;text-decoration:none}' +
  'a{color:light-dark(#0b57b8,#8cb8ff)}';

/** What a page not kept for offline use shows without a network: the site's look, no script. */
function offlinePage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Offline · Paper Explorer</title><style>${OFFLINE_STYLE}</style></head><body><header><a href="${__BASE__}">Paper Explorer</a></header><main><h1>You are offline</h1><p>This page was not saved for offline use. <a href="${__BASE__}">The paper list</a> and <a href="${__BASE__}list/">your reading list</a> work offline once you have pressed “Available offline” on the reading list.</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // Its own styles only: nothing else runs or loads on it.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
