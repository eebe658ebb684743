import { todayIn } from '@kalinga/contracts/zone-time';
import { overflowing as overflowingIn } from './checks';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, screenshot } from './browser';

// Helpers of the lending browser test: the page's local store read straight from IndexedDB, in-app navigation
// that works offline (no reload), and the accessibility + screenshot pass of a screen.

/**
 * Every row of a table of the signed-in user's local book (decision 0110), read in the page. A book the app has
 * not made yet reads as empty and is left unmade: opening it here would create an empty version-1 database whose
 * open connection blocks the app's own upgrade (the book is made after sign-in, while tests already poll it).
 */
export async function localRows<T = Record<string, unknown>>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(`PawnshopDB-u${localStorage.getItem('book_user')}-c${localStorage.getItem('company_id')}`);
        let unmade = false;
        open.onupgradeneeded = () => {
          unmade = true;
          open.transaction?.abort();
        };
        open.onerror = (event) => {
          event.preventDefault();
          if (unmade) resolve([]);
          else reject(open.error);
        };
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(name)) {
            open.result.close();
            resolve([]);
            return;
          }
          const req = open.result.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    table,
  );
}

/** Waits until the initial sync has recorded its cursor (the demo book is on this device). */
export async function waitForBook(page: Page): Promise<void> {
  await expect
    .poll(async () => (await localRows<{ table_name: string }>(page, 'syncState')).some((s) => s.table_name === 'all'), { timeout: 60_000 })
    .toBe(true);
}

/** Waits until the queue has sent everything: no pending entry left, none refused. */
export async function waitForQueue(page: Page): Promise<void> {
  await expect
    .poll(async () => (await localRows<{ status: string; operation: string; error?: string }>(page, 'syncQueue')).filter((e) => e.status !== 'completed').map((e) => `${e.operation} ${e.status} ${e.error ?? ''}`), { timeout: 60_000 })
    .toEqual([]);
}

/** Client-side navigation (the router hears popstate): no reload, so it works offline without the network. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Axe (no serious or critical violations, toasts gone) and a screenshot of the screen. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // A toast under the pointer stays while it is hovered (sonner pauses it): move the pointer off the page's corner.
  await page.mouse.move(1, 1);
  await expect.poll(async () => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  // Polled: a transition caught mid-way (a tab or button changing colour) measures as low contrast for a moment;
  // a real violation stays and fails with the offending elements named.
  await expect
    .poll(async () => ((await axeViolations(page)).length === 0 ? [] : violationTargets(page)), { timeout: 5_000, message: name })
    .toEqual([]);
  await screenshot(page, name);
}

/** Elements sticking out past the right edge of the main area (a phone must not scroll sideways). */
export const overflowing = (page: Page): Promise<string[]> => overflowingIn(page, 'main *');

/** The serious and critical violations with their elements (axe is injected by axeViolations first). */
export async function violationTargets(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run({ exclude: [['[data-sonner-toaster]']] }, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
  });
}

/** Today at the demo centre (Manila), as the counter dates its actions. */
export const manilaToday = (): string => todayIn('Asia/Manila');

/** Cuts the network (the page's and the service worker's requests fail) and waits until the page knows it. */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

/**
 * Signs out from the user menu. With unsent changes the app asks first (they stay on the device for this user):
 * the question's text is returned, after answering Sign out; null when it did not ask.
 */
export async function signOut(page: Page): Promise<string | null> {
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Sign out with unsent changes?' });
  await question.or(page.getByPlaceholder('Email')).first().waitFor();
  let asked: string | null = null;
  if (await question.isVisible()) {
    asked = (await question.innerText()).replace(/\s+/g, ' ');
    await question.getByRole('button', { name: 'Sign Out', exact: true }).click();
  }
  await page.waitForURL('**/login');
  return asked;
}
