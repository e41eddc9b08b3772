/** The message loop both baseline workers share: load once, then answer queries in order. */
import type { BaselineRequest } from './baselines';

type Search = (message: Extract<BaselineRequest, { type: 'search' }>) => {
  total: number;
  slugs: string[];
};

const scope = self as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<BaselineRequest>) => void): void;
};

export function serveBaseline(load: (indexUrl: string) => Promise<Search>): void {
  let ready: Promise<Search> | undefined;
  scope.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'init') {
      const started = performance.now();
      ready = load(message.indexUrl);
      ready.then(
        () => scope.postMessage({ type: 'ready', loadMs: performance.now() - started }),
        (error: unknown) => scope.postMessage({ type: 'error', id: null, message: String(error) }),
      );
      return;
    }
    const started = performance.now();
    (ready ?? Promise.reject(new Error('query before init'))).then(
      (search) => {
        const { total, slugs } = search(message);
        scope.postMessage({
          type: 'results',
          id: message.id,
          tookMs: performance.now() - started,
          results: { total, hits: slugs.map((slug) => ({ slug })) },
        });
      },
      (error: unknown) =>
        scope.postMessage({ type: 'error', id: message.id, message: String(error) }),
    );
  });
}
