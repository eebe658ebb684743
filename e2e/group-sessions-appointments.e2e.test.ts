import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// A member sees their group sessions in their Appointments list (decision 0283): the demo student, a member of the
// demo closed group, finds its coming sessions under Upcoming, marked as group sessions, with nothing to change.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('group sessions in the Appointments list', () => {
  it('shows the member the coming sessions, read-only, at 1280 and 375 px', { timeout: 120_000 }, async () => {
    for (const [viewport, name] of [[DESKTOP, 'appointments-group-sessions-1280'], [PHONE, 'appointments-group-sessions-375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.student);
      await page.goto('/appointments');
      await page.getByRole('tab', { name: /Upcoming/ }).click();
      const rows = page.getByTestId('appointment-group-sessions');
      await rows.getByText('Managing Exam Anxiety').first().waitFor();
      expect(await rows.getByText('Group session', { exact: true }).count()).toBeGreaterThan(0);
      expect(await rows.getByRole('button').count()).toBe(0);
      await rows.scrollIntoViewIfNeeded();
      await screenshot(page, name);
      if (viewport === PHONE) expect(await overflowing(page)).toEqual([]);
      else await expectAccessible(page);
      await context.close();
    }
  });
});
