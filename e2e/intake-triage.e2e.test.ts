import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// A required intake at first booking, and an urgent case acknowledged from the Triage list (decisions 0160, 0164).

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Safety { intake_mode: string; crisis_contacts: unknown[]; next_steps: string; on_call_ids: number[]; escalation_minutes: number }

describe('intake and triage', () => {
  it('a required intake opens before the first booking; unanswered questions are named; then the booking form opens', { timeout: 240_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const safety = await apiCall<Safety>(server, admin, 'GET', '/api/safety-settings');
    await apiCall(server, admin, 'PUT', '/api/safety-settings', { ...safety, intake_mode: 'required' });

    for (const [viewport, name] of [[PHONE, '375'], [DESKTOP, '1280']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.personnel);
      await page.getByRole('heading', { name: 'Before your first session' }).waitFor();
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.waitForURL((url) => url.pathname === '/intake');
      await page.getByRole('heading', { name: 'Intake questionnaire' }).waitFor();
      await screenshot(page, `intake-form-${name}`);
      expect(await overflowing(page)).toEqual([]);
      if (name === '375') {
        await expectAccessible(page);
        await context.close();
        continue;
      }
      await page.getByRole('button', { name: 'Send my answers' }).click();
      await page.getByText('Please answer every question (16 left).').waitFor();
      // Every item: "Several days", except PHQ-9 item 9, "Not at all".
      const groups = page.locator('fieldset[id^="q-phq"], fieldset[id^="q-gad"]');
      expect(await groups.count()).toBe(16);
      for (let i = 0; i < 16; i++) {
        const group = groups.nth(i);
        await group.getByLabel(i === 8 ? 'Not at all' : 'Several days', { exact: true }).check();
      }
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Send my answers' }).click();
      await page.getByRole('dialog', { name: 'Book Appointment' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/appointments');
      // Nothing of the answers stays in the browser's storage.
      const stored = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));
      expect(stored).not.toMatch(/Several days|phq9|gad7/);
      await context.close();
    }
    const counselor = await apiLogin(server, DEMO.counselor);
    const triage = await apiCall<{ data: { kind: string; client_name: string; band: string | null }[] }>(server, counselor, 'GET', '/api/triage');
    expect(triage.data.find((r) => r.client_name === 'Paula Personnel')).toMatchObject({ kind: 'intake', band: 'mild' });
  });

  it('an urgent case stays at the top of the Triage list until a counselor acknowledges it', { timeout: 240_000 }, async () => {
    const student = await apiLogin(server, DEMO.student);
    await apiCall(server, student, 'POST', '/api/urgent-cases');
    for (const [viewport, name] of [[PHONE, '375'], [DESKTOP, '1280']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor2);
      await page.goto('/triage');
      await page.getByRole('heading', { name: 'Triage', level: 1 }).waitFor();
      const first = page.getByTestId('triage-row').first();
      await first.getByText('Sam Estudyante').waitFor();
      await first.getByText('Urgent', { exact: true }).waitFor();
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `triage-${name}`);
      await expectAccessible(page);
      if (name === '1280') {
        await first.getByRole('button', { name: 'Acknowledge' }).click();
        await page.getByText('Acknowledged by Mr. Jose Rizal Manalo').waitFor();
        expect(await page.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
        await screenshot(page, 'triage-acknowledged-1280');
        // A client's scores over time, from a row.
        await page.getByTestId('triage-row').first().getByRole('link', { name: 'Screenings' }).click();
        await page.getByRole('heading', { name: 'Scores over time' }).waitFor();
        await screenshot(page, 'client-screenings-1280');
        await expectAccessible(page);
      }
      await context.close();
    }
  });

  it('the Safety section of Site Settings shows the crisis contacts and the intake mode', async () => {
    const { context, page } = await newPage(browser, server.baseURL, PHONE);
    await signIn(page, DEMO.admin);
    await page.goto('/settings/site');
    await page.getByRole('heading', { name: 'Safety: intake, crisis contacts and urgent cases' }).waitFor();
    await page.getByRole('button', { name: 'Save Safety Settings' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'settings-safety-375');
    await expectAccessible(page);
    await context.close();
  });
});
