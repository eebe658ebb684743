import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, type ApiSession } from './support/api';
import { DEMO, newPage, PHONE, screenshot, signIn } from './support/browser';
import { startAppointmentEarlier } from './support/database';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { expectAccessible, overflowing, toast } from './support/checks';
import { dateIn } from './support/dates';

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function slotsOf(session: ApiSession, counselorId: number, date: string): Promise<string[]> {
  const reply = await apiCall<{ slots: string[] }>(server, session, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
  return reply.slots;
}

describe('appointments and schedules in the browser', () => {
  it('a counselor runs a week: schedule, excluded date, a booking confirmed and completed; the slot is taken meanwhile; students have no Book button', async () => {
    const counselorApi = await apiLogin(server, DEMO.counselor);
    const personnelApi = await apiLogin(server, DEMO.personnel);
    const { timezone } = await apiCall<{ timezone: string }>(server, personnelApi, 'GET', '/api/settings');
    const counselorId = counselorApi.user.id;
    const reason = `E2E check-in ${Date.now()}`;

    // --- The counselor sets a weekly schedule (every day 08:00–16:00, lunch 12:00–13:00) and an excluded date.
    const counselor = await newPage(browser, server.baseURL);
    const cp = counselor.page;
    await signIn(cp, DEMO.counselor);
    await cp.getByRole('navigation', { name: 'Main' }).first().getByText('My Schedule').click();
    await cp.waitForURL('**/schedule');
    await cp.getByRole('heading', { name: 'My Schedule' }).waitFor();
    await cp.getByRole('tab', { name: 'Weekly Schedule' }).waitFor();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await cp.getByLabel(`${day} available`).check();
      await cp.getByLabel(`${day} start time`).fill('08:00');
      await cp.getByLabel(`${day} end time`).fill('16:00');
      await cp.getByLabel(`${day} break start`).fill('12:00');
      await cp.getByLabel(`${day} break end`).fill('13:00');
    }
    await expectAccessible(cp);
    await cp.getByRole('button', { name: 'Save Schedule' }).click();
    await toast(cp, 'Schedule updated successfully');
    await screenshot(cp, 'schedule-weekly-desktop');

    const excluded = dateIn(timezone, 20);
    await cp.getByRole('tab', { name: 'Excluded Dates' }).click();
    await cp.getByRole('button', { name: 'Add Date' }).click();
    const dialog = cp.getByRole('dialog', { name: 'Add Excluded Date' });
    await dialog.getByLabel('Date').fill(excluded);
    await dialog.getByPlaceholder('Optional reason').fill('Counselors training day');
    await screenshot(cp, 'schedule-add-date-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(cp, 'Date added successfully');
    await cp.getByTestId('excluded-date-row').filter({ hasText: 'Counselors training day' }).waitFor();
    await expectAccessible(cp);
    await screenshot(cp, 'schedule-excluded-desktop');
    expect(await slotsOf(personnelApi, counselorId, excluded)).toEqual([]);

    // The booking day: the first day from tomorrow on with free 08:00–16:00 slots.
    let bookingDate = '';
    for (let d = 1; d < 14 && !bookingDate; d++) {
      const date = dateIn(timezone, d);
      if (date !== excluded && (await slotsOf(personnelApi, counselorId, date)).length > 0) bookingDate = date;
    }
    expect(bookingDate).not.toBe('');

    // --- A personnel user books a slot.
    const personnel = await newPage(browser, server.baseURL);
    const pp = personnel.page;
    await signIn(pp, DEMO.personnel);
    await pp.goto('/appointments');
    await pp.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await pp.getByRole('button', { name: 'Book Appointment' }).click();
    const form = pp.getByRole('dialog', { name: 'Book Appointment' });
    await form.getByLabel('Counselor').selectOption({ label: counselorApi.user.name });
    // The excluded date has no times.
    await form.getByLabel('Date').fill(excluded);
    await form.getByText('No available time slots on this date.').waitFor();
    await form.getByLabel('Date').fill(bookingDate);
    const time = form.getByLabel('Time');
    await expect.poll(async () => time.locator('option').count()).toBeGreaterThan(1);
    const chosen = await time.locator('option').nth(1).getAttribute('value');
    expect(chosen).toMatch(/^\d\d:\d\d$/);
    await time.selectOption(chosen!);
    await form.getByLabel('Reason').fill(reason);
    await form.getByLabel('Category').selectOption({ index: 1 });
    const submit = form.getByRole('button', { name: 'Book Appointment' });
    // On-site needs a location before the form can be sent.
    await form.getByLabel('On-site').check();
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Location', { exact: true }).fill('Guidance Office, Room 2');
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(pp, 'appt-book-personnel-desktop');
    await submit.click();
    await toast(pp, 'Appointment booked successfully');
    const myCard = pp.getByTestId('appointment-card').filter({ hasText: reason });
    await myCard.waitFor();
    await expect(myCard.getByTestId('status-badge').textContent()).resolves.toBe('Pending');
    expect(await myCard.getByText('PERSONNEL', { exact: true }).count()).toBe(1);
    // The client sees the counselor's name on their own appointment.
    expect(await myCard.getByText(counselorApi.user.name, { exact: true }).count()).toBe(1);
    await expectAccessible(pp);

    // --- While it is booked, the slot is gone for everyone else (API and the admin's booking form).
    expect(await slotsOf(counselorApi, counselorId, bookingDate)).not.toContain(chosen);
    const admin = await newPage(browser, server.baseURL);
    await signIn(admin.page, DEMO.admin);
    await admin.page.goto('/appointments');
    await admin.page.getByRole('button', { name: 'Book Appointment' }).click();
    const adminForm = admin.page.getByRole('dialog', { name: 'Book Appointment' });
    await adminForm.getByLabel('Counselor').selectOption({ label: counselorApi.user.name });
    await adminForm.getByLabel('Date').fill(bookingDate);
    await expect.poll(async () => adminForm.getByLabel('Time').locator('option').count()).toBeGreaterThan(1);
    const adminTimes = await adminForm.getByLabel('Time').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(adminTimes).not.toContain(chosen);
    await admin.context.close();

    // --- The counselor confirms it, then completes it.
    await cp.goto('/appointments');
    await cp.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await cp.getByPlaceholder('Search by name...').fill(personnelApi.user.name);
    const pending = cp.getByTestId('appointment-card').filter({ hasText: reason });
    await pending.waitFor();
    expect(await pending.getByText(personnelApi.user.name, { exact: true }).count()).toBe(1);
    await expectAccessible(cp);
    await screenshot(cp, 'appt-counselor-pending-desktop');
    await pending.getByRole('button', { name: 'Confirm', exact: true }).click();
    await toast(cp, 'Appointment confirmed successfully');
    await pending.waitFor({ state: 'detached' });

    await cp.getByRole('tab', { name: /Upcoming/ }).click();
    const upcoming = cp.getByTestId('appointment-card').filter({ hasText: reason });
    await upcoming.waitFor();
    await expect(upcoming.getByTestId('status-badge').textContent()).resolves.toBe('Confirmed');
    // Before the session starts it cannot be completed nor marked a no-show: the menu offers only cancelling, no Complete button.
    await upcoming.getByRole('button', { name: `Status options for ${reason}` }).click();
    expect(await upcoming.getByRole('menuitem').allTextContents()).toEqual(['Cancel appointment']);
    await cp.keyboard.press('Escape');
    expect(await upcoming.getByRole('button', { name: 'Complete', exact: true }).count()).toBe(0);

    // Once it has started (moved into the past here) it moves to History, where it can be completed.
    startAppointmentEarlier(server, reason);
    await cp.reload();
    await cp.getByRole('tab', { name: /History/ }).click();
    const done = cp.getByTestId('appointment-card').filter({ hasText: reason });
    await done.waitFor();
    // The status menu offers exactly the allowed changes from confirmed.
    await done.getByRole('button', { name: `Status options for ${reason}` }).click();
    expect(await done.getByRole('menuitem').allTextContents()).toEqual(['Mark as completed', 'Cancel appointment', 'Mark as no-show']);
    await cp.keyboard.press('Escape');
    await done.getByRole('button', { name: 'Complete', exact: true }).click();
    await toast(cp, 'Appointment marked as completed');
    await expect.poll(() => done.getByTestId('status-badge').textContent()).toBe('Completed');
    expect(await done.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
    // The audit trail shows every change, oldest first.
    await done.getByRole('button', { name: `Status history: ${reason}` }).click();
    const trail = cp.getByRole('list', { name: 'Status changes' });
    await trail.waitFor();
    const steps = (await trail.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Booked as Pending/);
    expect(steps[1]).toMatch(/^Pending → Confirmed/);
    expect(steps[2]).toMatch(/^Confirmed → Completed/);
    await screenshot(cp, 'appt-status-history-desktop');
    await cp.getByRole('dialog', { name: 'Status history' }).getByRole('button', { name: 'Close', exact: true }).click();
    await screenshot(cp, 'appt-counselor-history-desktop');
    // "Add to calendar" saves the appointment's .ics.
    const [download] = await Promise.all([cp.waitForEvent('download'), done.getByRole('button', { name: `Add to calendar: ${reason}` }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');

    // A completed appointment frees nothing back: the client sees it completed too.
    await pp.reload();
    await pp.getByRole('tab', { name: /History/ }).click();
    await pp.getByTestId('appointment-card').filter({ hasText: reason }).getByText('Completed').waitFor();
    await personnel.context.close();
    await counselor.context.close();

    // --- A student's view has no Book button (students_can_book is off in the demo).
    const student = await newPage(browser, server.baseURL);
    await signIn(student.page, DEMO.student);
    await student.page.goto('/appointments');
    await student.page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await student.page.getByRole('tab', { name: /Pending/ }).waitFor();
    await student.page.getByTestId('count-pending').filter({ hasText: /\d/ }).waitFor();
    expect(await student.page.getByRole('button', { name: 'Book Appointment' }).count()).toBe(0);
    // Nor the counselor's filters.
    expect(await student.page.getByPlaceholder('Search by name...').count()).toBe(0);
    await expectAccessible(student.page);
    await screenshot(student.page, 'appt-student-desktop');
    await student.context.close();
  }, 150_000);

  it('a slot taken while the form is open: the 409 message shows, the times refresh, everything else typed stays', async () => {
    const counselorApi = await apiLogin(server, DEMO.counselor);
    const studentApi = await apiLogin(server, DEMO.student);
    const personnelApi = await apiLogin(server, DEMO.personnel);
    const { timezone } = await apiCall<{ timezone: string }>(server, personnelApi, 'GET', '/api/settings');
    const counselorId = counselorApi.user.id;
    let date = '';
    let free: string[] = [];
    for (let d = 2; d < 21 && free.length < 2; d++) {
      date = dateIn(timezone, d);
      free = await slotsOf(personnelApi, counselorId, date);
    }
    expect(free.length).toBeGreaterThanOrEqual(2);

    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.personnel);
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const form = page.getByRole('dialog', { name: 'Book Appointment' });
    await form.getByLabel('Counselor').selectOption({ label: counselorApi.user.name });
    await form.getByLabel('Date').fill(date);
    await expect.poll(async () => form.getByLabel('Time').locator('option').count()).toBeGreaterThan(2);
    await form.getByLabel('Time').selectOption(free[0]);
    await form.getByLabel('Reason').fill('Racing for a slot');
    await form.getByLabel('Category').selectOption({ index: 1 });

    // Someone else takes that slot first: the counselor books it for a student.
    const { starts } = await apiCall<{ starts: { time: string; appointment_date: string }[] }>(server, personnelApi, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
    const categories = await apiCall<{ data: { id: number }[] }>(server, personnelApi, 'GET', '/api/categories?per_page=1');
    const taken = await fetch(`${server.baseURL}/api/appointments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${counselorApi.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        counselor_id: counselorId,
        appointment_date: starts.find((s) => s.time === free[0])!.appointment_date,
        reason: 'Booked first',
        category_id: categories.data[0].id,
        location_type: 'online',
        student_id: studentApi.user.id,
      }),
    });
    expect(taken.status).toBe(201);

    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await form.getByRole('alert').filter({ hasText: 'This time slot is no longer available' }).waitFor();
    await toast(page, 'Failed to book appointment');
    // The taken time is gone from the list and cleared; what was typed stays.
    await expect.poll(async () => form.getByLabel('Time').inputValue()).toBe('');
    const times = await form.getByLabel('Time').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(times).not.toContain(free[0]);
    expect(await form.getByLabel('Reason').inputValue()).toBe('Racing for a slot');
    expect(await form.getByLabel('Date').inputValue()).toBe(date);
    await screenshot(page, 'appt-book-conflict-desktop');

    await form.getByLabel('Time').selectOption(free[1]);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await toast(page, 'Appointment booked successfully');
    await page.getByTestId('appointment-card').filter({ hasText: 'Racing for a slot' }).waitFor();
    await context.close();
  });

  it('is usable at 375 px: the dashboard, the booking form and My Schedule', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    await page.getByRole('tab', { name: /History/ }).click();
    await page.getByTestId('count-history').filter({ hasText: /\d/ }).waitFor();
    await screenshot(page, 'appt-counselor-phone');
    expect(await overflowing(page)).toEqual([]);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const form = page.getByRole('dialog', { name: 'Book Appointment' });
    await form.getByLabel('New Student').check();
    await form.getByLabel('Student name').waitFor();
    await screenshot(page, 'appt-book-counselor-phone');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/schedule');
    await page.getByLabel('Monday available').waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'schedule-weekly-phone');
    await context.close();
  });
});
