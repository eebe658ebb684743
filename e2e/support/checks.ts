import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './browser';

/** Waits for a toast (or any text) to show. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

/** Accessibility check once the toasts have gone (a toast fading in measures as low contrast). */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast under the pointer (the last click was at the bottom right, where toasts stack) waits while hovered.
  await page.mouse.move(0, 0);
  await expect.poll(async () => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Elements sticking out past the right edge of the viewport (a phone must not scroll sideways), among those
 * `scope` selects. Fixed elements and what sits inside a horizontal scroller (.overflow-x-auto) do not widen the page,
 * nor does what a box that ends within the viewport clips (a truncated name in a calendar event: its box reaches
 * past the edge, its letters do not).
 */
export async function overflowing(page: Page, scope = 'body *'): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const clippedInside = (e: Element) => {
      for (let box = e.parentElement; box; box = box.parentElement) {
        const clip = getComputedStyle(box).overflowX;
        if (clip === 'hidden' || clip === 'clip') return box.getBoundingClientRect().right <= width + 0.5;
      }
      return false;
    };
    return Array.from(document.querySelectorAll(selector))
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && getComputedStyle(e).position !== 'fixed' && !e.closest('.overflow-x-auto') && !clippedInside(e))
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} → ${Math.round(e.getBoundingClientRect().right)}`);
  }, scope);
}

/** An init script recording every layout shift of the page from its start (buffered) in `window.__shifts`. */
export const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
})();`;
