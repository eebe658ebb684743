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

/** The personnel member books the counselor's first free slot from tomorrow; returns its uuid, reason and wall date/time. */
async function bookFirstFree(client: ApiSession, counselorId: number): Promise<{ uuid: string; reason: string; date: string; time: string }> {
  const reason = `Week view check ${Date.now()}`;
  const categories = await apiCall<{ data: { id: number }[] }>(server, client, 'GET', '/api/categories?per_page=1');
  for (let day = 1; day < 30; day++) {
    const date = new Date(Date.now() + 8 * 3_600_000 + day * 86_400_000).toISOString().slice(0, 10); // Manila is UTC+8
    const slots = await apiCall<{ starts: { time: string; appointment_date: string }[] }>(server, client, 'GET', `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}`);
    const start = slots.starts[0];
    if (!start) continue;
    const res = await apiCall<{ data: { uuid: string } }>(server, client, 'POST', '/api/appointments', {
      counselor_id: counselorId, appointment_date: start.appointment_date, reason, category_id: categories.data[0].id, location_type: 'online',
    });
    return { uuid: res.data.uuid, reason, date, time: start.time };
  }
  throw new Error('no free slot in 30 days');
}

async function openCalendar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  await page.locator('.fc-timegrid').waitFor();
}

/** Steps forward (Next week / Next day) until the selector shows, at most `max` times. */
async function stepUntilVisible(page: Page, selector: string, nextName: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await page.locator(selector).count()) > 0) return;
    const label = await page.getByTestId('calendar-range').textContent();
    await page.getByRole('button', { name: nextName }).click();
    await expect.poll(() => page.getByTestId('calendar-range').textContent()).not.toBe(label);
    await page.locator('.kalinga-calendar:not(.opacity-60) .fc-timegrid').waitFor();
  }
  await page.locator(selector).first().waitFor({ timeout: 5000 });
}

describe("A counselor's week", () => {
  it('shows a booked appointment in its day and time slot, and opens it', async () => {
    const counselor = await apiLogin(server, DEMO.counselor);
    const booked = await bookFirstFree(await apiLogin(server, DEMO.personnel), counselor.user.id);
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await openCalendar(page);
    expect(await page.locator('.fc-col-header-cell').count()).toBe(7);
    expect(await page.locator('.fc-col-header-cell').first().textContent()).toMatch(/^Mon/);
    const event = page.locator(`[data-uuid="${booked.uuid}"]`);
    await stepUntilVisible(page, `[data-uuid="${booked.uuid}"]`, 'Next week', 5);
    const name = await event.evaluate((el) => el.textContent ?? '');
    expect(name).toMatch(/Pending · .+/);
    expect(name).toContain(booked.reason);
    expect(await event.getAttribute('role')).toBe('button');

    // Its column is its date, and its top is the top of its start time's row.
    const column = page.locator(`td.fc-timegrid-col[data-date="${booked.date}"]`);
    const [eventBox, columnBox, rowBox] = await Promise.all([event.boundingBox(), column.boundingBox(), page.locator(`td.fc-timegrid-slot-lane[data-time="${booked.time}:00"]`).boundingBox()]);
    expect(eventBox && columnBox && rowBox).toBeTruthy();
    expect(eventBox!.x).toBeGreaterThanOrEqual(columnBox!.x - 1);
    expect(eventBox!.x + eventBox!.width).toBeLessThanOrEqual(columnBox!.x + columnBox!.width + 1);
    expect(Math.abs(eventBox!.y - rowBox!.y)).toBeLessThanOrEqual(3);
    await screenshot(page, 'week-calendar-1280');
    expect(await axeViolations(page)).toEqual([]);

    await event.click();
    const dialog = page.getByRole('dialog', { name: 'Appointment' });
    await dialog.getByTestId('appointment-card').filter({ hasText: booked.reason }).waitFor();
    expect(new URL(page.url()).searchParams.get('open')).toBe(booked.uuid);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    // Closing leaves the calendar where it was.
    expect(new URL(page.url()).searchParams.get('view')).toBe('calendar');
    await event.waitFor();
    await context.close();
  });

  it('a click on a free slot opens the booking form at that counselor, date and time', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await openCalendar(page);
    await stepUntilVisible(page, '.cal-free', 'Next week', 3);
    const slot = page.locator('.cal-free').first();
    const [date, time] = String(await slot.getAttribute('data-slot')).split('T');
    await slot.click();
    const form = page.getByRole('dialog', { name: 'Book Appointment' });
    await form.waitFor();
    expect(await form.getByLabel('Date').inputValue()).toBe(date);
    await expect.poll(() => form.getByLabel('Time').inputValue()).toBe(time);
    expect(await form.getByTestId('fixed-counselor').textContent()).toBe('Dr. Carmen Villanueva');
    await screenshot(page, 'week-calendar-book-from-slot-1280');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('works from the keyboard: step weeks, reach a free slot with Tab and book it with Enter, open an appointment with Enter', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    await openCalendar(page);
    const range = page.getByTestId('calendar-range');
    const thisWeek = await range.textContent();
    await page.getByRole('button', { name: 'Next week' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => range.textContent()).not.toBe(thisWeek);
    await page.locator('.kalinga-calendar:not(.opacity-60) .cal-free').first().waitFor();

    // Tab from the toolbar until a free slot has the focus.
    const focusedSlot = () => page.evaluate(() => document.activeElement?.getAttribute('data-slot') ?? null);
    let slot: string | null = null;
    for (let i = 0; i < 80 && !slot; i++) {
      await page.keyboard.press('Tab');
      slot = await focusedSlot();
    }
    expect(slot).not.toBeNull();
    // Arrow keys move along the day and across days.
    const focusedBox = () => page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return { x: Math.round(r.left), y: Math.round(r.top) };
    });
    const start = await focusedBox();
    await page.keyboard.press('ArrowDown');
    const below = await focusedBox();
    expect(below.x).toBe(start.x);
    expect(below.y).toBeGreaterThan(start.y);
    await page.keyboard.press('ArrowUp');
    expect(await focusedBox()).toEqual(start);
    await page.keyboard.press('ArrowRight');
    expect((await focusedBox()).x).toBeGreaterThan(start.x);
    await page.keyboard.press('ArrowLeft');
    expect((await focusedBox()).x).toBe(start.x);
    await page.locator(`[data-slot="${slot}"]`).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Book Appointment' });
    await form.waitFor();
    expect(await form.getByLabel('Date').inputValue()).toBe(slot!.split('T')[0]);
    await expect.poll(() => form.getByLabel('Time').inputValue()).toBe(slot!.split('T')[1]);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    // Back a week (Shift+Tab reaches the toolbar again), then an appointment opens with Enter.
    await page.getByRole('button', { name: 'Previous week' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => range.textContent()).toBe(thisWeek);
    const appointment = page.locator('.kalinga-calendar:not(.opacity-60) [data-uuid]').first();
    await appointment.waitFor();
    await appointment.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Appointment' }).getByTestId('appointment-card').waitFor();
    await context.close();
  });

  it('at 375 px shows one day with previous, today and next, without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.counselor);
    await openCalendar(page);
    expect(await page.locator('.fc-col-header-cell').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Week', exact: true }).count()).toBe(0);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    const today = await page.getByTestId('calendar-range').textContent();
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => page.getByTestId('calendar-range').textContent()).not.toBe(today);
    await page.locator('.kalinga-calendar:not(.opacity-60) .fc-timegrid').waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'week-calendar-375');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect.poll(() => page.getByTestId('calendar-range').textContent()).toBe(today);
    await context.close();
  });

  it('says when the week fails to load and retries; says when a week has no appointments', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.counselor);
    let failing = true;
    await page.route('**/api/appointments/calendar?**', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }) : route.continue(),
    );
    await page.goto('/appointments?view=calendar');
    const alert = page.getByRole('alert').filter({ hasText: 'Server Error' });
    await alert.waitFor();
    await screenshot(page, 'week-calendar-error-1280');
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.fc-timegrid').waitFor();
    expect(await alert.count()).toBe(0);
    // Far ahead, nobody has booked yet.
    const range = page.getByTestId('calendar-range');
    for (let i = 0; i < 20; i++) {
      const before = await range.textContent();
      await page.getByRole('button', { name: 'Next week' }).click();
      await expect.poll(() => range.textContent()).not.toBe(before);
    }
    // The empty week still offers its free slots.
    await page.locator('.kalinga-calendar:not(.opacity-60) .cal-free').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'No appointments this week.' }).waitFor();
    await screenshot(page, 'week-calendar-empty-1280');
    await context.close();
  });

  it('a manager picks the counselor whose week is shown', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page, DEMO.admin);
    await page.goto('/appointments?view=calendar');
    const picker = page.getByLabel('Counselor', { exact: true });
    await picker.waitFor();
    await page.locator('.fc-timegrid').waitFor();
    const asked = page.waitForRequest((r) => r.url().includes('/api/appointments/calendar') && r.url().includes('counselor_id='));
    const second = await picker.locator('option').nth(1).getAttribute('value');
    await picker.selectOption(second!);
    expect(new URL((await asked).url()).searchParams.get('counselor_id')).toBe(second);
    await page.locator('.kalinga-calendar:not(.opacity-60) .fc-timegrid').waitFor();
    await screenshot(page, 'week-calendar-manager-1280');
    await context.close();
  });
});
