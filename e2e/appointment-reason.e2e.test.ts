import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { bookFirstFreeAhead } from './support/booking';

// An appointment's reason and notes are the care team's (decision 0377): the demo's administrator (personnel, no
// clinician) sees the client's booking on Appointments with "Reason seen by the care team only" in its place, edits
// its place without the reason or notes fields, and the reason stays as the client wrote it for the counselor. The
// client's cancellation reason is the care team's too: the status history dialog says so in its place.
let server: RunningServer;
let browser: Browser;

withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe("the administrator outside the care team and an appointment's reason", () => {
  it('sees the withheld words on the card at 1280 and 375 px, edits the place without the reason, and the reason stays', async () => {
    const personnel = await apiLogin(server, DEMO.personnel);
    const counselor = await apiLogin(server, DEMO.counselor);
    const reason = `E2E private reason ${Date.now()}`;
    const uuid = await bookFirstFreeAhead(server, personnel, counselor.user.id, reason);

    for (const [viewport, width] of [[DESKTOP, 1280], [PHONE, 375]] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/appointments');
      // Every card of the demo's list is another's client: each says the words in place of the reason.
      await page.getByTestId('appointment-card').first().getByTestId('reason-withheld').filter({ hasText: 'Reason seen by the care team only' }).waitFor();
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `appointment-reason-withheld-${width}`);
      // The client's booking, opened as from a notice's link.
      await page.goto(`/appointments?open=${uuid}`);
      const card = page.getByRole('dialog', { name: 'Appointment', exact: true }).locator(`[data-testid="appointment-card"][data-uuid="${uuid}"]`);
      await card.getByTestId('reason-withheld').waitFor();
      expect(await page.locator('body').textContent()).not.toContain(reason);
      await card.getByRole('button', { name: 'Edit appointment: Reason seen by the care team only' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
      await dialog.getByText('The reason and notes are seen by the care team only; this edit keeps them.').waitFor();
      expect(await dialog.getByLabel('Reason', { exact: true }).count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `appointment-reason-edit-${width}`);
      if (width === 1280) {
        await dialog.getByText('On-site', { exact: true }).click();
        await dialog.getByLabel('Location', { exact: true }).fill('Guidance Office, Room 3');
        await dialog.getByRole('button', { name: 'Save Changes' }).click();
        await toast(page, 'Appointment updated successfully');
      }
      await context.close();
    }
    const kept = await apiCall<{ data: { reason: string | null; location: string | null } }>(server, counselor, 'GET', `/api/appointments/${uuid}`);
    expect(kept.data).toMatchObject({ reason, location: 'Guidance Office, Room 3' });
  }, 180_000);
});

describe("the administrator outside the care team and a client's cancellation reason", () => {
  it('reads the cancellation in the status history with the withheld words at 1280 and 375 px, never the reason', async () => {
    const personnel = await apiLogin(server, DEMO.personnel);
    const counselor = await apiLogin(server, DEMO.counselor);
    const uuid = await bookFirstFreeAhead(server, personnel, counselor.user.id, `E2E booking reason ${Date.now()}`);
    const why = `E2E cancelling reason ${Date.now()}`;
    await apiCall(server, personnel, 'POST', `/api/appointments/${uuid}/cancel`, { reason: why });

    for (const [viewport, width] of [[DESKTOP, 1280], [PHONE, 375]] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto(`/appointments?open=${uuid}`);
      const card = page.getByRole('dialog', { name: 'Appointment', exact: true }).locator(`[data-testid="appointment-card"][data-uuid="${uuid}"]`);
      await card.getByRole('button', { name: 'Status history: Reason seen by the care team only' }).click();
      const history = page.getByRole('dialog', { name: 'Status history' });
      await history.getByTestId('history-reason-withheld').filter({ hasText: 'Any reason for cancelling is seen by the care team only' }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain(why);
      expect(await overflowing(page)).toEqual([]);
      await expectAccessible(page);
      await screenshot(page, `appointment-cancel-reason-withheld-${width}`);
      await context.close();
    }
  }, 180_000);
});
