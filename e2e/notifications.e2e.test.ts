import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiCall, apiLogin } from './support/api';
import { axeViolations, DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

type Session = ApiSession;
const api = <T>(session: Session, method: string, url: string, body?: unknown) => apiCall<T>(server, session, method, url, body);

/** Books the first free slot from tomorrow on with the counselor, as `client`; returns the appointment. */
async function bookFirstFreeSlot(client: Session, counselorId: number, reason: string): Promise<{ uuid: string; appointment_date: string }> {
  const { timezone } = await api<{ timezone: string }>(client, 'GET', '/api/settings');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
  const categories = await api<{ data: { id: number }[] }>(client, 'GET', '/api/categories?per_page=1');
  for (let d = 1; d < 21; d++) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const { starts } = await api<{ starts: { appointment_date: string }[] }>(client, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
    if (starts.length === 0) continue;
    const body = { counselor_id: counselorId, appointment_date: starts[0].appointment_date, reason, category_id: categories.data[0].id, location_type: 'online' };
    return (await api<{ data: { uuid: string; appointment_date: string } }>(client, 'POST', '/api/appointments', body)).data;
  }
  throw new Error('no free slot in three weeks');
}

const BELL = /^Notifications(, (\d+) unread)?$/;
async function unreadOf(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  const match = BELL.exec(label);
  if (!match) throw new Error(`unexpected bell label: ${label}`);
  return Number(match[2] ?? 0);
}

/** How far the page scrolls sideways (a phone must not). */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('notifications in the browser', () => {
  it("a client books; the counselor's bell count goes up without reloading; the panel lists it; marking read lowers the count", async () => {
    const counselorApi = await apiLogin(server, DEMO.counselor);
    const clientApi = await apiLogin(server, DEMO.personnel);
    const { page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    const before = await unreadOf(page);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

    const reason = `E2E notification ${Date.now()}`;
    const booked = await bookFirstFreeSlot(clientApi, counselorApi.user.id, reason);

    // The booking wrote the counselor's notification in its own transaction; the next poll (every 25 s while the
    // tab is visible) brings it.
    await expect.poll(() => unreadOf(page), { timeout: 45_000, interval: 500 }).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(page, 'notifications-bell-desktop');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const first = panel.getByTestId('notification').first();
    await expect.poll(() => first.textContent()).toContain('Appointment booked');
    expect(await first.textContent()).toContain(`${clientApi.user.name} with ${counselorApi.user.name}`);
    expect(await first.textContent()).toContain(`By ${clientApi.user.name}`);
    expect(await first.getByRole('link', { name: 'View appointment' }).getAttribute('href')).toBe(`/appointments?open=${booked.uuid}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-panel-desktop');

    await first.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => unreadOf(page)).toBe(before);
    // Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notification-bell');

    // The link opens the appointment over the list.
    await bell.click();
    await panel.getByTestId('notification').first().getByRole('link', { name: 'View appointment' }).click();
    await page.waitForURL(`**/appointments?open=${booked.uuid}`);
    const opened = page.getByRole('dialog', { name: 'Appointment' });
    await opened.getByText(reason).waitFor();
    await screenshot(page, 'notifications-opened-appointment-desktop');
    await opened.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL((url) => !url.search.includes('open='));
  });

  it('works on a phone: the panel fits 375 px, keyboard-reachable, Escape returns to the bell', async () => {
    const { page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    await expect.poll(async () => (await panel.getByTestId('notification').count()) + (await panel.getByText('No notifications yet').count())).toBeGreaterThan(0);
    expect(await sidewaysScroll(page)).toBe(0);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'notifications-panel-phone');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notification-bell');
    await screenshot(page, 'notifications-bell-phone');
  });

  it("Settings: the reminder hours, 'Email is not configured' (no SMTP_URL here) and the email list, at 1280 and 375 px; Profile: the toggles", async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/settings/site');
      expect(await page.getByLabel('Reminder Before Appointments (hours)').inputValue()).toBe('24');
      await page.getByText('Email is not configured').waitFor();
      await page.getByRole('heading', { name: 'Failed and pending emails' }).waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `notifications-settings-${viewport ? 'phone' : 'desktop'}`);

      await page.goto('/profile');
      const toggle = page.getByRole('checkbox', { name: 'Appointment completed: in the app' });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      await page.getByRole('button', { name: 'Save Notification Settings' }).click();
      await page.getByText('Notification settings saved').waitFor();
      await page.reload();
      await expect.poll(() => page.getByRole('checkbox', { name: 'Appointment completed: in the app' }).isChecked()).toBe(true);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `notifications-profile-${viewport ? 'phone' : 'desktop'}`);
      await page.getByRole('checkbox', { name: 'Appointment completed: in the app' }).uncheck();
      await page.getByRole('button', { name: 'Save Notification Settings' }).click();
      await page.getByText('Notification settings saved').waitFor();
      await context.close();
    }
  });
});
