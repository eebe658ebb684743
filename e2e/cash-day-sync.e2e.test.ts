import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, go, localRows, manilaToday, overflowing, waitForBook, waitForQueue } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// A clerk's cash day on two devices (decision 0193): opened in one browser, it comes to the clerk's second browser
// with the sync, which closes it; the first sees the close after its next pull. Screenshots at 1280 and 375 px.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('a cash day on two devices of one clerk', () => {
  it('is opened on one, seen on the other after sync, and closed there', async () => {
    const first = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(first.page, DEMO.admin);
    await waitForBook(first.page);
    await go(first.page, '/lending/cash-day');
    await first.page.getByLabel('Opening float (₱)').fill('7,500');
    await first.page.getByRole('button', { name: 'Open the day' }).click();
    await expect.poll(async () => first.page.getByTestId('cash-day-status').textContent()).toBe('Open');
    await waitForQueue(first.page);

    // The second device: its first download brings the day.
    const second = await newPage(browser, server.baseURL, PHONE);
    await signIn(second.page, DEMO.admin);
    await waitForBook(second.page);
    const days = await localRows<{ uuid: string; day: string; status: string; sync_status: string }>(second.page, 'cashDays');
    expect(days.map((d) => [d.day, d.status, d.sync_status])).toEqual([[manilaToday(), 'open', 'synced']]);
    await go(second.page, '/lending/cash-day');
    await expect.poll(async () => second.page.getByTestId('cash-day-status').textContent()).toBe('Open');
    expect(await second.page.getByText('Opening float ₱7,500.00').count()).toBe(1);
    expect(await overflowing(second.page)).toEqual([]);
    await checkScreen(second.page, 'cash-day-second-device-open-phone');
    await second.page.getByLabel('Cash counted (₱)').fill('7,460');
    await second.page.getByLabel('Note (optional)').fill('Closed on the back-office tablet');
    await second.page.getByRole('button', { name: 'Close the day' }).click();
    await expect.poll(async () => second.page.getByTestId('cash-day-status').textContent()).toBe('Closed');
    await waitForQueue(second.page);
    await second.page.getByTestId('cash-position').waitFor();
    expect(await overflowing(second.page)).toEqual([]);
    await checkScreen(second.page, 'cash-day-second-device-closed-phone');

    const admin = await apiLogin(server, DEMO.admin);
    const onServer = await apiCall<{ data: { uuid: string; status: string; counted: number; close_note: string }[] }>(server, admin, 'GET', `/api/cash-days?day=${manilaToday()}`);
    expect(onServer.data).toHaveLength(1);
    expect(onServer.data[0]).toMatchObject({ uuid: days[0].uuid, status: 'closed', counted: 7460, close_note: 'Closed on the back-office tablet' });

    // The first device's next pull brings the close.
    await first.page.reload();
    await go(first.page, '/lending/cash-day');
    await expect.poll(async () => first.page.getByTestId('cash-day-status').textContent(), { timeout: 30_000 }).toBe('Closed');
    await first.page.getByTestId('cash-position').waitFor();
    await checkScreen(first.page, 'cash-day-first-device-closed-desktop');
    await first.context.close();
    await second.context.close();
  }, 240_000);
});
