import path from 'node:path';
import { readFile } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, type ApiSession } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { toast } from './support/checks';
import { checkScreen, overflowing } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// The client file (decisions 0235, 0236): a counselor's Clients list and a client's file (timeline, filters, close
// and reopen, a PDF of a range recorded as a disclosure); another counselor breaks the glass; a student downloads
// their own record and asks for a correction; the privacy officer's Files to purge. Screenshots at 1280 and 375 px.

const PRIVACY = 'privacy@demo.kalinga.test';

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Listed { id: number; name: string }

async function accessKinds(kind: string): Promise<{ kind: string; via: string; client_name: string | null; viewer_name: string | null }[]> {
  const officer = await apiLogin(server, PRIVACY);
  return (await apiCall<{ data: { kind: string; via: string; client_name: string | null; viewer_name: string | null }[] }>(server, officer, 'GET', `/api/access-log?kind=${kind}&per_page=50`)).data;
}

/** The first or last client of the counselor's list whose care team they are in (not a supervisee's client). */
async function ownClient(session: ApiSession, which: 'first' | 'last'): Promise<Listed> {
  const mine = await apiCall<{ data: Listed[] }>(server, session, 'GET', '/api/clients/mine');
  for (const c of which === 'first' ? mine.data : [...mine.data].reverse()) {
    const opened = await apiCall<{ data: { may_act: boolean } }>(server, session, 'GET', `/api/clients/${c.id}/file`);
    if (opened.data.may_act) return c;
  }
  throw new Error('the demo counselor has no client of their own');
}

/** Deletes the counselor's drafts of the client (a file with an unsigned note does not close). */
async function deleteDrafts(session: ApiSession, clientId: number): Promise<void> {
  const notes = await apiCall<{ data: { uuid: string; status: string }[] }>(server, session, 'GET', `/api/clients/${clientId}/case-notes`);
  for (const n of notes.data.filter((x) => x.status === 'draft')) {
    const res = await fetch(`${server.baseURL}/api/case-notes/${n.uuid}`, { method: 'DELETE', headers: { Authorization: `Bearer ${session.token}` } });
    expect(res.status).toBe(204);
  }
}

async function dialogSubmit(page: Page, title: string, label: string, text: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel(label).fill(text);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the client file', () => {
  it("opens from the counselor's Clients list with its timeline and filters, prints a range (a disclosure), closes and reopens", { timeout: 300_000 }, async () => {
    const counselor = await apiLogin(server, DEMO.counselor);
    const own = await ownClient(counselor, 'first');
    const clientName = own.name;
    for (const [viewport, width] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor);
      await page.goto(`${server.baseURL}/clients`);
      await page.getByRole('heading', { name: 'Clients' }).waitFor();
      const row = page.getByTestId('client-row').filter({ hasText: clientName });
      await row.waitFor();
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `clients-${width}`);
      await row.getByRole('link').click();
      await page.waitForURL((url) => /^\/clients\/\d+$/.test(url.pathname));
      await page.getByRole('heading', { name: clientName }).waitFor();
      await page.getByTestId('timeline-item').first().waitFor();
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `client-file-${width}`);
      // Filters: without appointments, no appointment entry is listed.
      await page.getByLabel('Appointments', { exact: true }).uncheck();
      expect(await page.locator('[data-testid="timeline-item"][data-type="appointment"]').count()).toBe(0);
      await page.getByLabel('Appointments', { exact: true }).check();
      expect(await page.locator('[data-testid="timeline-item"][data-type="appointment"]').count()).toBeGreaterThan(0);
      await context.close();
    }

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    await page.goto(`${server.baseURL}/clients`);
    await page.getByTestId('client-row').filter({ hasText: clientName }).getByRole('link').click();
    await page.getByRole('heading', { name: clientName }).waitFor();
    // Print or PDF of a range: downloaded, and recorded as a disclosure.
    await page.getByRole('button', { name: 'Print or PDF' }).click();
    await checkScreen(page, 'client-file-print-1280');
    const download = page.waitForEvent('download');
    await page.getByRole('dialog', { name: 'Print or PDF for a referral' }).getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^client-file-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await accessKinds('disclosure')).some((e) => e.client_name === clientName && e.via === 'care_team')).toBe(true);

    // Close with a summary (no drafts of this client in the demo), then reopen with a reason.
    await deleteDrafts(counselor, own.id);
    await page.reload();
    await page.getByRole('button', { name: 'Close file' }).click();
    await dialogSubmit(page, 'Close the file', 'Closing summary', 'Goals met: sleep and study routine restored; discharged.', 'Close file');
    await toast(page, 'File closed');
    await page.getByTestId('closed-banner').waitFor();
    await checkScreen(page, 'client-file-closed-1280');
    await page.setViewportSize(PHONE);
    expect(await overflowing(page)).toEqual([]);
    await checkScreen(page, 'client-file-closed-375');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Reopen file' }).click();
    await dialogSubmit(page, 'Reopen the file', 'Reason', 'Client asked for support again before exams.', 'Reopen file');
    await toast(page, 'File reopened');
    await page.getByTestId('closed-banner').waitFor({ state: 'detached' });
    await page.locator('[data-testid="timeline-item"][data-type="file"]').filter({ hasText: 'Client asked for support again before exams.' }).waitFor();
    // Nothing of the file is kept in the browser's storage.
    const kept = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));
    expect(kept).not.toContain('Goals met');
    await context.close();
  });

  it("a counselor outside the care team is told so, breaks the glass with a reason, and the file opens marked", { timeout: 240_000 }, async () => {
    // A student of the centre whose care team counselor2 is not in.
    const students = await apiCall<{ data: Listed[] }>(server, await apiLogin(server, DEMO.admin), 'GET', '/api/users?user_type=student&per_page=100');
    const theirs = await apiCall<{ data: Listed[] }>(server, await apiLogin(server, DEMO.counselor2), 'GET', '/api/clients/mine');
    const outside = students.data.find((c) => !theirs.data.some((t) => t.id === c.id));
    expect(outside).toBeDefined();
    for (const [viewport, width] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor2);
      await page.goto(`${server.baseURL}/clients/${outside!.id}`);
      const panel = page.getByTestId('not-on-care-team');
      if (width === '1280') {
        await panel.getByRole('heading', { name: "You are not on this client's care team" }).waitFor();
        expect(await overflowing(page)).toEqual([]);
        await checkScreen(page, 'break-glass-refused-1280');
        await panel.getByRole('button', { name: 'Break the glass' }).click();
        const dialog = page.getByRole('dialog', { name: 'Break the glass' });
        await dialog.getByRole('button', { name: 'Open the file' }).click();
        await dialog.getByRole('alert').waitFor();
        await dialog.getByLabel('Why must you open this file now?').fill('Urgent case out of hours; the care team is not reachable.');
        await checkScreen(page, 'break-glass-reason-1280');
        await dialog.getByRole('button', { name: 'Open the file' }).click();
      }
      // Marked for the grant's time (on the phone, the grant made at 1280 px still holds).
      await page.getByTestId('break-glass-mark').waitFor();
      await page.getByRole('heading', { name: outside!.name }).waitFor();
      expect(await page.getByRole('button', { name: 'Close file' }).count()).toBe(0);
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `break-glass-open-${width}`);
      await context.close();
    }
    expect((await accessKinds('client_file')).some((e) => e.client_name === outside!.name && e.via === 'break_glass')).toBe(true);
  });

  it('a student downloads their own record (PDF and JSON, each recorded) and asks for a correction from My Profile', { timeout: 240_000 }, async () => {
    for (const [viewport, width] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.student);
      await page.goto(`${server.baseURL}/profile`);
      const section = page.getByRole('region', { name: 'My record' });
      await section.waitFor();
      if (width === '1280') {
        const pdf = page.waitForEvent('download');
        await section.getByRole('button', { name: 'Download PDF' }).click();
        expect((await readFile((await (await pdf).path())!)).subarray(0, 5).toString()).toBe('%PDF-');
        const json = page.waitForEvent('download');
        await section.getByRole('button', { name: 'Download JSON' }).click();
        const record = JSON.parse(await readFile((await (await json).path())!, 'utf8')) as { client: { email: string }; appointments: unknown[] };
        expect(record.client.email).toBe(DEMO.student);
        expect(record.appointments.length).toBeGreaterThan(0);
        await section.getByLabel('Ask for a correction').fill('My year level is wrong: I am in my third year, not my second.');
        await section.getByRole('button', { name: 'Send request' }).click();
        await toast(page, 'Your request was sent to your care team');
      }
      await section.getByTestId('my-correction').first().waitFor();
      await section.scrollIntoViewIfNeeded();
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `my-record-${width}`);
      await context.close();
    }
    const exports = (await accessKinds('export')).filter((e) => e.via === 'self');
    expect(exports.length).toBeGreaterThanOrEqual(2);
  });

  it("the privacy officer reviews Files to purge and approves one; its content goes, at 1280 and 375 px", { timeout: 240_000 }, async () => {
    const counselor = await apiLogin(server, DEMO.counselor);
    const target = await ownClient(counselor, 'last');
    await deleteDrafts(counselor, target.id);
    await apiCall(server, counselor, 'POST', `/api/clients/${target.id}/close`, { summary: 'Goals met; client discharged years ago.' });
    // Eleven years on: the monthly listing's row, written as the job writes it (the job itself is tested on the server).
    const db = new SQLite(path.join(server.dataDir, 'kalinga.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const closed = new Date(Date.now() - 11 * 365.25 * 86_400_000).toISOString();
      const keep = new Date(Date.parse(closed) + 10 * 365.25 * 86_400_000).toISOString();
      db.prepare('update client_files set closed_at = ? where client_id = ?').run(closed, target.id);
      const company = db.prepare('select company_id from client_files where client_id = ?').get(target.id) as { company_id: number };
      db.prepare("insert into client_file_purges (company_id, client_id, client_name, closed_at, keep_until, listed_at, status) values (?, ?, ?, ?, ?, ?, 'listed')").run(company.company_id, target.id, target.name, closed, keep, new Date().toISOString());
    } finally {
      db.close();
    }
    for (const [viewport, width] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, PRIVACY);
      await page.goto(`${server.baseURL}/files-to-purge`);
      const row = page.getByTestId('purge-row').filter({ hasText: target.name });
      await row.waitFor();
      expect(await overflowing(page)).toEqual([]);
      await checkScreen(page, `files-to-purge-${width}`);
      if (width === '375') {
        await row.getByRole('button', { name: 'Approve purge' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Purge' }).click();
        await toast(page, `The file of ${target.name} was purged`);
        await row.getByText('Purged', { exact: true }).waitFor();
        await checkScreen(page, 'files-to-purge-done-375');
      }
      await context.close();
    }
    const after = await apiCall<{ data: { uuid: string }[] }>(server, counselor, 'GET', `/api/clients/${target.id}/case-notes`);
    expect(after.data).toEqual([]);
  });
});
