/** Runs the bench page in headless Chromium and returns what `window.bench` measured. */
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RunResult, TypingResult } from './page';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The bench server's certificate is self-signed (scripts/bench/server.ts).
  '--ignore-certificate-errors',
];

export interface EngineSpec {
  workerUrl: string;
  indexUrl: string;
}

interface BenchApi {
  run(specs: EngineSpec[], warmup: string[], queries: string[]): Promise<RunResult[]>;
  type(spec: EngineSpec, phrases: string[], keyDelayMs: number): Promise<TypingResult>;
}

export class BenchBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  static async open(origin: string): Promise<BenchBrowser> {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    page.setDefaultTimeout(0);
    await page.goto(`${origin}/index.html`);
    return new BenchBrowser(browser, page);
  }

  /** Measures the engines side by side: each query goes to each engine in turn. */
  run(specs: EngineSpec[], warmup: string[], queries: string[]): Promise<RunResult[]> {
    return this.page.evaluate(
      ([s, w, q]) => (window as unknown as { bench: BenchApi }).bench.run(s, w, q),
      [specs, warmup, queries] as const,
    );
  }

  type(spec: EngineSpec, phrases: string[], keyDelayMs: number): Promise<TypingResult> {
    return this.page.evaluate(
      ([s, p, d]) => (window as unknown as { bench: BenchApi }).bench.type(s, p, d),
      [spec, phrases, keyDelayMs] as const,
    );
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
