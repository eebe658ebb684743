import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiCall, apiLogin } from './support/api';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import { startAppointmentEarlier } from './support/database';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { dateIn } from './support/dates';

// No-shows (decisions 0154 and 0155): once a session has started its counselor marks it a no-show from the card;
// the card, the client's list and the attendance beside it say so; with the policy at one, the client's next
// booking form says it will wait for the counselor's approval.
let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const call = <T>(session: ApiSession, method: string, url: string, body?: object) => apiCall<T>(server, session, method, url, body);
const card = (page: Page, reason: string) => page.getByTestId('appointment-card').filter({ hasText: reason });

/** Books the counselor's first free time from tomorrow on, as the client. */
async function bookAhead(client: ApiSession, counselorId: number, reason: string): Promise<void> {
  const { timezone } = await call<{ timezone: string }>(client, 'GET', '/api/settings');
  const category = (await call<{ data: { id: number }[] }>(client, 'GET', '/api/categories?per_page=1')).data[0].id;
  for (let d = 1; d < 30; d++) {
    const free = await call<{ starts: { appointment_date: string }[] }>(client, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${dateIn(timezone, d)}`);
    if (free.starts.length === 0) continue;
    await call(client, 'POST', '/api/appointments', { counselor_id: counselorId, appointment_date: free.starts[0].appointment_date, reason, category_id: category, location_type: 'online' });
    return;
  }
  throw new Error('no free time in 30 days');
}

describe('marking a no-show in the browser', () => {
  it('the counselor marks a started session a no-show; the card, the attendance and the client see it; the next booking waits', async () => {
    const personnel = await apiLogin(server, DEMO.personnel);
    const counselorApi = await apiLogin(server, DEMO.counselor);
    const admin = await apiLogin(server, DEMO.admin);
    const reason = `E2E no-show ${Date.now()}`;
    await bookAhead(personnel, counselorApi.user.id, reason);
    startAppointmentEarlier(server, reason, 20);

    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await page.getByRole('heading', { name: 'Appointments' }).first().waitFor();
    await page.getByRole('tab', { name: /History/ }).first().click();
    await page.getByPlaceholder('Search by name...').fill(personnel.user.name);
    const mine = card(page, reason);
    await mine.getByRole('button', { name: `Status options for ${reason}` }).click();
    await mine.getByRole('menuitem', { name: 'Mark as no-show' }).click();
    await toast(page, 'Appointment marked as a no-show');
    await mine.getByTestId('status-badge').filter({ hasText: 'No-show' }).waitFor();
    await mine.getByRole('button', { name: 'Attendance this term' }).click();
    const attendance = mine.getByTestId('attendance');
    await attendance.waitFor();
    expect(await attendance.textContent()).toMatch(/\d+ no-shows?/);
    await expectAccessible(page);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'no-show-card-1280');
    await context.close();

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.counselor);
    await phone.page.getByRole('tab', { name: /History/ }).first().click();
    await phone.page.getByPlaceholder('Search by name...').fill(personnel.user.name);
    await card(phone.page, reason).getByRole('button', { name: 'Attendance this term' }).click();
    await card(phone.page, reason).getByTestId('attendance').waitFor();
    expect(await overflowing(phone.page)).toEqual([]);
    await screenshot(phone.page, 'no-show-card-375');
    await phone.context.close();

    // The client sees the no-show in their own list; with the policy at one missed session, booking says it waits.
    await call(admin, 'POST', '/api/settings', { no_show_limit: 1 });
    try {
      const client = await newPage(browser, server.baseURL, PHONE);
      await signIn(client.page, DEMO.personnel);
      await client.page.getByRole('tab', { name: /History/ }).first().click();
      await card(client.page, reason).getByTestId('status-badge').filter({ hasText: 'No-show' }).waitFor();
      await client.page.getByRole('button', { name: 'Book Appointment' }).first().click();
      const hold = client.page.getByTestId('booking-hold');
      await hold.waitFor();
      expect(await hold.textContent()).toBe('Your counselor will approve this booking first: a session was missed or cancelled late.');
      await expectAccessible(client.page);
      await screenshot(client.page, 'no-show-booking-hold-375');
      await client.context.close();
    } finally {
      await call(admin, 'POST', '/api/settings', { no_show_limit: 2 });
    }
  }, 120_000);
});

describe('the no-show rate and intake counts on Reports', () => {
  it('shows the tables with small groups hidden, at 1280 and 375 px', async () => {
    for (const viewport of [undefined, PHONE]) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/reports');
      const rates = page.getByTestId('report-no-show-rate');
      await rates.getByRole('table', { name: 'By department' }).waitFor();
      await page.getByTestId('report-intake-bands').getByText(/Counts only/).waitFor();
      expect(await rates.textContent()).toContain('Groups of fewer than 5 people are hidden so that no one can be singled out.');
      await rates.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `no-show-rate-report-${viewport ? 375 : 1280}`);
      await context.close();
    }
  }, 120_000);
});
