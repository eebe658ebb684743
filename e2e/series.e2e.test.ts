// Recurring sessions in the browser (decision 0150): a counselor books a weekly series whose second session clashes
// with an existing booking, takes the nearest free time offered, sees the sessions as one series ("2 of 4"), and
// cancels "this and the following"; screenshots at 1280 and 375 px.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, type ApiSession } from './support/api';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { dateIn } from './support/dates';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function startOf(session: ApiSession, counselorId: number, date: string, time: string): Promise<string | null> {
  const reply = await apiCall<{ starts: { time: string; appointment_date: string }[] }>(server, session, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
  return reply.starts.find((s) => s.time === time)?.appointment_date ?? null;
}

/** Fills the booking form up to the series' check, as the counselor (student, first date, 10:00, weekly, 4 sessions). */
async function fillSeries(page: Page, studentName: string, first: string, reason: string): Promise<void> {
  await page.goto('/appointments');
  await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const form = page.getByRole('dialog', { name: 'Book Appointment' });
  await form.getByLabel('Student', { exact: true }).fill(studentName.slice(0, 5));
  await form.getByRole('list', { name: 'Matching students' }).getByText(studentName).first().click();
  await form.getByLabel('Date', { exact: true }).fill(first);
  const time = form.getByLabel('Time');
  await expect.poll(async () => time.locator('option[value="10:00"]').count()).toBe(1);
  await time.selectOption('10:00');
  await form.getByLabel('Reason').fill(reason);
  await form.getByLabel('Category').selectOption({ index: 1 });
  await form.getByLabel('Repeats').selectOption('weekly');
  await form.getByLabel('Number of sessions').fill('4');
  await form.getByRole('button', { name: 'Check sessions' }).click();
  await form.getByRole('region', { name: 'Sessions of the series' }).waitFor();
}

describe('recurring sessions in the browser', () => {
  it('books a weekly series around a clash, shows it as one, and cancels this and the following', async () => {
    const counselorApi = await apiLogin(server, DEMO.counselor);
    const adminApi = await apiLogin(server, DEMO.admin);
    const studentApi = await apiLogin(server, DEMO.student);
    const { timezone } = await apiCall<{ timezone: string }>(server, adminApi, 'GET', '/api/settings');
    const counselorId = counselorApi.user.id;
    // Four weeks past the demo's bookings where 10:00 is free each week.
    let first = '';
    for (let d = 35; d < 80 && !first; d++) {
      const date = dateIn(timezone, d);
      const free = await Promise.all([0, 7, 14, 21].map((w) => startOf(counselorApi, counselorId, plus(date, w), '10:00')));
      if (free.every(Boolean)) first = date;
    }
    expect(first).not.toBe('');
    // The clash: someone else already holds the second week's 10:00.
    const clashAt = (await startOf(counselorApi, counselorId, plus(first, 7), '10:00'))!;
    const categories = await apiCall<{ data: { id: number }[] }>(server, adminApi, 'GET', '/api/categories?per_page=1');
    await apiCall(server, adminApi, 'POST', '/api/appointments', { counselor_id: counselorId, student_id: studentApi.user.id, appointment_date: clashAt, reason: 'Already booked', category_id: categories.data[0].id, location_type: 'online' });

    const reason = `Term check-ins ${Date.now()}`;
    const { page, context } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await fillSeries(page, studentApi.user.name, first, reason);
    const form = page.getByRole('dialog', { name: 'Book Appointment' });
    const rows = form.getByTestId('series-occurrence');
    await expect.poll(() => rows.count()).toBe(4);
    const clash = rows.nth(1);
    await clash.getByText('The counselor already has an appointment at this time.').waitFor();
    expect(await clash.getByText('Cannot book').count()).toBe(1);
    await form.getByText('1 of 4 sessions cannot be booked at that time. Choose another time or skip each one.').waitFor();
    await expectAccessible(page);
    await clash.scrollIntoViewIfNeeded();
    await screenshot(page, 'series-preview-desktop');

    // Booking before deciding says what is missing and keeps everything typed.
    await form.getByRole('button', { name: 'Book 3 sessions' }).click();
    await form.getByRole('alert').getByText('Choose another time or skip each session that cannot be booked.').waitFor();
    expect(await form.getByLabel('Reason').inputValue()).toBe(reason);

    // The nearest free time that week is offered first; taking it books all four.
    await clash.getByRole('radio').first().check();
    await form.getByRole('button', { name: 'Book 4 sessions' }).click();
    await toast(page, '4 appointments booked');
    await form.waitFor({ state: 'hidden' });

    // The sessions are one series: each card says which of four it is.
    await page.getByPlaceholder('Search by name...').fill(studentApi.user.name);
    const cards = page.getByTestId('appointment-card').filter({ hasText: reason });
    await expect.poll(() => cards.count()).toBe(4);
    const badges = (await cards.getByTestId('series-badge').allTextContents()).map((b) => b.trim()).sort();
    expect(badges).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    await screenshot(page, 'series-cards-desktop');

    // Cancel the second session and the ones after it, from its card's series.
    await cards.filter({ has: page.getByTestId('series-badge').getByText('2 of 4') }).getByTestId('series-badge').click();
    const dialog = page.getByRole('dialog', { name: 'Appointment series' });
    await expect.poll(() => dialog.getByTestId('series-session').count()).toBe(4);
    await expectAccessible(page);
    await screenshot(page, 'series-modal-desktop');
    await dialog.getByRole('button', { name: 'Cancel this and following' }).click();
    await page.getByRole('button', { name: 'Yes, cancel them' }).click();
    await toast(page, '3 sessions cancelled');
    await expect.poll(async () => (await dialog.getByTestId('series-session').allInnerTexts()).map((t) => t.split(/\s+/).at(-1))).toEqual(['Pending', 'Cancelled', 'Cancelled', 'Cancelled']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await context.close();

    // At 375 px: the check's list and the series dialog fit the screen.
    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.counselor);
    await fillSeries(phone.page, studentApi.user.name, plus(first, 1), `${reason} phone`);
    expect(await overflowing(phone.page, 'dialog *')).toEqual([]);
    await screenshot(phone.page, 'series-preview-phone');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByPlaceholder('Search by name...').fill(studentApi.user.name);
    await phone.page.getByTestId('series-badge').filter({ hasText: '1 of 4' }).first().click();
    const phoneDialog = phone.page.getByRole('dialog', { name: 'Appointment series' });
    await expect.poll(() => phoneDialog.getByTestId('series-session').count()).toBe(4);
    expect(await overflowing(phone.page, 'dialog *')).toEqual([]);
    await screenshot(phone.page, 'series-modal-phone');
    await phone.context.close();
  });
});
