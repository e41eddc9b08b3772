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
