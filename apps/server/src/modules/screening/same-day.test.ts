// Same-day slots (decision 0165): held times are never offered or booked in the normal way (available slots and
// days, the booking route, a series) and are booked from an urgent case, in one transaction with the case's mark;
// two counselors taking the last held slot at once, or booking one case twice at once: one wins.
import { CASE_ALREADY_BOOKED } from '@kalinga/contracts/screening/same-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { HELD_SLOT_MESSAGE } from '../appointments/slot-check';
import { addCategory, instantOf, setWeek, slotsOf } from '../../../test/schedule/schedule-helpers';
import { call } from '../../../test/screening/screening-helpers';
import { addDaysToDate, localDateOf } from '@kalinga/contracts/zone-time';

let t: TestApp;
let admin: Actor;
let ana: Actor; // holds 09:00 and 10:00 every day
let ben: Actor; // holds nothing
let cy: Actor; // holds every slot of his (short) days
let other: Actor;
let otherCounselor: Actor;
let categoryId: number;
let zone: string;

// Held slots are booked today only and from now on: the company's zone is chosen so that it is about 06:00 there
// now, whatever the hour the test runs at, so 09:00 and 10:00 are still ahead.
function zoneNearSixAm(): string {
  const offset = ((6 - new Date().getUTCHours() + 36) % 24) - 12;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const today = () => localDateOf(new Date(), zone);

const week = (extra: Record<string, unknown> = {}) =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, is_available: true, start_time: '08:00', end_time: '17:00', break_start: '12:00', break_end: '13:00', ...extra }));

async function raiseCase(): Promise<number> {
  const client = await addUser(t.app, admin.companyId, { userType: 'student' });
  const res = await call(t.app, client, 'POST', '/api/urgent-cases');
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function heldSlots(by: Actor) {
  const res = await call(t.app, by, 'GET', '/api/same-day-slots');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slots as { counselor_id: number; counselor_name: string; time: string; appointment_date: string }[];
}

const book = (by: Actor, caseId: number, counselorId: number, at: string) =>
  call(t.app, by, 'POST', `/api/urgent-cases/${caseId}/book`, { counselor_id: counselorId, appointment_date: at });

beforeAll(async () => {
  t = await createTestApp();
  zone = zoneNearSixAm();
  admin = await registerCompany(t.app, 'Same-Day Centre');
  await t.db.updateTable('companies').set({ timezone: zone }).where('id', '=', admin.companyId).execute();
  categoryId = await addCategory(t.app, admin.companyId);
  ana = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Ana Held' });
  ben = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Ben Plain' });
  cy = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Cy Allheld' });
  await setWeek(t.app, ana, week({ held_times: ['09:00', '10:00'] }));
  await setWeek(t.app, ben, week());
  await setWeek(t.app, cy, week({ start_time: '14:00', end_time: '16:00', break_start: null, break_end: null, held_times: ['14:00', '15:00'] }));
  other = await registerCompany(t.app, 'Other Centre');
  otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
});
afterAll(async () => t?.close());

describe('a counselor holds slots in the weekly schedule', () => {
  it('saves and reads the held times with the slot length; a time that is not a slot is refused; left out, they are kept', async () => {
    const res = await call(t.app, ana, 'GET', '/api/counselor/schedule');
    expect(res.json().slot_minutes).toBe(60);
    expect(res.json().schedule[0].held_times).toEqual(['09:00', '10:00']);
    const bad = await call(t.app, ana, 'POST', '/api/counselor/schedule', { schedule: [{ ...week()[0], held_times: ['09:30'] }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['schedule.0.held_times']).toBeDefined();
    const kept = await call(t.app, ana, 'POST', '/api/counselor/schedule', { schedule: [week()[0]] });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().schedule[0].held_times).toEqual(['09:00', '10:00']);
  });
});

describe('held slots are not bookable in the normal way', () => {
  it('available slots leave them out; available days leave out a day whose every slot is held', async () => {
    const times = (await slotsOf(t.app, admin, ana.user.id, addDaysToDate(today(), 1))).json().slots as string[];
    expect(times).toContain('11:00');
    expect(times).not.toContain('09:00');
    expect(times).not.toContain('10:00');
    const month = addDaysToDate(today(), 1).slice(0, 7);
    const days = (await call(t.app, admin, 'GET', `/api/appointments/available-days?counselor_id=${cy.user.id}&month=${month}`)).json();
    expect(days).toMatchObject({ days: [], next_available: null });
  });

  it('the booking route refuses a held time (422), and a series finds it held', async () => {
    const date = addDaysToDate(today(), 2);
    const held = new Date(Date.parse(await instantOf(t.app, admin, ana.user.id, date, '11:00')) - 3_600_000).toISOString();
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    const single = { counselor_id: ana.user.id, student_id: client.user.id, appointment_date: held, reason: 'Talk', category_id: categoryId, location_type: 'online' };
    const refused = await call(t.app, admin, 'POST', '/api/appointments', single);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.appointment_date).toEqual([HELD_SLOT_MESSAGE]);
    const preview = await call(t.app, admin, 'POST', '/api/appointment-series/preview', { ...single, frequency: 'weekly', count: 3 });
    expect(preview.statusCode, preview.body).toBe(200);
    const occurrences = preview.json().data.occurrences as { problem: { code: string } | null; suggestions: { appointment_date: string }[] }[];
    expect(occurrences.map((o) => o.problem?.code)).toEqual(['held', 'held', 'held']);
    expect(occurrences[0].suggestions.map((s) => s.appointment_date)).not.toContain(held);
  });
});

describe('booking an urgent case into a same-day slot', () => {
  it("lists today's free held slots, the asker's own first; a client, a manager and another company's counselor see none of them", async () => {
    const slots = await heldSlots(ben);
    expect(slots.map((s) => [s.counselor_name, s.time])).toEqual([['Ana Held', '09:00'], ['Ana Held', '10:00'], ['Cy Allheld', '14:00'], ['Cy Allheld', '15:00']]);
    expect((await heldSlots(cy)).slice(0, 2).map((s) => s.time)).toEqual(['14:00', '15:00']);
    expect(await heldSlots(otherCounselor)).toEqual([]);
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await call(t.app, client, 'GET', '/api/same-day-slots')).statusCode).toBe(403);
    expect((await call(t.app, admin, 'GET', '/api/same-day-slots')).statusCode).toBe(403);
  });

  it('books the case (confirmed, the case acknowledged and marked booked); the Triage list says so', async () => {
    const caseId = await raiseCase();
    const slot = (await heldSlots(ben)).find((s) => s.counselor_name === 'Ana Held' && s.time === '09:00')!;
    const res = await book(ben, caseId, ana.user.id, slot.appointment_date);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ appointment_date: slot.appointment_date, counselor_name: 'Ana Held' });
    const row = await t.db.selectFrom('urgent_cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ acknowledged_by: ben.user.id });
    const appointment = await t.db.selectFrom('appointments').selectAll().where('id', '=', row.appointment_id!).executeTakeFirstOrThrow();
    expect(appointment).toMatchObject({ status: 'confirmed', counselor_id: ana.user.id, appointment_date: slot.appointment_date, reason: 'Academic Stress' });
    const item = ((await call(t.app, ana, 'GET', '/api/triage')).json().data as { id: number; kind: string; action: string; booked_at: string }[]).find((i) => i.kind === 'urgent' && i.id === caseId);
    expect(item).toMatchObject({ action: 'Same-day session booked with Ana Held', booked_at: slot.appointment_date });
    expect((await heldSlots(ben)).map((s) => s.time)).not.toContain('09:00');
    // Booked once: again is 409, and the case keeps its session.
    const again = await book(ana, caseId, ana.user.id, (await heldSlots(ana))[0].appointment_date);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CASE_ALREADY_BOOKED);
  });

  it('refuses a normal slot and bad input (422), another company (404), a client and a manager (403)', async () => {
    const caseId = await raiseCase();
    const normal = await instantOf(t.app, admin, ana.user.id, today(), '11:00');
    expect((await book(ben, caseId, ana.user.id, normal)).statusCode).toBe(422);
    expect((await book(ben, caseId, ana.user.id, 'soon')).statusCode).toBe(422);
    expect((await book(ben, caseId, otherCounselor.user.id, (await heldSlots(ben))[0].appointment_date)).statusCode).toBe(422);
    const slot = (await heldSlots(ben))[0];
    expect((await book(otherCounselor, caseId, ana.user.id, slot.appointment_date)).statusCode).toBe(404);
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await book(client, caseId, ana.user.id, slot.appointment_date)).statusCode).toBe(403);
    expect((await book(admin, caseId, ana.user.id, slot.appointment_date)).statusCode).toBe(403);
    const row = await t.db.selectFrom('urgent_cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ appointment_id: null, acknowledged_at: null });
  });
});

describe('races', () => {
  it('two counselors book two cases into the last held slot at once: one wins, the other case is left as it was', async () => {
    // Ana's 09:00 went to the case above: her 10:00 is the last held slot she has.
    const [first, second] = [await raiseCase(), await raiseCase()];
    const last = (await heldSlots(ben)).find((s) => s.counselor_name === 'Ana Held')!;
    const replies = await Promise.all([book(ben, first, ana.user.id, last.appointment_date), book(cy, second, ana.user.id, last.appointment_date)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const live = await t.db.selectFrom('appointments').select('id').where('counselor_id', '=', ana.user.id).where('appointment_date', '=', last.appointment_date).execute();
    expect(live).toHaveLength(1);
    const cases = await t.db.selectFrom('urgent_cases').select(['id', 'appointment_id', 'acknowledged_at']).where('id', 'in', [first, second]).execute();
    const booked = cases.filter((c) => c.appointment_id !== null);
    expect(booked.map((c) => c.appointment_id)).toEqual([live[0].id]);
    // The loser's case was not half-written: still open, no session.
    expect(cases.find((c) => c.appointment_id === null)?.acknowledged_at).toBeNull();
  });

  it('two counselors book one case into two slots at once: one session', async () => {
    const caseId = await raiseCase();
    const slots = (await heldSlots(ben)).filter((s) => s.counselor_name === 'Cy Allheld');
    expect(slots).toHaveLength(2);
    const replies = await Promise.all([book(ben, caseId, cy.user.id, slots[0].appointment_date), book(ana, caseId, cy.user.id, slots[1].appointment_date)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const sessions = await t.db.selectFrom('appointments').select('id').where('counselor_id', '=', cy.user.id).where('status', '=', 'confirmed').execute();
    expect(sessions).toHaveLength(1);
  });
});

describe('what the session says outside the care team (decision 0376)', () => {
  it('a manager and the client read it as any confirmed booking: its reason is the category, no reply says same-day or urgent', async () => {
    const dee = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Dee Late' });
    await setWeek(t.app, dee, week({ held_times: ['16:00'] }));
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    const opened = await call(t.app, client, 'POST', '/api/urgent-cases');
    expect(opened.statusCode).toBe(201);
    const slot = (await heldSlots(ben)).find((s) => s.counselor_name === 'Dee Late')!;
    const booked = await book(ben, opened.json().id as number, dee.user.id, slot.appointment_date);
    expect(booked.statusCode, booked.body).toBe(201);
    const uuid = booked.json().appointment_uuid as string;
    const category = await t.db.selectFrom('categories').select('title').where('company_id', '=', admin.companyId).where('kind', '=', 'counselling').orderBy('id').executeTakeFirstOrThrow();
    const reads: [Actor, string][] = [
      [admin, '/api/appointments?per_page=100'],
      [admin, `/api/appointments/${uuid}`],
      [admin, `/api/appointments/${uuid}/history`],
      [admin, `/api/appointments/calendar?counselor_id=${dee.user.id}&from=${today()}&days=1`],
      [client, '/api/appointments?per_page=100'],
      [client, `/api/appointments/${uuid}`],
      [client, '/api/notifications'],
    ];
    for (const [reader, url] of reads) {
      const res = await call(t.app, reader, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      // (The company is the Same-Day Centre: its name is the session's place.)
      expect(res.body, url).not.toMatch(/same-day session|urgent/i);
    }
    expect((await call(t.app, client, 'GET', `/api/appointments/${uuid}`)).json().data).toMatchObject({ status: 'confirmed', reason: category.title });
    // A manager outside the care team reads no reason at all (decision 0377).
    expect((await call(t.app, admin, 'GET', `/api/appointments/${uuid}`)).json().data).toMatchObject({ status: 'confirmed', reason: null });
  });
});
