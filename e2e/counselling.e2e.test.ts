import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** True when the toast with this text is the element a person sees (and could click) at its centre. */
async function toastOnTop(page: Page, text: string): Promise<boolean> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout: 10_000 });
  const onTop = () => toast.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
  // The toast slides in from below the edge: asked again until it has arrived.
  return expect.poll(onTop, { timeout: 3000 }).toBe(true).then(() => true, () => false);
}

describe('Counselling screens as a new user meets them', () => {
  it('offline, saving in a drawer fails at once with the reason in a toast shown above the drawer; the form keeps its values', async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/settings/users');
      await page.getByRole('button', { name: 'Add User' }).first().click();
      const drawer = page.getByTestId('drawer');
      await drawer.getByLabel('Full Name').fill('Offline Olive');
      await drawer.getByLabel('Email').fill('olive@demo.kalinga.test');
      await drawer.getByLabel('Password').fill('olive-offline-1');
      await context.setOffline(true);
      await drawer.getByRole('button', { name: 'Create User' }).click();
      expect(await toastOnTop(page, 'Failed to create user: You are offline')).toBe(true);
      expect(await drawer.getByLabel('Full Name').inputValue()).toBe('Offline Olive');
      await screenshot(page, `counselling-offline-drawer-toast-${viewport ? 375 : 1280}`);
      await context.close();
    }
  });

  it('offline, Appointments says it is offline instead of loading forever', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.getByRole('heading', { name: 'Appointments' }).first().waitFor();
    await context.setOffline(true);
    await page.getByRole('tab', { name: /History/ }).first().click();
    await page.getByRole('alert').filter({ hasText: 'You are offline' }).first().waitFor({ timeout: 5000 });
    await expect.poll(() => page.getByText('(Offline)').count()).toBeGreaterThan(0);
    await screenshot(page, 'counselling-offline-appointments-1280');
    await context.close();
  });
});
