import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DEMO_PASSWORD, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, overflowing } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Decision 0369: a counselor books a client they have no care-team relationship with; the privacy officer's bell
// tells who joined a client's care team by their own booking and when, never the client, at 1280 and 375 px.

const PRIVACY = 'privacy@demo.kalinga.test';
const COUNSELOR = 'counselor2@demo.kalinga.test';

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('a care team joined by one’s own booking', () => {
  it('is in the privacy officer’s notifications, naming the counselor and not the client', { timeout: 240_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const email = `walk-in-${Date.now()}@demo.kalinga.test`;
    await apiCall(server, admin, 'POST', '/api/users', { name: 'Wendy Walk-in', email, password: DEMO_PASSWORD, user_type: 'student', roles: ['student'] });
    const made = await apiCall<{ data: { id: number }[] }>(server, admin, 'GET', `/api/users?search=${encodeURIComponent(email)}`);
    const counselor = await apiLogin(server, COUNSELOR);
    const categories = await apiCall<{ data: { id: number }[] }>(server, counselor, 'GET', '/api/categories?per_page=1');
    let booked = false;
    for (let d = 2; d < 30 && !booked; d++) {
      const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      const { starts } = await apiCall<{ starts: { appointment_date: string }[] }>(server, counselor, 'GET', `/api/appointments/available-slots?counselor_id=${counselor.user.id}&date=${date}`);
      if (starts.length === 0) continue;
      await apiCall(server, counselor, 'POST', '/api/appointments', { counselor_id: counselor.user.id, student_id: made.data[0].id, appointment_date: starts[0].appointment_date, reason: 'Check-in', category_id: categories.data[0].id, location_type: 'online' });
      booked = true;
    }
    expect(booked).toBe(true);

    for (const [viewport, name] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, PRIVACY);
      await page.waitForURL('**/access-log');
      await page.getByTestId('notification-bell').click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const notice = panel.getByTestId('notification').filter({ hasText: "A counselor joined a client's care team by booking" }).first();
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain(`By ${counselor.user.name}`);
      expect(text).not.toContain('Wendy Walk-in');
      expect(await notice.getByRole('link', { name: 'Open the Access log' }).count()).toBe(1);
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `care-team-booking-notice-${name}`);
      await context.close();
    }
  });
});
