import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, type ApiSession } from './support/api';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function call<T>(session: ApiSession | null, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const res = await fetch(`${server.baseURL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

let reasonCounter = 0;
/** Books the counselor's first free slot from `fromDay` days ahead for `client`; returns the unique reason. */
async function bookFirstFree(client: ApiSession, counselor: ApiSession, fromDay = 2): Promise<{ reason: string; uuid: string; appointment_date: string }> {
  const reason = `E2E counselling ${Date.now()}-${reasonCounter++}`;
  const categories = await call<{ data: { id: number }[] }>(client, 'GET', '/api/categories?per_page=1');
  for (let day = fromDay; day < fromDay + 30; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await call<{ starts: { appointment_date: string }[] }>(client, 'GET', `/api/appointments/available-slots?counselor_id=${counselor.user.id}&date=${date}`);
    const start = slots.json.starts?.[0];
    if (!start) continue;
    const res = await call<{ data: { uuid: string; appointment_date: string } }>(client, 'POST', '/api/appointments', {
      counselor_id: counselor.user.id, appointment_date: start.appointment_date, reason, category_id: categories.json.data[0].id, location_type: 'online',
    });
    expect(res.status).toBe(201);
    return { reason, ...res.json.data };
  }
  throw new Error('no free slot in 30 days');
}

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
      // The toasts' code loads once the first screen is drawn (decision 0098); offline before it has arrived (and before
      // the service worker precached it), the toast waits for the network: a loaded CI machine went offline that early.
      await page.locator('[data-testid="toast-layer"] section').waitFor({ state: 'attached' });
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

  it("cancelling names the appointment and says what each button does: 'Keep it' keeps it, 'Yes, cancel it' cancels", async () => {
    const personnel = await apiLogin(server, DEMO.personnel);
    const { reason } = await bookFirstFree(personnel, await apiLogin(server, DEMO.counselor));
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.getByPlaceholder('Search by name...').fill(personnel.user.name);
    const mine = page.getByTestId('appointment-card').filter({ hasText: reason });
    const cancelFromMenu = async () => {
      await mine.getByRole('button', { name: `Status options for ${reason}` }).click();
      await mine.getByRole('menuitem', { name: 'Cancel appointment' }).click();
      return page.getByRole('dialog', { name: 'Cancel this appointment?' });
    };
    let dialog = await cancelFromMenu();
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Your appointment with .+ on \w+day, \w+ \d+(, \d{4})? at \d+:\d\d [AP]M will be cancelled/);
    await expect.poll(() => dialog.locator('.modal-box').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    await screenshot(page, 'counselling-cancel-confirm-1280');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => mine.getByTestId('status-badge').textContent()).toBe('Pending');

    dialog = await cancelFromMenu();
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    expect(await toastOnTop(page, 'Appointment cancelled successfully')).toBe(true);
    await mine.waitFor({ state: 'detached' });
    await context.close();
  });

  it("a new centre's administrator gets a first-run checklist on Appointments and is listed as Administrator", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      const width = viewport ? 375 : 1280;
      await page.goto('/register');
      await page.getByPlaceholder('Name').fill('Nora Newcentre');
      await page.getByPlaceholder('Email').fill(`nora-${Date.now()}-${width}@newcentre.test`);
      await page.getByPlaceholder('Password', { exact: true }).fill('new-centre-1');
      await page.getByPlaceholder('Confirm password').fill('new-centre-1');
      await page.getByPlaceholder('School or company (optional)').fill(`New Centre ${width}`);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/appointments');
      const checklist = page.getByTestId('setup-checklist');
      await checklist.waitFor();
      expect(await checklist.textContent()).toContain('0 of 4 done');
      await screenshot(page, `counselling-setup-checklist-${width}`);
      await page.goto('/settings/users');
      const me = viewport ? page.getByTestId('user-card').filter({ hasText: 'Nora Newcentre' }) : page.getByRole('row').filter({ hasText: 'Nora Newcentre' });
      await me.getByText('Administrator', { exact: true }).waitFor();
      await context.close();
    }
  });

  it("the booking form marks the month's free days and offers the next available one", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.personnel);
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      const form = page.getByRole('dialog', { name: 'Book Appointment' });
      await form.getByLabel('Counselor').selectOption({ index: 1 });
      const next = form.getByRole('button', { name: /^Next available: / });
      await next.waitFor();
      await next.click();
      // The month shown is the next available day's, whose free days are marked (the month the form opened on
      // may have none left: on its last day, the next free one is in the next month).
      await expect.poll(async () => form.getByRole('button', { name: /, free slots$/ }).count()).toBeGreaterThan(0);
      await expect.poll(async () => form.getByLabel('Time').locator('option').count()).toBeGreaterThan(1);
      expect(await form.getByLabel('Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await expect.poll(() => form.locator('.modal-box').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
      await screenshot(page, `counselling-booking-month-${viewport ? 375 : 1280}`);
      await context.close();
    }
  });

  it('small things: /login has an h1; the phone menu closes on Escape and gives focus back to its button', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await page.goto('/login');
    await page.getByPlaceholder('Email').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Sign in to your account']);
    await screenshot(page, 'counselling-login-375');
    await signIn(page, DEMO.counselor);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await context.close();
  });
});
