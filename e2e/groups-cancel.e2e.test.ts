import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Cancelling group sessions and groups (decision 0282): a facilitator cancels one coming session of the demo closed
// group (its members are told in the app), and on a phone cancels the whole workshop, which leaves the list.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('cancelling groups', () => {
  it('a facilitator cancels one session, then a whole workshop on a phone', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    await page.goto('/groups');
    await page.getByTestId('group-card').filter({ hasText: 'Managing Exam Anxiety' }).getByRole('button').first().click();
    const detail = page.getByTestId('group-detail');
    await detail.getByRole('heading', { name: 'Managing Exam Anxiety' }).waitFor();
    await detail.getByRole('button', { name: 'Cancel session 4' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await dialog.getByRole('button', { name: 'Cancel the session' }).click();
    await toast(page, 'Session cancelled; 5 members were told');
    await detail.getByText('Cancelled', { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: 'Cancel session 4' }).count()).toBe(0);
    await screenshot(page, 'groups-cancel-session-1280');
    await expectAccessible(page);
    await context.close();

    // The demo student, a member, is told in the app.
    const student = await apiLogin(server, DEMO.student);
    const inbox = await apiCall<{ data: { kind: string; reason: string | null }[] }>(server, student, 'GET', '/api/notifications');
    expect(inbox.data.find((n) => n.kind === 'group_session_cancelled')?.reason).toBe('Managing Exam Anxiety');

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.counselor);
    await phone.page.goto('/groups');
    await phone.page.getByTestId('group-card').filter({ hasText: 'Stress Management Before Exams' }).getByRole('button').first().click();
    const workshop = phone.page.getByTestId('group-detail');
    await workshop.getByRole('button', { name: 'Cancel the whole group' }).click();
    await screenshot(phone.page, 'groups-cancel-group-375');
    await phone.page.getByRole('dialog', { name: 'Cancel Stress Management Before Exams?' }).getByRole('button', { name: 'Cancel the group' }).click();
    await toast(phone.page, 'Group cancelled: 1 session; 3 members were told');
    await phone.page.getByTestId('group-card').first().waitFor();
    expect(await phone.page.getByTestId('group-card').filter({ hasText: 'Stress Management Before Exams' }).count()).toBe(0);
    expect(await overflowing(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
