import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The groups report on the Reports screen (decision 0281): the section loads with its year filter and shows the
// report or says there is nothing, at 1280 and 375 px without anything wider than the screen.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('the groups report', () => {
  it('shows on the Reports screen at 1280 and 375 px', { timeout: 120_000 }, async () => {
    for (const [viewport, name] of [[DESKTOP, 'reports-groups-1280'], [PHONE, 'reports-groups-375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/reports');
      const section = page.getByTestId('report-groups');
      await section.getByLabel('Year').waitFor();
      await section.getByText(/Months from|No month of/).first().waitFor();
      expect(await section.getByRole('alert').count()).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, name);
      if (viewport === PHONE) expect(await overflowing(page)).toEqual([]);
      else await expectAccessible(page);
      await context.close();
    }
  });
});
