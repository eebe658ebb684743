import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { bookFirstFreeAhead } from './support/booking';
import { DEMO, DESKTOP, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The Appointments screens on the centre's clock (decision 0383): a laptop in New York, the demo centre in Manila
// (13 hours ahead). The card, the opened appointment and the booking form's time list read Manila's times, and the
// screen says once whose they are.

let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const NOTE = "Times are in the centre's time zone (Asia/Manila).";

/** '9:00 AM' of an instant in a zone, as the app writes a time. */
function clockIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(new Date(iso)).replace(/\u202f|\u00a0/g, ' ');
}

/** '9:00 AM' of a wall 'HH:mm'. */
function wallClock(hhmm: string): string {
  return clockIn(`1970-01-01T${hhmm}:00Z`, 'UTC');
}

async function timeLabels(page: Page, dialogName: string, label: string): Promise<{ value: string; text: string }[]> {
  const select = page.getByRole('dialog', { name: dialogName }).getByLabel(label);
  await expect.poll(async () => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  const options = await select.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
  return options.filter((o) => o.value !== '');
}

describe('the Appointments screens in a browser in another zone than the centre', () => {
  it("show the centre's times and name its zone, at 1280 and 375 px", { timeout: 240_000 }, async () => {
    const personnel = await apiLogin(server, DEMO.personnel);
    const counselor = await apiLogin(server, DEMO.counselor);
    const uuid = await bookFirstFreeAhead(server, personnel, counselor.user.id, `Zone check ${Date.now()}`);
    const { data: booked } = await apiCall<{ data: { appointment_date: string; local_date: string } }>(server, personnel, 'GET', `/api/appointments/${uuid}`);
    const centreTime = clockIn(booked.appointment_date, 'Asia/Manila');
    expect(clockIn(booked.appointment_date, 'America/New_York')).not.toBe(centreTime);

    for (const [viewport, width] of [[DESKTOP, 1280], [PHONE, 375]] as const) {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport, timezoneId: 'America/New_York', locale: 'en-PH' });
      const page = await context.newPage();
      await signIn(page, DEMO.personnel);
      await page.goto('/');
      await page.getByTestId('centre-zone-note').getByText(NOTE).waitFor();
      await screenshot(page, `appointments-centre-zone-list-${width}`);

      // The booked appointment, opened by its link: the centre's day and time, its name saying whose clock.
      await page.goto(`/?open=${uuid}`);
      const opened = page.getByRole('dialog', { name: 'Appointment' });
      const card = opened.locator(`[data-uuid="${uuid}"]`);
      await card.waitFor();
      await opened.getByTestId('centre-zone-note').getByText(NOTE).waitFor();
      expect(await card.locator('time').textContent()).toBe(centreTime);
      expect(await card.getAttribute('aria-label')).toMatch(/ \(Asia\/Manila\)$/);
      expect(await card.locator('[aria-hidden="true"] .text-2xl').first().textContent()).toBe(booked.local_date.slice(8));
      expect(await overflowing(page)).toEqual([]);
      await expectAccessible(page); // waits for the dialog's fade-in too
      await screenshot(page, `appointments-centre-zone-opened-${width}`);
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'hidden' });

      // The booking form on the booked day: each time is the centre's wall time of its slot.
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      const form = page.getByRole('dialog', { name: 'Book Appointment' });
      await form.getByLabel('Counselor').selectOption({ label: counselor.user.name });
      await form.getByLabel('Date').fill(booked.local_date);
      const times = await timeLabels(page, 'Book Appointment', 'Time');
      expect(times.map((o) => o.text)).toEqual(times.map((o) => wallClock(o.value)));
      await form.getByTestId('centre-zone-note').getByText(NOTE).waitFor();
      await form.getByLabel('Time').selectOption(times[0].value);
      expect(await overflowing(page)).toEqual([]);
      await expectAccessible(page);
      await screenshot(page, `appointments-centre-zone-form-${width}`);
      await context.close();
    }
  });
});
