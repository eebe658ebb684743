import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, clientBusyAt, type ApiSession } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The waitlist (decisions 0151-0153): a client with no suitable time joins; the time freed by a cancellation is held
// for them; they accept it in one click and it is booked. Counselors see the waitlist, oldest first.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface Entry { uuid: string; status: string; offer: { uuid: string; appointment_date: string } | null; appointment_uuid: string | null }

/**
 * The counselor's first free day, from the next available one, with a time at which neither the client nor the other
 * client (who books it first) has an appointment of their own (a time a client is busy is never offered to them, nor
 * can it be booked for them), and that day's last such time (company wall time and instant). The demo data gives both
 * clients appointments, so the next available day may have no such time.
 */
async function freeSlot(admin: ApiSession, counselorId: number, clientEmail: string, otherEmail: string): Promise<{ date: string; time: string; instant: string }> {
  const clientBusy = await clientBusyAt(server, await apiLogin(server, clientEmail));
  const otherBusy = await clientBusyAt(server, await apiLogin(server, otherEmail));
  const month = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 7);
  const days = await apiCall<{ next_available: string | null }>(server, admin, 'GET', `/api/appointments/available-days?counselor_id=${counselorId}&month=${month}`);
  const first = Date.parse(`${days.next_available!}T00:00:00Z`);
  for (let i = 0; i < 60; i++) {
    const date = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
    const slots = await apiCall<{ starts: { time: string; appointment_date: string }[] }>(server, admin, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
    const last = slots.starts.filter((s) => !clientBusy(s.appointment_date) && !otherBusy(s.appointment_date)).pop();
    if (last) return { date, time: last.time, instant: last.appointment_date };
  }
  throw new Error('No day in 60 from the next available one has a time both clients are free at');
}

async function openWaitlist(page: Page): Promise<void> {
  await page.goto('/waitlist');
  await page.getByRole('heading', { name: 'Waitlist', level: 1 }).waitFor();
}

describe('the waitlist', () => {
  it('a client joins, is offered the time a cancellation frees, and accepts it in one click', { timeout: 300_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const counselor = await apiLogin(server, DEMO.counselor);
    const student = await apiLogin(server, DEMO.student);
    const categories = await apiCall<{ data: { id: number }[] }>(server, admin, 'GET', '/api/categories?per_page=5');
    const slot = await freeSlot(admin, counselor.user.id, DEMO.personnel, DEMO.student);
    // The time the client wants is taken: they find no suitable time.
    const taken = await apiCall<{ data: { uuid: string } }>(server, admin, 'POST', '/api/appointments', {
      counselor_id: counselor.user.id, student_id: student.user.id, appointment_date: slot.instant, reason: 'Booked first', category_id: categories.data[0].id, location_type: 'online',
    });
    const endHour = String(Number(slot.time.slice(0, 2)) + 1).padStart(2, '0');

    // The join form at 375 px.
    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.personnel);
    // From the booking form: no time that suits, join the waitlist.
    await phone.page.goto('/appointments');
    await phone.page.getByRole('button', { name: 'Book Appointment' }).click();
    const link = phone.page.getByRole('dialog', { name: 'Book Appointment' }).getByRole('link', { name: 'No time that suits you? Join the waitlist' });
    await link.waitFor();
    await screenshot(phone.page, 'waitlist-booking-link-375');
    await link.click();
    await phone.page.getByRole('heading', { name: 'Waitlist', level: 1 }).waitFor();
    await phone.page.getByRole('heading', { name: 'Join the waitlist' }).waitFor();
    expect(await overflowing(phone.page)).toEqual([]);
    await screenshot(phone.page, 'waitlist-join-375');
    await expectAccessible(phone.page);

    // Joining at 1280 px, for that counselor, that day, that hour.
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.personnel);
    await openWaitlist(page);
    await page.getByLabel('Counselor').selectOption(String(counselor.user.id));
    await page.getByLabel('Category').selectOption(String(categories.data[0].id));
    await page.getByLabel('From').fill(slot.date);
    await page.getByLabel('Until').fill(slot.date);
    await page.getByLabel(WEEKDAY_SHORT[new Date(`${slot.date}T12:00:00Z`).getUTCDay()], { exact: true }).check();
    await page.getByLabel('Earliest time').fill(slot.time);
    await page.getByLabel('Latest time').fill(`${endHour}:${slot.time.slice(3)}`);
    await page.getByLabel('Reason').fill('Trouble sleeping before exams');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, 'You are on the waitlist');
    await page.getByText('No matching time is free yet', { exact: false }).waitFor();
    await screenshot(page, 'waitlist-waiting-1280');

    // The earlier booking is cancelled: the freed time is held for the client at once.
    await apiCall(server, admin, 'PUT', `/api/appointments/${taken.data.uuid}`, { status: 'cancelled' });
    const personnel = await apiLogin(server, DEMO.personnel);
    await expect.poll(async () => (await apiCall<{ data: Entry[] }>(server, personnel, 'GET', '/api/waitlist/mine')).data[0]?.offer?.appointment_date, { timeout: 20_000 }).toBe(slot.instant);

    // Counselors see who waits, oldest first, and that a time is held.
    for (const [viewport, name] of [[PHONE, '375'], [DESKTOP, '1280']] as const) {
      const staff = await newPage(browser, server.baseURL, viewport);
      await signIn(staff.page, DEMO.counselor);
      await openWaitlist(staff.page);
      const row = staff.page.getByTestId('waitlist-row').first();
      await row.getByText('Paula Personnel').waitFor();
      await row.getByText(/Time held until/).waitFor();
      expect(await overflowing(staff.page)).toEqual([]);
      await screenshot(staff.page, `waitlist-staff-${name}`);
      await expectAccessible(staff.page);
      // The Triage list shows the waitlist after the urgent cases and intakes, with what was done.
      await staff.page.goto('/triage');
      const waiting = staff.page.getByTestId('triage-row').filter({ hasText: 'Paula Personnel' }).filter({ hasText: 'Waitlist' });
      await waiting.getByText('A freed time is held for them now; waiting for their answer').waitFor();
      expect(await overflowing(staff.page)).toEqual([]);
      await screenshot(staff.page, `triage-waitlist-${name}`);
      await expectAccessible(staff.page);
      await staff.context.close();
    }

    // The offer at 375 px.
    await openWaitlist(phone.page);
    await phone.page.getByRole('heading', { name: 'A time has opened for you' }).waitFor();
    expect(await overflowing(phone.page)).toEqual([]);
    await screenshot(phone.page, 'waitlist-offer-375');
    await expectAccessible(phone.page);
    await phone.context.close();

    // Accepting at 1280 px books it, once.
    await page.reload();
    const offer = page.getByTestId('waitlist-offer');
    await offer.waitFor();
    await screenshot(page, 'waitlist-offer-1280');
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Accept and book' }).click();
    await toast(page, 'Appointment booked');
    await page.getByText('Booked from the waitlist.').waitFor();
    await screenshot(page, 'waitlist-booked-1280');
    const mine = await apiCall<{ data: Entry[] }>(server, personnel, 'GET', '/api/waitlist/mine');
    expect(mine.data[0]).toMatchObject({ status: 'booked' });
    const booked = await apiCall<{ data: { appointment_date: string; status: string; reason: string } }>(server, personnel, 'GET', `/api/appointments/${mine.data[0].appointment_uuid}`);
    expect(booked.data).toMatchObject({ appointment_date: slot.instant, status: 'pending', reason: 'Trouble sleeping before exams' });
    // The appointment opens from the confirmation.
    await page.getByRole('link', { name: 'View the appointment' }).first().click();
    await page.waitForURL((url) => url.pathname === '/appointments');
    await context.close();
  });
});
