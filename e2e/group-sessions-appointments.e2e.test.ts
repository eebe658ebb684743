import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Group sessions where people look for their time (decisions 0283, 0319, 0320): the demo student, a member of the
// demo closed group, finds its coming sessions among their Upcoming appointments under the month headings, read-only;
// its facilitator finds them in their week calendar and opens the group from there; a trainee's signed group note
// waits in their supervisor's Notes to review, opens and is co-signed.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const VIEWPORTS = [[DESKTOP, '1280'], [PHONE, '375']] as const;

async function check(page: Page, viewport: typeof DESKTOP | typeof PHONE): Promise<void> {
  if (viewport === PHONE) expect(await overflowing(page)).toEqual([]);
  else await expectAccessible(page);
}

describe('group sessions in the Appointments list and the calendar', () => {
  it('shows the member the coming sessions among the appointments, under their month headings, read-only', { timeout: 120_000 }, async () => {
    for (const [viewport, size] of VIEWPORTS) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.student);
      await page.goto('/appointments');
      await page.getByRole('tab', { name: /Upcoming/ }).click();
      const card = page.getByTestId('appointment-group-session').first();
      await card.getByText('Managing Exam Anxiety').waitFor();
      expect(await card.getByText('Group session', { exact: true }).count()).toBe(1);
      expect(await page.getByTestId('appointment-group-session').getByRole('button').count()).toBe(0);
      // The card stands in its month's group, under that month's heading (no part of its own).
      const heading = await card.evaluate((el) => el.parentElement?.querySelector('h2')?.textContent ?? '');
      const starts = await card.locator('time').getAttribute('datetime');
      const month = new Date(starts!).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'Asia/Manila' });
      expect(heading.toLowerCase()).toBe(month.toLowerCase());
      expect(await page.getByRole('heading', { name: 'My group sessions' }).count()).toBe(0);
      // The Upcoming count counts the sessions the list shows, as well as the appointments.
      const student = await apiLogin(server, DEMO.student);
      const counts = await apiCall<{ upcoming: number }>(server, student, 'GET', '/api/appointments/counts');
      const sessions = await apiCall<{ data: unknown[] }>(server, student, 'GET', '/api/my-group-sessions');
      expect(sessions.data.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('count-upcoming').textContent()).toBe(String(counts.upcoming + sessions.data.length));
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `appointments-group-sessions-${size}`);
      await check(page, viewport);
      await context.close();
    }
  });

  it("shows the facilitator the group's sessions in their calendar, and opens the group from one", { timeout: 180_000 }, async () => {
    for (const [viewport, size] of VIEWPORTS) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor);
      await page.goto('/appointments');
      await page.getByRole('group', { name: 'Show appointments as' }).getByRole('button', { name: 'Calendar' }).click();
      const next = page.getByRole('button', { name: /^Next (week|day)$/ });
      await next.waitFor();
      const session = page.locator('.kalinga-calendar [data-group]').first();
      // The weekly group meets within the next weeks: step on until its session is on the grid.
      for (let step = 0; step < 21 && (await session.count()) === 0; step++) {
        await next.click();
        await page.locator('.kalinga-calendar[class*="opacity-60"]').waitFor({ state: 'detached' });
      }
      await session.waitFor();
      expect(await session.getAttribute('title')).toMatch(/^Group session .+, session \d+ of \d+, .*Open it on the Groups screen\.$/);
      await session.scrollIntoViewIfNeeded();
      await screenshot(page, `calendar-group-session-${size}`);
      await check(page, viewport);
      if (viewport === DESKTOP) {
        await session.click();
        await page.waitForURL(/\/groups\?group=/);
        await page.getByTestId('group-card').first().waitFor();
      }
      await context.close();
    }
  });
});

describe("a trainee's group note in Notes to review", () => {
  it('is listed to the supervisor, opens whole and is co-signed', { timeout: 180_000 }, async () => {
    // Arranged through the API: the lead facilitator is a trainee supervised by the second counselor, and signs the
    // note of the group's first (held) session, with a part for each member recorded present.
    const admin = await apiLogin(server, DEMO.admin);
    const lead = await apiLogin(server, DEMO.counselor);
    const supervisor = await apiLogin(server, DEMO.counselor2);
    const users = (await apiCall<{ data: { id: number; name: string; email: string; user_type: string; roles: string[] }[] }>(server, admin, 'GET', `/api/users?search=${encodeURIComponent(DEMO.counselor)}`)).data;
    const me = users.find((u) => u.id === lead.user.id)!;
    await apiCall(server, admin, 'PUT', `/api/users/${lead.user.id}`, { name: me.name, email: me.email, user_type: me.user_type, roles: me.roles, is_trainee: true, clinical_supervisor_id: supervisor.user.id });
    const groups = (await apiCall<{ data: { uuid: string; name: string }[] }>(server, lead, 'GET', '/api/groups')).data;
    const closed = groups.find((g) => g.name === 'Managing Exam Anxiety')!;
    const detail = (await apiCall<{ data: { sessions: { uuid: string; starts_at: string }[] } }>(server, lead, 'GET', `/api/groups/${closed.uuid}`)).data;
    const held = detail.sessions.find((s) => Date.parse(s.starts_at) < Date.now())!;
    const present = (await apiCall<{ data: { present: { client_id: number }[] } }>(server, lead, 'GET', `/api/group-sessions/${held.uuid}/note`)).data.present;
    const note = await apiCall<{ data: { uuid: string } }>(server, lead, 'POST', `/api/group-sessions/${held.uuid}/note`, {
      uuid: crypto.randomUUID(),
      shared: { themes: 'Worry the night before an exam', activities: 'Breathing practice in pairs' },
      parts: present.map((p) => ({ client_id: p.client_id, text: 'Took part and tried the breathing.' })),
    });
    await apiCall(server, lead, 'POST', `/api/group-notes/${note.data.uuid}/sign`);

    for (const [viewport, size] of VIEWPORTS) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor2);
      await page.goto('/case-notes/review');
      const item = page.getByTestId('review-group-item').first();
      await item.getByText('Managing Exam Anxiety').waitFor();
      await screenshot(page, `review-queue-group-notes-${size}`);
      await check(page, viewport);
      await item.getByRole('link', { name: /Review the group note of Managing Exam Anxiety/ }).click();
      await page.getByRole('heading', { name: 'Group note: Managing Exam Anxiety' }).waitFor();
      await page.getByText('Worry the night before an exam').waitFor();
      await screenshot(page, `group-note-review-${size}`);
      await check(page, viewport);
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Co-sign' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Co-sign' }).click();
        await page.getByTestId('group-note-cosigned').waitFor();
        await page.goto('/case-notes/review');
        await page.getByText('No notes to review').waitFor();
      }
      await context.close();
    }
  });
});
