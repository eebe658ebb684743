import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DEMO_PASSWORD, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { checkScreen, overflowing } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The privacy officer's Access log (decision 0204): a counselor opens a client's screenings; the privacy officer
// signs in, lands on the Access log and finds that opening, filters it by the client, downloads the CSV, and reads
// who was given clinical access.

const PRIVACY = 'privacy@demo.kalinga.test';
const COUNSELOR = 'counselor2@demo.kalinga.test';

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('the Access log', () => {
  it("shows the privacy officer a counselor's opening of a client's screenings, at 1280 and 375 px", { timeout: 240_000 }, async () => {
    const counselor = await apiLogin(server, COUNSELOR);
    const list = await apiCall<{ data: { student: { id: number; name: string } }[] }>(server, counselor, 'GET', '/api/appointments?per_page=1');
    const client = list.data[0].student;
    await apiCall(server, counselor, 'GET', `/api/clients/${client.id}/screenings`);
    // An administrator sets the counselor's password (to the one they have): listed beside the grants, said as what it was.
    const admin = await apiLogin(server, DEMO.admin);
    const found = await apiCall<{ data: { id: number; name: string; email: string; user_type: string; roles: string[] }[] }>(server, admin, 'GET', `/api/users?search=${encodeURIComponent(COUNSELOR)}`);
    const set = found.data[0];
    await apiCall(server, admin, 'PUT', `/api/users/${set.id}`, { name: set.name, email: set.email, user_type: set.user_type, roles: set.roles, password: DEMO_PASSWORD });

    for (const [viewport, name] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, PRIVACY);
      // Their only screen is the first they see.
      await page.waitForURL('**/access-log');
      await page.getByRole('heading', { name: 'Access log' }).waitFor();
      const entry = page.getByTestId(name === '1280' ? 'access-row' : 'access-card').filter({ hasText: 'Mr. Jose Rizal Manalo' }).filter({ hasText: client.name }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain('Screenings');
      expect(await entry.textContent()).toContain('Care team');
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `access-log-${name}`);

      await page.getByLabel('Person', { exact: true }).fill('Jose Rizal');
      await page.getByLabel('Client', { exact: true }).fill(client.name);
      await page.getByLabel('What was opened').selectOption('screenings');
      await expect.poll(async () => page.getByTestId(name === '1280' ? 'access-row' : 'access-card').count()).toBe(1);
      await checkScreen(page, `access-log-filtered-${name}`);
      if (name === '1280') {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download CSV' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^access-log-\d{4}-\d{2}-\d{2}\.csv$/);
      }
      // The second list: who was given clinical access, by whom.
      await page.getByRole('tab', { name: 'Clinical access given' }).click();
      await page.getByTestId('grant-card').filter({ hasText: 'clinical supervisor of Lea Manalo' }).waitFor();
      const passwordSet = page.getByTestId('grant-card').filter({ hasText: 'Mr. Jose Rizal Manalo' }).filter({ hasText: 'password set by an administrator' });
      expect(await passwordSet.textContent()).toContain('Password set by');
      expect(await passwordSet.textContent()).not.toContain('Given by');
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `access-log-grants-${name}`);
      // Nothing of the log is kept on the device after the screen (decision 0204: it names clients).
      const kept = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));
      expect(kept).not.toContain(client.name);
      await context.close();
    }
  });

  it('is not in the sidebar of an administrator, and its address says they have no access', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, 'admin@demo.kalinga.test');
    await page.getByRole('navigation').first().waitFor();
    expect(await page.getByRole('link', { name: 'Access log' }).count()).toBe(0);
    await page.goto('/access-log');
    await page.getByText("You don't have access to this page").waitFor();
    await context.close();
  });

  it("an administrator sees a counselor's clinical supervision in the Users drawer and the break-the-glass hours in Site Settings", { timeout: 120_000 }, async () => {
    for (const [viewport, name] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, 'admin@demo.kalinga.test');
      await page.goto('/settings/users');
      await page.getByPlaceholder('Search by name, email or student ID...').fill('Lea Manalo');
      await page.getByRole('button', { name: 'Edit Lea Manalo' }).first().click();
      const box = page.getByRole('group', { name: 'Clinical supervision' });
      await box.waitFor();
      expect(await box.getByRole('checkbox', { name: 'Trainee counselor' }).isChecked()).toBe(true);
      await expect.poll(async () => box.getByLabel('Clinical supervisor').locator('option:checked').textContent()).toBe('Dr. Carmen Villanueva');
      await checkScreen(page, `users-clinical-supervision-${name}`);
      await page.goto('/settings/site');
      const hours = page.getByLabel('Break-the-Glass Access (hours)');
      await hours.waitFor();
      expect(await hours.inputValue()).toBe('24');
      await hours.scrollIntoViewIfNeeded();
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `site-settings-break-glass-${name}`);
      await context.close();
    }
  });
});

// Decision 0369: a counselor books a client they have no care-team relationship with; the privacy officer's bell
// tells who joined a client's care team by their own booking and when, never the client, at 1280 and 375 px.
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
