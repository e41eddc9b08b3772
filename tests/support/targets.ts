/**
 * Touch-target measurements in a page (issue 33): every visible link and button, its box, and
 * whether it passes WCAG 2.5.8 (24 × 24 px, or spaced so a 24 px circle on it touches no other
 * target or circle; links inside a sentence are exempt), and the primary actions' 44 × 44 px.
 */
import type { Page } from 'playwright-core';

/** The primary actions, thumb-sized on touch screens. */
export const PRIMARY_ACTIONS = [
  '.star-toggle',
  '.copy-link button',
  '.cite-open',
  'qr-code-button button',
  '.rl-share',
  '.rl-qr',
  '.offline-toggle',
  '.filters-disclosure > summary',
  '.facet-group a',
  '.filter-chips button',
].join(', ');

export interface TargetReport {
  /** Visible targets measured. */
  count: number;
  /** Targets failing 2.5.8: neither 24 px nor spaced. */
  crowded: string[];
  /** Primary actions under 44 × 44 px. */
  small: string[];
}

/**
 * The measurement, run in the page. Plain JavaScript in a string: a function passed to
 * `page.evaluate` would carry the `__name` helper tsx adds to named functions.
 */
const MEASURE = String.raw`(primarySelector) => {
  const describe = (element, rect) =>
    element.tagName.toLowerCase() + '.' + (element.getAttribute('class') || '') + ' “' +
    (element.textContent || '').trim().slice(0, 40) + '” ' +
    Math.round(rect.width) + '×' + Math.round(rect.height);
  const all = [...document.querySelectorAll('a[href], button, summary, input, select')];
  const visible = all.filter((element) => {
    if (element.closest('.skip-link, template')) return false;
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return rect.width > 0 && rect.height > 0 && rect.bottom + window.scrollY > 0 &&
      style.visibility !== 'hidden' && !(element.tagName === 'INPUT' && element.type === 'hidden');
  });
  // A link in running text (WCAG 2.5.8's inline exception): its block has words besides links.
  const inSentence = (element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    const block = element.parentElement && element.parentElement.closest('p, li, dd, td, figcaption, blockquote, div');
    if (!block) return false;
    const clone = block.cloneNode(true);
    for (const inner of clone.querySelectorAll('a, button')) inner.remove();
    return (clone.textContent || '').replace(/[^\p{L}]/gu, '').length >= 12;
  };
  const boxes = visible.map((element) => {
    const rect = element.getBoundingClientRect();
    return {
      element, rect,
      x: rect.left + rect.width / 2,
      y: rect.top + rect.height / 2,
      undersized: rect.width < 23.5 || rect.height < 23.5,
    };
  });
  const distanceToRect = (x, y, r) =>
    Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const crowded = [];
  for (const box of boxes) {
    if (!box.undersized || inSentence(box.element)) continue;
    const clash = boxes.some((other) =>
      other !== box && !other.element.contains(box.element) && !box.element.contains(other.element) &&
      (distanceToRect(box.x, box.y, other.rect) < 12 ||
        (other.undersized && Math.hypot(box.x - other.x, box.y - other.y) < 24)));
    if (clash) crowded.push(describe(box.element, box.rect));
  }
  const small = boxes
    .filter(({ element }) => element.matches(primarySelector))
    .filter(({ rect }) => rect.width < 43.5 || rect.height < 43.5)
    .map(({ element, rect }) => describe(element, rect));
  return { count: boxes.length, crowded, small };
}`;

/** Measures every visible link, button, summary and field of the page as it is now. */
export function measureTargets(page: Page): Promise<TargetReport> {
  return page.evaluate(`(${MEASURE})(${JSON.stringify(PRIMARY_ACTIONS)})`) as Promise<TargetReport>;
}
