/**
 * Runs in the bench page (bundled by esbuild): drives one engine's worker and measures it.
 * Playwright calls `window.bench.run` and `window.bench.type` and reads back plain numbers.
 */
import { fillSnippet } from '../../src/scripts/search-render';
interface EngineSpec {
  workerUrl: string;
  indexUrl: string;
}

interface Hit {
  slug: string;
  title?: string;
  snippet?: string | null;
  snippetRanges?: [number, number][];
}

interface LateSnippet {
  index: number;
  snippet: string;
  snippetRanges: [number, number][];
}

type Answer =
  | { type: 'ready'; loadMs: number }
  | { type: 'results'; id: number; tookMs: number; results: { total: number; hits: Hit[] } }
  | { type: 'snippets'; id: number; snippets: LateSnippet[] }
  | { type: 'error'; id: number | null; message: string };

export interface RunResult {
  /** From creating the worker to its `ready`: fetch, parse and index set-up. */
  loadMs: number;
  /** Per query: from posting it to receiving its answer on the main thread. */
  roundTripMs: number[];
  /** Per query: from posting it to having every snippet (ours sends late ones separately). */
  completeMs: number[];
  /** Per query: time spent in the worker. */
  workerMs: number[];
  /** Per query: the slugs of the first results. */
  slugs: string[][];
}

export interface TypingResult {
  /** Durations of main-thread tasks over 50 ms while typing (PerformanceObserver `longtask`). */
  longTasksMs: number[];
  keystrokes: number;
  /** Answers rendered (stale answers are dropped, as the UI will do). */
  rendered: number;
}

interface Pending {
  results: (answer: Answer) => void;
  complete: () => void;
}

class EngineClient {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Pending>();
  private nextId = 1;
  readonly ready: Promise<number>;
  onAnswer: ((answer: Answer) => void) | undefined;

  constructor(spec: EngineSpec) {
    const started = performance.now();
    this.worker = new Worker(spec.workerUrl);
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener('message', (event: MessageEvent<Answer>) => {
        const answer = event.data;
        if (answer.type === 'ready') resolve(performance.now() - started);
        else if (answer.type === 'error' && answer.id === null) reject(new Error(answer.message));
        else if (answer.id !== null) this.receive(answer.id, answer);
      });
    });
    this.worker.postMessage({ type: 'init', indexUrl: spec.indexUrl });
  }

  private receive(id: number, answer: Answer): void {
    const pending = this.waiting.get(id);
    this.onAnswer?.(answer);
    if (!pending) return;
    if (answer.type === 'results') {
      pending.results(answer);
      if (answer.results.hits.every((h) => h.snippet !== null)) pending.complete();
    } else {
      if (answer.type === 'error') pending.results(answer);
      pending.complete();
    }
  }

  send(
    query: string,
    limit: number,
  ): { id: number; answer: Promise<Answer>; complete: Promise<void> } {
    const id = this.nextId++;
    let results: (answer: Answer) => void = () => undefined;
    let complete: () => void = () => undefined;
    const answer = new Promise<Answer>((resolve) => (results = resolve));
    const done = new Promise<void>((resolve) => (complete = resolve));
    this.waiting.set(id, { results, complete });
    done.then(() => this.waiting.delete(id));
    this.worker.postMessage({ type: 'search', id, query, limit });
    return { id, answer, complete: done };
  }

  close(): void {
    this.worker.terminate();
  }
}

/**
 * Loads every engine, then sends each query to each engine in turn, one at a time: the engines
 * share the same moments of the run, so a burst of load from other processes slows them alike
 * (measured one after the other, whichever ran during a busy minute looked slower).
 */
async function run(specs: EngineSpec[], warmup: string[], queries: string[]): Promise<RunResult[]> {
  const clients = specs.map((spec) => new EngineClient(spec));
  const results: RunResult[] = [];
  for (const client of clients) {
    results.push({
      loadMs: await client.ready,
      roundTripMs: [],
      completeMs: [],
      workerMs: [],
      slugs: [],
    });
  }
  for (const query of warmup) {
    for (const client of clients) await client.send(query, 10).complete;
  }
  for (const query of queries) {
    for (const [i, client] of clients.entries()) {
      const result = results[i]!;
      const started = performance.now();
      const sent = client.send(query, 10);
      const answer = await sent.answer;
      result.roundTripMs.push(performance.now() - started);
      await sent.complete;
      result.completeMs.push(performance.now() - started);
      if (answer.type !== 'results') throw new Error(`"${query}": ${JSON.stringify(answer)}`);
      result.workerMs.push(answer.tookMs);
      result.slugs.push(answer.results.hits.map((h) => h.slug));
    }
  }
  for (const client of clients) client.close();
  return results;
}

/**
 * Builds result items with the real UI's highlighting (text nodes and <mark>s), in one DOM write;
 * returns each item's snippet paragraph, which late snippets fill in place as the UI does.
 */
function render(list: HTMLElement, hits: readonly Hit[]): HTMLElement[] {
  const snippets: HTMLElement[] = [];
  list.replaceChildren(
    ...hits.map((hit) => {
      const item = document.createElement('li');
      const title = document.createElement('strong');
      title.textContent = hit.title ?? hit.slug;
      const snippet = document.createElement('p');
      fillSnippet(snippet, hit.snippet ?? null, hit.snippetRanges ?? []);
      snippets.push(snippet);
      item.append(title, snippet);
      return item;
    }),
  );
  return snippets;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types each phrase a character at a time, sending every prefix, and records long tasks. */
async function type(
  spec: EngineSpec,
  phrases: string[],
  keyDelayMs: number,
): Promise<TypingResult> {
  const client = new EngineClient(spec);
  await client.ready;
  const input = document.createElement('input');
  const list = document.createElement('ol');
  document.body.append(input, list);
  const longTasksMs: number[] = [];
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) longTasksMs.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let latest = 0;
  let rendered = 0;
  let keystrokes = 0;
  let snippets: HTMLElement[] = [];
  client.onAnswer = (answer) => {
    if (answer.type === 'results' && answer.id === latest) {
      snippets = render(list, answer.results.hits);
      rendered += 1;
    } else if (answer.type === 'snippets' && answer.id === latest) {
      for (const late of answer.snippets) {
        const snippet = snippets[late.index];
        if (snippet) fillSnippet(snippet, late.snippet, late.snippetRanges);
      }
    }
  };
  for (const phrase of phrases) {
    for (let end = 1; end <= phrase.length; end += 1) {
      input.value = phrase.slice(0, end);
      latest = client.send(input.value, 10).id;
      keystrokes += 1;
      await pause(keyDelayMs);
    }
    await pause(300);
  }
  await pause(500);
  observer.disconnect();
  client.close();
  input.remove();
  list.remove();
  return { longTasksMs, keystrokes, rendered };
}

(window as unknown as { bench: unknown }).bench = { run, type };
