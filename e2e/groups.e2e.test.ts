import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, type ApiSession } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Groups and workshops (decisions 0277-0280): a counselor creates a group series and sees the clash with the
// co-facilitator's appointment named; a student signs up for a full workshop, waits, and takes the seat a
// cancellation frees; a facilitator records attendance of a held session.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Slots { starts: { time: string; appointment_date: string }[] }

/** A date ahead and a time free for both counselors (the company's wall time and the instant). */
async function freeForBoth(admin: ApiSession, a: number, b: number): Promise<{ date: string; time: string; instant: string }> {
  for (let days = 20; days < 60; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const first = await apiCall<Slots>(server, admin, 'GET', `/api/appointments/available-slots?counselor_id=${a}&date=${date}`);
    const second = await apiCall<Slots>(server, admin, 'GET', `/api/appointments/available-slots?counselor_id=${b}&date=${date}`);
    const both = first.starts.find((s) => s.time >= '09:00' && second.starts.some((o) => o.appointment_date === s.appointment_date));
    if (both) return { date, time: both.time, instant: both.appointment_date };
  }
  throw new Error('no time free for both counselors');
}

describe('groups and workshops', () => {
  it('a counselor creates a group series: the clash with the co-facilitator is named, then the group is created', { timeout: 300_000 }, async () => {
    const admin = await apiLogin(server, DEMO.admin);
    const lead = await apiLogin(server, DEMO.counselor);
    const co = await apiLogin(server, DEMO.counselor2);
    const student = await apiLogin(server, DEMO.student);
    const categories = await apiCall<{ data: { id: number; title: string }[] }>(server, admin, 'GET', '/api/categories?per_page=5');
    const slot = await freeForBoth(admin, lead.user.id, co.user.id);
    // The co-facilitator is booked at the third session's time.
    const third = await apiCall<Slots>(server, admin, 'GET', `/api/appointments/available-slots?counselor_id=${co.user.id}&date=${new Date(Date.parse(slot.instant) + 14 * 86_400_000).toISOString().slice(0, 10)}`);
    const clashAt = third.starts.find((s) => s.time === slot.time);
    expect(clashAt, 'the co-facilitator is free at the third session before the booking').toBeDefined();
    await apiCall(server, admin, 'POST', '/api/appointments', { counselor_id: co.user.id, student_id: student.user.id, appointment_date: clashAt!.appointment_date, reason: 'Individual session', category_id: categories.data[0].id, location_type: 'online' });

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    await page.goto('/groups');
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await page.getByTestId('group-card').first().waitFor();
    await page.getByRole('button', { name: 'New group' }).click();
    const form = page.getByRole('dialog', { name: 'New group' });
    await form.getByLabel('Name').fill('Grief Support Circle');
    await form.getByLabel('Category').selectOption(String(categories.data[0].id));
    await form.getByLabel('Capacity (seats)').fill('6');
    await form.getByLabel('Room').fill('Room 3');
    await form.getByLabel('Co-facilitator').selectOption(String(co.user.id));
    await form.getByLabel('First session').fill(slot.date);
    await form.getByLabel('Time').fill(slot.time);
    await form.getByLabel('Number of sessions').fill('4');
    await form.getByRole('button', { name: 'Check sessions' }).click();
    const plan = form.getByTestId('group-plan');
    await plan.waitFor();
    await expect.poll(() => plan.locator('li').count()).toBe(4);
    await plan.getByText(`${co.user.name}: Already has an appointment or group at this time.`).waitFor();
    expect(await plan.locator('li.border-error').count()).toBe(1);
    await screenshot(page, 'groups-clash-1280');
    // Creating anyway is refused, naming the session and the co-facilitator.
    await form.getByRole('button', { name: 'Create group' }).click();
    const error = form.getByTestId('group-form-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(`Session 3 of 4`);
    expect(await error.textContent()).toContain(co.user.name);
    // Without the co-facilitator the series is free.
    await form.getByLabel('Co-facilitator').selectOption('');
    await form.getByRole('button', { name: 'Create group' }).click();
    await toast(page, 'Group created');
    const detail = page.getByTestId('group-detail');
    await detail.getByRole('heading', { name: 'Grief Support Circle' }).waitFor();
    expect(await detail.getByText('Upcoming').count()).toBe(4);
    // A member is added by name.
    await detail.getByLabel('Find a client to add').fill('Sam');
    await detail.getByRole('button', { name: 'Find' }).click();
    await detail.getByRole('button', { name: 'Add' }).first().click();
    await toast(page, `${student.user.name} added`);
    await detail.getByText(student.user.name, { exact: true }).waitFor();
    await screenshot(page, 'groups-detail-1280');
    await expectAccessible(page);
    await context.close();

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.counselor);
    await phone.page.goto('/groups');
    await phone.page.getByTestId('group-card').first().waitFor();
    await phone.page.getByRole('button', { name: 'New group' }).click();
    await phone.page.getByRole('dialog', { name: 'New group' }).getByLabel('Name').waitFor();
    await screenshot(phone.page, 'groups-new-375');
    await phone.page.getByRole('dialog', { name: 'New group' }).getByRole('button', { name: 'Close', exact: true }).click();
    expect(await overflowing(phone.page)).toEqual([]);
    await screenshot(phone.page, 'groups-375');
    await phone.context.close();
  });

  it('a student signs up for a full workshop: waits, and takes the seat a cancellation frees', { timeout: 300_000 }, async () => {
    const personnel = await apiLogin(server, DEMO.personnel);
    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.student);
    await phone.page.goto('/workshops');
    await phone.page.getByRole('heading', { name: 'Workshops', level: 1 }).waitFor();
    const card = phone.page.getByTestId('workshop-card').filter({ hasText: 'Stress Management Before Exams' });
    await card.getByText('Full', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Sign up' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(phone.page, 'You are on the waitlist');
    await card.getByText('On the waitlist').waitFor();
    // The closed group the student is in shows its coming sessions.
    await phone.page.getByTestId('my-group-sessions').getByText('Managing Exam Anxiety').first().waitFor();
    expect(await overflowing(phone.page)).toEqual([]);
    await screenshot(phone.page, 'workshops-waiting-375');

    // Paula Personnel cancels her seat: it is held for the student, first in line.
    const workshops = await apiCall<{ data: { uuid: string; name: string }[] }>(server, personnel, 'GET', '/api/workshops');
    const stress = workshops.data.find((w) => w.name === 'Stress Management Before Exams')!;
    await apiCall(server, personnel, 'DELETE', `/api/workshops/${stress.uuid}/sign-up`);
    await phone.page.reload();
    await card.getByText(/A seat is held for you until/).waitFor();
    await screenshot(phone.page, 'workshops-offered-375');
    await card.getByRole('button', { name: 'Take the seat' }).click();
    await toast(phone.page, 'You are signed up');
    await card.getByText('You are signed up', { exact: true }).first().waitFor();
    await card.getByRole('button', { name: 'Cancel my sign-up' }).waitFor();
    await phone.context.close();

    const desk = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(desk.page, DEMO.student);
    await desk.page.goto('/workshops');
    await desk.page.getByTestId('workshop-card').first().waitFor();
    await screenshot(desk.page, 'workshops-1280');
    await expectAccessible(desk.page);
    // Paula cannot take her seat back: the workshop is full again.
    const res = await fetch(`${server.baseURL}/api/workshops/${stress.uuid}/sign-up`, { method: 'POST', headers: { Authorization: `Bearer ${personnel.token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(409);
    await desk.context.close();
  });

  it('a facilitator records attendance of a held session', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    await page.goto('/groups');
    await page.getByRole('button', { name: 'Open Managing Exam Anxiety' }).click();
    const detail = page.getByTestId('group-detail');
    await detail.getByRole('heading', { name: 'Managing Exam Anxiety' }).waitFor();
    const buttons = detail.getByRole('button', { name: 'Attendance' });
    await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(2);
    await buttons.nth(1).click();
    const dialog = page.getByRole('dialog', { name: /Attendance/ });
    const sam = dialog.getByRole('group', { name: 'Sam Estudyante' });
    await sam.waitFor();
    await sam.getByLabel('Late cancellation').check();
    for (const row of await dialog.getByRole('group').all()) {
      if ((await row.getByRole('radio', { checked: true }).count()) === 0) await row.getByLabel('Present').check();
    }
    await screenshot(page, 'groups-attendance-1280');
    await dialog.getByRole('button', { name: 'Save attendance' }).click();
    await toast(page, 'Attendance saved');
    // Reopened, the outcomes are as recorded.
    await buttons.nth(1).click();
    await expect.poll(() => page.getByRole('dialog', { name: /Attendance/ }).getByRole('group', { name: 'Sam Estudyante' }).getByLabel('Late cancellation').isChecked()).toBe(true);
    await expectAccessible(page);
    await context.close();

    const phone = await newPage(browser, server.baseURL, PHONE);
    await signIn(phone.page, DEMO.counselor);
    await phone.page.goto('/groups');
    await phone.page.getByRole('button', { name: 'Open Managing Exam Anxiety' }).click();
    await phone.page.getByTestId('group-detail').getByRole('button', { name: 'Attendance' }).first().click();
    await phone.page.getByRole('dialog', { name: /Attendance/ }).getByRole('group', { name: 'Sam Estudyante' }).waitFor();
    await screenshot(phone.page, 'groups-attendance-375');
    await phone.context.close();
  });
});
