import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Issue 14's small defects that only a browser shows: where focus goes, what a click opens, what a phone scrolls.
let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);

describe('counselling fixes (issue 14)', () => {
  it('a category card opens its resources, the filter set to it; a reader sees no manager subtitle', async () => {
    for (const viewport of [undefined, PHONE]) {
      const width = viewport ? 375 : 1280;
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.student);
      await page.goto('/categories');
      const card = page.getByTestId('category-card').filter({ hasText: 'Grief and Loss' });
      await card.waitFor();
      expect(await page.getByText('Organize and manage resource categories').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `counselling-fixes-categories-reader-${width}`);
      // A click anywhere on the card (here the middle of its picture) follows the title's link stretched over it.
      await card.scrollIntoViewIfNeeded();
      const picture = await card.locator('figure').boundingBox();
      if (!picture) throw new Error('the card has no picture box');
      await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
      await page.waitForURL(/\/resources\?category=\d+$/);
      await expect.poll(() => page.getByLabel('Category').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Grief and Loss');
      await page.getByTestId('resource-card').first().waitFor();
      await screenshot(page, `counselling-fixes-category-resources-${width}`);
      await context.close();
    }
  });

  it('the status menu gives focus back to its button on Escape and after a confirm is answered', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    const trigger = page.getByRole('button', { name: /^Status options for / }).first();
    await trigger.waitFor();
    const name = await trigger.getAttribute('aria-label');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe(name);

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Cancel appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(page)).toBe(name);
    await context.close();
  });

  it('the phone slide-over takes focus when it opens and gives it back to its button when closed by the backdrop', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'counselling-fixes-slide-over-375');
    await menu.getByRole('button', { name: 'Close menu' }).click({ position: { x: 360, y: 400 } });
    await menu.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Open menu');
    await context.close();
  });
});
