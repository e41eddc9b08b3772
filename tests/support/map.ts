/** The map's test hooks (src/scripts/map-view.ts), read the same way by every browser test. */
import type { Page } from 'playwright-core';

export interface MapElement extends HTMLElement {
  screenPointOf(index: number): { x: number; y: number } | null;
  currentView: { zoom: number; cx: number; cy: number; dotRadius: number };
}

/** Where paper `index`'s dot is on screen now. */
export const mapPointOf = (page: Page, index: number) =>
  page.evaluate(
    (i) => (document.querySelector('topic-map-view') as MapElement).screenPointOf(i)!,
    index,
  );

/** Where each of the first `count` papers' dots is on screen now. */
export const mapPoints = (page: Page, count: number) =>
  page.evaluate((n) => {
    const map = document.querySelector('topic-map-view') as MapElement;
    return Array.from({ length: n }, (_, i) => map.screenPointOf(i)!);
  }, count);

/**
 * Touches the screen as fingers would, through CDP (a touch screen's own events, so the browser
 * scrolls or not as it would for a reader): `paths[f][s]` is finger f's position at step s. Every
 * finger goes down at its first position, moves step by step, and all lift together.
 */
export async function touchPaths(page: Page, paths: { x: number; y: number }[][]) {
  const cdp = await page.context().newCDPSession(page);
  const at = (step: number) => paths.map((path, id) => ({ ...path[step]!, id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step < paths[0]!.length; step += 1)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
