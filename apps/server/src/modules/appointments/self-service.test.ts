import { SLOT_TAKEN_MESSAGE } from '@kalinga/contracts/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek, slotsOf } from '../../../test/schedule/schedule-helpers';

// A client cancels or moves their own appointment (decision 0057). Run on PostgreSQL too (npm run test:pg).
let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let personnel: Actor;
let otherStudent: Actor;
let outsider: Actor;
let categoryId: number;
let day = 2;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Self Service School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carmen Counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Bea Santos' });
  personnel = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Pia Staff' });
  otherStudent = await addUser(t.app, admin.companyId, { userType: 'student' });
  outsider = await registerCompany(t.app, 'Elsewhere College');
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  await settings({ students_can_book: true });
});
afterAll(async () => t?.close());

const post = (actor: Actor, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: actor.headers, payload });
const cancel = (actor: Actor, uuid: string, payload: object = {}) => post(actor, `/api/appointments/${uuid}/cancel`, payload);
const reschedule = (actor: Actor, uuid: string, at: string) => post(actor, `/api/appointments/${uuid}/reschedule`, { appointment_date: at });
const history = async (uuid: string) => (await t.app.inject({ method: 'GET', url: `/api/appointments/${uuid}/history`, headers: counselor.headers })).json().data;
const show = async (uuid: string) => (await t.app.inject({ method: 'GET', url: `/api/appointments/${uuid}`, headers: admin.headers })).json().data;

async function settings(payload: object): Promise<void> {
  const res = await post(admin, '/api/settings', payload);
  expect(res.statusCode, res.body).toBe(200);
}

/** A fresh day's slot at `time`, booked by `client`; returns its uuid, date and instant. */
async function booked(client: Actor = student, time = '09:00'): Promise<{ uuid: string; date: string; at: string }> {
  const date = daysAhead(day++);
  const at = await instantOf(t.app, client, counselor.user.id, date, time);
  const res = await post(client, '/api/appointments', { counselor_id: counselor.user.id, appointment_date: at, reason: 'Exam stress', category_id: categoryId, location_type: 'online' });
  expect(res.statusCode, res.body).toBe(201);
  return { uuid: res.json().data.uuid, date, at };
}

describe('a client cancels their own appointment', () => {
  it('cancels a pending appointment with a reason the counselor sees in the history, with who and when', async () => {
    const { uuid } = await booked();
    const res = await cancel(student, uuid, { reason: '  Family emergency  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    const last = (await history(uuid)).at(-1);
    expect(last).toMatchObject({ from_status: 'pending', to_status: 'cancelled', changed_by: { id: student.user.id, name: 'Bea Santos' }, reason: 'Family emergency', previous_date: null });
    expect(Date.parse(last.changed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('cancels a confirmed appointment without a reason; a repeat answers 200 without a second history row', async () => {
    const { uuid } = await booked(personnel);
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: counselor.headers, payload: { status: 'confirmed' } })).statusCode).toBe(200);
    expect((await cancel(personnel, uuid)).statusCode).toBe(200);
    const again = await cancel(personnel, uuid, { reason: 'Again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('cancelled');
    const rows = await history(uuid);
    expect(rows.map((r: { to_status: string }) => r.to_status)).toEqual(['pending', 'confirmed', 'cancelled']);
    expect(rows[2].reason).toBeNull();
  });

  it("someone else's appointment is invisible (404), in the same company or another", async () => {
    const { uuid } = await booked();
    expect((await cancel(otherStudent, uuid)).statusCode).toBe(404);
    expect((await cancel(outsider, uuid)).statusCode).toBe(404);
    expect((await reschedule(otherStudent, uuid, new Date().toISOString())).statusCode).toBe(404);
    expect((await show(uuid)).status).toBe('pending');
  });

  it("the counselor (who sees it) is refused (403: they change status instead); no 'view appointments' is 403", async () => {
    const { uuid } = await booked();
    expect((await cancel(counselor, uuid)).statusCode).toBe(403);
    const noRole = await addUser(t.app, admin.companyId, { userType: 'student', roles: [] });
    expect((await cancel(noRole, uuid)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/appointments/${uuid}/cancel`, payload: {} })).statusCode).toBe(401);
    expect((await show(uuid)).status).toBe('pending');
  });

  it('inside the notice period: cancelled and recorded as late; in good time it is not late', async () => {
    const early = await booked();
    const inTime = await cancel(student, early.uuid);
    expect(inTime.json().data).toMatchObject({ status: 'cancelled', late_cancellation: false });
    const { uuid } = await booked();
    await settings({ cancellation_notice_hours: 720 });
    try {
      const res = await cancel(student, uuid, { reason: 'Late' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', late_cancellation: true });
    } finally {
      await settings({ cancellation_notice_hours: 24 });
    }
    expect(await show(uuid)).toMatchObject({ status: 'cancelled', late_cancellation: true });
    expect((await history(uuid)).at(-1)).toMatchObject({ to_status: 'cancelled', reason: 'Late' });
  });

  it('with a notice of 0, until it starts; a started one says so', async () => {
    const { uuid } = await booked();
    await t.db.updateTable('appointments').set({ appointment_date: new Date(Date.now() - 60_000).toISOString() }).where('uuid', '=', uuid).execute();
    await settings({ cancellation_notice_hours: 0 });
    try {
      const res = await cancel(student, uuid);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This appointment has already started and can no longer be cancelled here. Please contact Carmen Counselor.');
      const soon = await booked();
      await t.db.updateTable('appointments').set({ appointment_date: new Date(Date.now() + 5 * 60_000).toISOString() }).where('uuid', '=', soon.uuid).execute();
      expect((await cancel(student, soon.uuid)).statusCode).toBe(200);
    } finally {
      await settings({ cancellation_notice_hours: 24 });
    }
  });

  it('bad input: a reason over 500 characters or not text is 422; a completed appointment cannot be cancelled', async () => {
    const { uuid } = await booked();
    const long = await cancel(student, uuid, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.reason).toEqual(['The reason may not be greater than 500 characters.']);
    expect((await cancel(student, uuid, { reason: 12 })).statusCode).toBe(422);
    await t.db.updateTable('appointments').set({ status: 'completed' }).where('uuid', '=', uuid).execute();
    const done = await cancel(student, uuid);
    expect(done.statusCode).toBe(422);
    expect(done.json().message).toBe('Only pending or confirmed appointments can be cancelled.');
  });
});

describe('a client reschedules their own appointment', () => {
  it('moves it to another free slot of the same counselor: the old slot is freed, the new one taken, pending again, in the history', async () => {
    const { uuid, date, at } = await booked(personnel, '10:00');
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: counselor.headers, payload: { status: 'confirmed' } })).statusCode).toBe(200);
    const target = await instantOf(t.app, personnel, counselor.user.id, date, '14:00');
    const res = await reschedule(personnel, uuid, target);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ appointment_date: target, local_date: date, status: 'pending' });
    const free = (await slotsOf(t.app, personnel, counselor.user.id, date)).json().slots;
    expect(free).toContain('10:00');
    expect(free).not.toContain('14:00');
    expect((await history(uuid)).at(-1)).toMatchObject({ from_status: 'confirmed', to_status: 'pending', changed_by: { id: personnel.user.id, name: 'Pia Staff' }, previous_date: at, new_date: target });

    // The same move again has no second effect.
    const again = await reschedule(personnel, uuid, target.replace('.000Z', 'Z'));
    expect(again.statusCode).toBe(200);
    expect((await history(uuid)).filter((r: { new_date: string | null }) => r.new_date !== null)).toHaveLength(1);
  });

  it("into a taken slot: 409 'This time slot is no longer available'; the appointment stays where it was", async () => {
    const mine = await booked(student, '09:00');
    const takenAt = await instantOf(t.app, personnel, counselor.user.id, mine.date, '11:00');
    const other = await post(personnel, '/api/appointments', { counselor_id: counselor.user.id, appointment_date: takenAt, reason: 'Other', category_id: categoryId, location_type: 'online' });
    expect(other.statusCode).toBe(201);
    const res = await reschedule(student, mine.uuid, takenAt);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLOT_TAKEN_MESSAGE);
    expect((await show(mine.uuid)).appointment_date).toBe(mine.at);
  });

  it('only to a slot on the schedule: off-schedule times, excluded dates and past times are 422; bad dates too', async () => {
    const { uuid, date, at } = await booked();
    const offSchedule = new Date(Date.parse(at) + 30 * 60_000).toISOString();
    expect((await reschedule(student, uuid, offSchedule)).json().errors.appointment_date).toEqual(["The selected time is not one of the counselor's available time slots."]);
    const excludedDay = daysAhead(day++);
    const onExcluded = await instantOf(t.app, student, counselor.user.id, excludedDay, '15:00');
    expect((await post(counselor, '/api/counselor/excluded-dates', { dates: [{ date: excludedDay }] })).statusCode).toBe(201);
    expect((await reschedule(student, uuid, onExcluded)).statusCode).toBe(422);
    const past = await reschedule(student, uuid, new Date(Date.now() - 3 * 86_400_000).toISOString());
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.appointment_date).toEqual(['The appointment date must be today or later.']);
    const bad = await reschedule(student, uuid, 'next tuesday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.appointment_date).toEqual(['The appointment date must be a valid date and time.']);
    expect((await post(student, `/api/appointments/${uuid}/reschedule`, {})).statusCode).toBe(422);
    expect((await show(uuid)).appointment_date).toBe(at);
    expect(date).toBeTruthy();
  });

  it('after the notice period, or once cancelled, it cannot be moved (422); students may not when students cannot book (403)', async () => {
    const { uuid, date } = await booked();
    const target = await instantOf(t.app, student, counselor.user.id, date, '15:00');
    await settings({ cancellation_notice_hours: 720 });
    try {
      const late = await reschedule(student, uuid, target);
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toBe('Appointments can be rescheduled here up to 720 hours before they start. Please contact Carmen Counselor.');
    } finally {
      await settings({ cancellation_notice_hours: 24 });
    }
    await settings({ students_can_book: false });
    try {
      expect((await reschedule(student, uuid, target)).statusCode).toBe(403);
    } finally {
      await settings({ students_can_book: true });
    }
    expect((await cancel(student, uuid)).statusCode).toBe(200);
    const gone = await reschedule(student, uuid, target);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe('Only pending or confirmed appointments can be rescheduled.');
  });
});

describe('the cancellation notice setting', () => {
  it('defaults to 24, saves 0, and refuses what is not a whole number of hours from 0 to 720', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: student.headers })).json().cancellation_notice_hours).toBe(24);
    for (const bad of [-1, 1.5, 721, 'twelve']) {
      const res = await post(admin, '/api/settings', { cancellation_notice_hours: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.cancellation_notice_hours).toEqual(['The cancellation notice must be a whole number of hours from 0 to 720 (0 lets clients cancel until the appointment starts).']);
    }
    expect((await post(admin, '/api/settings', { cancellation_notice_hours: null })).json().errors.cancellation_notice_hours).toEqual(['The cancellation notice hours field is required.']);
    const zero = await post(admin, '/api/settings', { cancellation_notice_hours: 0 });
    expect(zero.json().cancellation_notice_hours).toBe(0);
    await settings({ cancellation_notice_hours: 24 });
    expect((await post(student, '/api/settings', { cancellation_notice_hours: 1 })).statusCode).toBe(403);
  });
});
