import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { setCompaniesToMorning } from './support/database';
import { checkScreen, overflowing } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Same-day slots (decision 0165): a counselor holds slots in the weekly schedule, and an urgent case is booked into
// one from the Triage list in two clicks.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Week { schedule: { day: string; is_available: boolean; start_time: string; end_time: string; break_start: string | null; break_end: string | null; held_times: string[] }[] }

describe('same-day slots', () => {
  it('a counselor books an urgent case into a held slot from the Triage list in two clicks', { timeout: 240_000 }, async () => {
    const zone = setCompaniesToMorning(server);
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: zone }).format(new Date()).toLowerCase();
    const counselor = await apiLogin(server, DEMO.counselor);
    const week = await apiCall<Week>(server, counselor, 'GET', '/api/counselor/schedule');
    const schedule = week.schedule.map((d) => (d.day === weekday ? { ...d, is_available: true, start_time: '08:00', end_time: '17:00', break_start: '12:00', break_end: '13:00', held_times: ['09:00', '10:00', '11:00', '14:00', '15:00'] } : d));
    await apiCall(server, counselor, 'POST', '/api/counselor/schedule', { schedule });

    for (const [viewport, name, client] of [[DESKTOP, '1280', DEMO.student], [PHONE, '375', DEMO.personnel]] as const) {
      await apiCall(server, await apiLogin(server, client), 'POST', '/api/urgent-cases');
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor2);
      await page.goto('/triage');
      const row = page.getByTestId('triage-row').first();
      await row.getByText('Urgent', { exact: true }).waitFor();
      // Click one: today's held slots open under the case.
      await row.getByRole('button', { name: 'Book same-day slot' }).click();
      // The demo's own appointments may take some held times: the first one offered is free.
      const slot = row.getByRole('list', { name: 'Same-day slots' }).getByRole('button').first();
      await slot.waitFor();
      expect(await slot.textContent()).toMatch(/^\d{1,2}:00 [AP]M · Dr\. Carmen Villanueva$/);
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `triage-same-day-slots-${name}`);
      // Click two: booked, and the case says so.
      await slot.click();
      await page.getByText('Same-day session booked with Dr. Carmen Villanueva').first().waitFor();
      await checkScreen(page, `triage-same-day-booked-${name}`);
      await context.close();
    }
    // The sessions' own words do not say same-day (decision 0376): the Triage list says it from the cases.
    const triage = await apiCall<{ data: { kind: string; action: string }[] }>(server, await apiLogin(server, DEMO.counselor2), 'GET', '/api/triage');
    expect(triage.data.filter((i) => i.kind === 'urgent' && i.action === 'Same-day session booked with Dr. Carmen Villanueva')).toHaveLength(2);
    const sessions = await apiCall<{ data: { reason: string }[] }>(server, counselor, 'GET', '/api/appointments?per_page=100');
    expect(sessions.data.filter((a) => a.reason === 'Same-day session')).toEqual([]);
  });

  it('the weekly schedule shows the held slots as checkboxes', { timeout: 120_000 }, async () => {
    for (const [viewport, name] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor);
      await page.goto('/schedule');
      await page.getByRole('group', { name: 'Same-day slots held for urgent cases' }).first().waitFor();
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `schedule-held-slots-${name}`);
      await context.close();
    }
  });
});
