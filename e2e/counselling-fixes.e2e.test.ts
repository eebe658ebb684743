import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiCall, apiLogin } from './support/api';
import { axeViolations, DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Small counselling defects that only a browser shows (decisions 0050-0059): where focus goes, what a click opens, what a phone scrolls.
let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const login = (email: string, password?: string) => apiLogin(server, email, password);
const call = <T>(session: ApiSession, method: string, url: string, body?: unknown) => apiCall<T>(server, session, method, url, body);

/** A client with a long name books the counselor's first free slot, on site at a long place name. */
async function bookAsLongNamedClient(name: string, email: string, counselor: ApiSession): Promise<void> {
  const admin = await login(DEMO.admin);
  await call(admin, 'POST', '/api/users', { name, email, user_type: 'personnel', roles: ['personnel'], password: 'long-name-client-1' });
  const client = await login(email, 'long-name-client-1');
  const categories = await call<{ data: { id: number }[] }>(client, 'GET', '/api/categories?per_page=1');
  for (let day = 2; day < 32; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await call<{ starts: { appointment_date: string }[] }>(client, 'GET', `/api/appointments/available-slots?counselor_id=${counselor.user.id}&date=${date}`);
    const start = slots.starts[0];
    if (!start) continue;
    await call(client, 'POST', '/api/appointments', {
      counselor_id: counselor.user.id, appointment_date: start.appointment_date, category_id: categories.data[0].id,
      reason: 'Needing someone to talk to about an overwhelmingly stressful semester', location_type: 'on-site', location: 'Guidance and Counselling Office, Second Floor, Room 201',
    });
    return;
  }
  throw new Error('no free slot in 30 days');
}

/** Elements whose text is cut off (clipped or ellipsed) inside their own box. */
const clipped = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));

/**
 * WCAG 1.4.11: an icon needs 3:1 against what is behind it. axe checks text only, so this reads the icon's colour and
 * the nearest opaque background through a canvas (the app's colours are oklch) and returns those under 3:1.
 */
async function paleIcons(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((buttons) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!canvas) throw new Error('no canvas');
    const rgba = (css: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data);
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    return buttons.flatMap((button) => {
      const icon = button.querySelector('svg') ?? button;
      let back: Element | null = button;
      while (back && rgba(getComputedStyle(back).backgroundColor)[3] < 255) back = back.parentElement;
      const fg = luminance(rgba(getComputedStyle(icon).color));
      const bg = luminance(rgba(back ? getComputedStyle(back).backgroundColor : '#fff'));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      return ratio < 3 ? [`${button.getAttribute('aria-label')}: ${ratio.toFixed(2)}:1`] : [];
    });
  });
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);

describe('counselling fixes', () => {
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

  it('at 375 px no counselling screen scrolls sideways and long names and places wrap instead of being cut off', async () => {
    const counselorApi = await login(DEMO.counselor);
    await bookAsLongNamedClient('Maria Concepcion Villanueva-Dela Cruz Santiago', `long-${Date.now()}@demo.kalinga.test`, counselorApi);
    await bookAsLongNamedClient('Wolfeschlegelsteinhausenbergerdorff Hubert', `unbroken-${Date.now()}@demo.kalinga.test`, counselorApi);
    for (const viewport of [PHONE, undefined]) {
      const width = viewport ? 375 : 1280;
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor);
      const card = page.getByTestId('appointment-card').filter({ hasText: 'Maria Concepcion' });
      await card.waitFor();
      await page.getByTestId('appointment-card').filter({ hasText: 'Wolfeschlegel' }).waitFor();
      expect(await clipped(page, '[data-testid="appointment-party"], [data-testid="appointment-place"] > span')).toEqual([]);
      expect(await card.getByTestId('appointment-place').textContent()).toContain('· ');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/counselling-fixes-long-names-${width}.png` });
      for (const path of ['/appointments', '/schedule', '/categories', '/resources', '/reports', '/profile']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect({ path, wide: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, wide: width });
      }
      await context.close();
    }
  });

  it('delete icons and the cancel entry have enough contrast (3:1 for icons, axe for text)', async () => {
    const counselorApi = await login(DEMO.counselor);
    const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await call(counselorApi, 'POST', '/api/counselor/excluded-dates', { dates: [{ date, reason: 'Seminar' }] });
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.getByRole('button', { name: /^Delete appointment: / }).first().waitFor();
    expect(await paleIcons(page, 'button[aria-label^="Delete appointment: "]')).toEqual([]);
    await page.getByRole('button', { name: /^Status options for / }).first().click();
    await page.getByRole('menuitem', { name: 'Cancel appointment' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/schedule');
    await page.getByRole('tab', { name: 'Excluded Dates' }).click();
    await page.getByRole('button', { name: /^Delete excluded date / }).first().waitFor();
    expect(await paleIcons(page, 'button[aria-label^="Delete excluded date "]')).toEqual([]);
    await screenshot(page, 'counselling-fixes-schedule-1280');
    await context.close();
  });

  it('registration: the password rule shows before a failure; messages sit below their fields and are readable (axe)', async () => {
    for (const viewport of [undefined, PHONE]) {
      const width = viewport ? 375 : 1280;
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await page.goto('/register');
      await page.getByPlaceholder('Name').waitFor();
      expect(await page.getByText('At least 8 characters').isVisible()).toBe(true);
      await page.getByPlaceholder('Name').fill('Test Person');
      await page.getByPlaceholder('Email').fill(DEMO.admin);
      await page.getByPlaceholder('Password', { exact: true }).fill('short');
      await page.getByPlaceholder('Confirm password').fill('shorter');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.locator('#password-error').waitFor();
      // Each message starts below its own field, so it covers no floating label.
      for (const field of ['password', 'password_confirmation']) {
        const input = await page.locator(`input[name="${field}"]`).boundingBox();
        const message = await page.locator(`#${field}-error`).boundingBox();
        expect(message!.y).toBeGreaterThanOrEqual(input!.y + input!.height);
      }
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `counselling-fixes-register-failed-${width}`);
      await context.close();
    }
  });
});
