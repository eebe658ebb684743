import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiCall, apiLogin, clientBusyAt } from './support/api';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { expectAccessible, overflowing, toast } from './support/checks';
import { dateIn } from './support/dates';

// Self-service (decision 0057): a client cancels and reschedules their own appointment, the
// counselor sees who did it, when and why in the history, and the manager sets the notice period.
let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const login = (email: string) => apiLogin(server, email);
const call = <T>(session: ApiSession, method: string, url: string, body?: object) => apiCall<T>(server, session, method, url, body);

/** Books the first free slot of the counselor from `fromDays` days ahead on, as `client` (or by the counselor for a student). */
async function bookAhead(client: ApiSession, counselorId: number, reason: string, fromDays = 3): Promise<string> {
  const settings = await call<{ timezone: string }>(client, 'GET', '/api/settings');
  for (let d = fromDays; d < fromDays + 30; d++) {
    const free = await call<{ starts: { appointment_date: string }[] }>(client, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${dateIn(settings.timezone, d)}`);
    if (free.starts.length === 0) continue;
    const res = await call<{ data: { uuid: string } }>(client, 'POST', '/api/appointments', {
      counselor_id: counselorId, appointment_date: free.starts[0].appointment_date, reason, category_id: await firstCategory(client), location_type: 'online',
    });
    return res.data.uuid;
  }
  throw new Error('no free slot in 30 days');
}

async function firstCategory(session: ApiSession): Promise<number> {
  return (await call<{ data: { id: number }[] }>(session, 'GET', '/api/categories?per_page=1')).data[0].id;
}

/**
 * The first day from `from` on (YYYY-MM-DD) with at least two free times of the counselor, one of them a time the
 * student taking it meanwhile is free at.
 */
async function dayWithTwoFree(client: ApiSession, counselorId: number, from: string, takerBusy: (startIso: string) => boolean): Promise<string> {
  for (let d = 0; d < 30; d++) {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const free = await call<{ starts: { appointment_date: string }[] }>(client, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${day}`);
    if (free.starts.length >= 2 && free.starts.some((s) => !takerBusy(s.appointment_date))) return day;
  }
  throw new Error('no day with two free times in 30 days');
}

const card = (page: Page, reason: string) => page.getByTestId('appointment-card').filter({ hasText: reason });

describe('client self-service in the browser', () => {
  it('a client reschedules (a slot taken meanwhile keeps the day) and cancels with a reason; the counselor sees both in the history', async () => {
    const personnelApi = await login(DEMO.personnel);
    const counselorApi = await login(DEMO.counselor);
    const studentApi = await login(DEMO.student);
    const counselorId = counselorApi.user.id;
    const moveReason = `E2E move me ${Date.now()}`;
    const cancelReason = `E2E cancel me ${Date.now()}`;
    await bookAhead(personnelApi, counselorId, moveReason);
    await bookAhead(personnelApi, counselorId, cancelReason);

    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.personnel);
    await page.goto('/appointments');
    await card(page, moveReason).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'self-service-list-1280');

    // Reschedule: the booking form's month and 'Next available'; the time chosen is taken by someone else before sending.
    const before = await card(page, moveReason).locator('time').getAttribute('datetime');
    await page.getByRole('button', { name: `Reschedule: ${moveReason}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.getByText(moveReason).waitFor();
    await dialog.getByRole('button', { name: /^Next available:/ }).click();
    const next = await dialog.getByLabel('New date').inputValue();
    expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The day must keep a free time once one is taken: 'Next available' may be today with a single time left.
    // The student who takes the time meanwhile must be free then (the demo data gives them appointments too).
    const studentBusy = await clientBusyAt(server, studentApi);
    const date = await dayWithTwoFree(personnelApi, counselorId, next, studentBusy);
    if (date !== next) await dialog.getByLabel('New date').fill(date);
    const time = dialog.getByLabel('New time');
    await expect.poll(async () => time.locator('option').count()).toBeGreaterThan(1);
    const open = await call<{ starts: { time: string; appointment_date: string }[] }>(personnelApi, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
    await time.selectOption(open.starts.find((s) => !studentBusy(s.appointment_date))!.time);
    await dialog.getByTestId('new-time').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'self-service-reschedule-1280');
    const slots = await call<{ starts: { time: string; appointment_date: string }[] }>(personnelApi, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
    const chosenTime = await time.inputValue();
    const chosen = slots.starts.find((s) => s.time === chosenTime);
    expect(chosen).toBeDefined();
    await call(counselorApi, 'POST', '/api/appointments', { counselor_id: counselorId, appointment_date: chosen!.appointment_date, reason: 'Taken meanwhile', category_id: await firstCategory(counselorApi), location_type: 'online', student_id: studentApi.user.id });
    await dialog.getByRole('button', { name: 'Move appointment' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This time slot is no longer available' }).waitFor();
    expect(await dialog.getByLabel('New date').inputValue()).toBe(date);
    await screenshot(page, 'self-service-reschedule-taken-1280');
    await expect.poll(async () => time.locator('option').count()).toBeGreaterThan(1);
    await time.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Move appointment' }).click();
    await toast(page, 'Appointment rescheduled successfully');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => card(page, moveReason).locator('time').getAttribute('datetime')).not.toBe(before);

    // Cancel, from the keyboard: the confirmation names the appointment; 'Keep it' keeps it; a reason goes with it.
    const cancelButton = page.getByRole('button', { name: `Cancel: ${cancelReason}` });
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await confirm.getByText(cancelReason).waitFor();
    await confirm.getByText(counselorApi.user.name).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Cancel: ${cancelReason}`);
    await page.keyboard.press('Enter');
    await confirm.getByLabel('Reason (optional)').fill('Exam clash');
    await expectAccessible(page);
    await screenshot(page, 'self-service-cancel-1280');
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await toast(page, 'Appointment cancelled successfully');
    await card(page, cancelReason).waitFor({ state: 'detached' });
    await context.close();

    // The counselor sees who moved and who cancelled, when, and why.
    const c = await newPage(browser, server.baseURL);
    await signIn(c.page, DEMO.counselor);
    await c.page.goto('/appointments');
    await c.page.getByPlaceholder('Search by name...').fill(personnelApi.user.name);
    await card(c.page, moveReason).waitFor();
    await c.page.getByRole('button', { name: `Status history: ${moveReason}` }).click();
    const history = c.page.getByRole('dialog', { name: 'Status history' });
    await history.getByTestId('history-move').waitFor();
    expect(await history.getByRole('listitem').last().textContent()).toContain(personnelApi.user.name);
    await expectAccessible(c.page);
    await screenshot(c.page, 'self-service-history-move-1280');
    await history.getByRole('button', { name: 'Close', exact: true }).click();
    await c.page.getByRole('tab', { name: /History/ }).click();
    await card(c.page, cancelReason).waitFor();
    await c.page.getByRole('button', { name: `Status history: ${cancelReason}` }).click();
    await history.getByTestId('history-reason').filter({ hasText: 'Reason: Exam clash' }).waitFor();
    expect(await history.getByRole('listitem').last().textContent()).toContain(personnelApi.user.name);
    await screenshot(c.page, 'self-service-history-cancel-1280');
    await c.context.close();
  }, 180_000);

  it('at 375 px: the actions fit, a cancel works, and inside the notice period the card says whom to contact; the manager sets the notice', async () => {
    const personnelApi = await login(DEMO.personnel);
    const adminApi = await login(DEMO.admin);
    const counselorApi = await login(DEMO.counselor);
    const reason = `E2E phone ${Date.now()}`;
    const uuid = await bookAhead(personnelApi, counselorApi.user.id, reason);

    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.personnel);
    await page.goto('/appointments');
    await card(page, reason).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'self-service-list-375');
    await page.getByRole('button', { name: `Reschedule: ${reason}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.getByRole('button', { name: /^Next available:/ }).click();
    await expect.poll(async () => dialog.getByLabel('New time').locator('option').count()).toBeGreaterThan(1);
    await dialog.getByLabel('New time').selectOption({ index: 1 });
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'self-service-reschedule-375');
    await dialog.getByRole('button', { name: 'Keep current time' }).click();
    await page.getByRole('button', { name: `Cancel: ${reason}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'self-service-cancel-375');
    await confirm.getByRole('button', { name: 'Keep it' }).click();

    // The appointment opened from a link (a notification) offers the same, its dialog over the first.
    await page.goto(`/appointments?open=${uuid}`);
    const opened = page.getByRole('dialog', { name: 'Appointment', exact: true });
    await opened.getByRole('button', { name: `Cancel: ${reason}` }).click();
    await confirm.getByText(reason).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'self-service-opened-cancel-375');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await opened.getByRole('button', { name: `Reschedule: ${reason}` }).waitFor();

    // The manager sets a notice longer than the time left: a blank or fractional value is refused with a sentence first.
    const admin = await newPage(browser, server.baseURL, PHONE);
    await signIn(admin.page, DEMO.admin);
    await admin.page.goto('/settings/site');
    const notice = admin.page.getByLabel('Cancellation Notice (hours)');
    await notice.fill('1.5');
    await admin.page.getByRole('button', { name: 'Save Settings' }).click();
    await admin.page.getByText('The cancellation notice must be a whole number of hours from 0 to 720 (0 lets clients cancel until the appointment starts).').waitFor();
    expect(await notice.inputValue()).toBe('1.5');
    expect(await overflowing(admin.page)).toEqual([]);
    await screenshot(admin.page, 'self-service-settings-error-375');
    await notice.fill('720');
    await admin.page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(admin.page, 'Settings updated successfully');
    await admin.context.close();
    const desk = await newPage(browser, server.baseURL);
    await signIn(desk.page, DEMO.admin);
    await desk.page.goto('/settings/site');
    await desk.page.getByLabel('Cancellation Notice (hours)').waitFor();
    await expectAccessible(desk.page);
    await screenshot(desk.page, 'self-service-settings-1280');
    await desk.context.close();

    // The client's settings are read again on the next sign-in: Reschedule gives way to whom to contact; Cancel stays (late).
    await context.close();
    const again = await newPage(browser, server.baseURL, PHONE);
    await again.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await signIn(again.page, DEMO.personnel);
    await again.page.goto('/appointments');
    const contact = card(again.page, reason).getByTestId('contact-counselor');
    await contact.waitFor();
    expect(await contact.textContent()).toBe(`Less than 720 hours to go: cancelling now counts as a late cancellation; to reschedule, contact ${counselorApi.user.name}.`);
    expect(await card(again.page, reason).getByRole('button', { name: `Cancel: ${reason}` }).count()).toBe(1);
    expect(await card(again.page, reason).getByRole('button', { name: `Reschedule: ${reason}` }).count()).toBe(0);
    expect(await overflowing(again.page)).toEqual([]);
    await screenshot(again.page, 'self-service-contact-375');
    await again.context.close();
    await call(adminApi, 'POST', '/api/settings', { cancellation_notice_hours: 24 });
  }, 180_000);
});
