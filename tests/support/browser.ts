/** Debian's Chromium, driven by playwright-core: never a downloaded browser. */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Starts headless Chromium with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors and uncaught exceptions of a page, to assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A page opened in a fresh context, with its console errors collected and its HTTP status. */
export interface OpenedPage {
  page: Page;
  errors: string[];
  status: number | undefined;
  close: () => Promise<void>;
}

/** Opens a URL in a new browser context (its own storage, optionally without JavaScript). */
export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const response = await page.goto(url);
  return { page, errors, status: response?.status(), close: () => context.close() };
}
