import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { nowIso } from '../../lib/clock';
import { addCategory, daysAhead, instantOf, setWeek, slotsOf } from '../../../test/schedule/schedule-helpers';
import { isUniqueViolation } from '../../lib/db-errors';
import { localDateOf } from '@kalinga/contracts/zone-time';

let t: TestApp;
let admin: Actor; // manager: 'manage appointments', not a counselor
let counselor: Actor;
let counselor2: Actor;
let student: Actor;
let student2: Actor;
let personnel: Actor;
let noRights: Actor;
let categoryId: number;
let other: Actor;
let otherCounselor: Actor;
let otherCategoryId: number;

const SLOT_TAKEN = 'This time slot is no longer available';

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Booking School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carmen Counselor' });
  counselor2 = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Jose Counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Bea Santos', extra: { student_id: '2025-001' } });
  student2 = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Miguel Reyes' });
  personnel = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Paula Cruz' });
  noRights = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: [] });
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  await setWeek(t.app, counselor2);
  other = await registerCompany(t.app, 'Other School');
  otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
  otherCategoryId = await addCategory(t.app, other.companyId, 'Other category');
  await setWeek(t.app, otherCounselor);
});
afterAll(async () => {
  await t.close();
});

let dayCounter = 1;
/** A fresh future day for each test, so tests do not take each other's slots. */
const freshDay = () => daysAhead(dayCounter++);

function bookBody(counselorId: number, appointmentDate: string, extra: Record<string, unknown> = {}) {
  return { counselor_id: counselorId, appointment_date: appointmentDate, reason: 'Feeling overwhelmed', category_id: categoryId, location_type: 'online', ...extra };
}
const book = (actor: Actor, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/appointments', headers: actor.headers, payload: payload as object });
const put = (actor: Actor, uuid: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: actor.headers, payload: payload as object });
const list = (actor: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/appointments${query}`, headers: actor.headers });
const counts = (actor: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/appointments/counts${query}`, headers: actor.headers });
const show = (actor: Actor, uuid: string, suffix = '') => t.app.inject({ method: 'GET', url: `/api/appointments/${uuid}${suffix}`, headers: actor.headers });
const del = (actor: Actor, uuid: string) => t.app.inject({ method: 'DELETE', url: `/api/appointments/${uuid}`, headers: actor.headers });

/** Books through the API as personnel (or a counselor for a student) and returns the appointment. */
async function booked(by: Actor = personnel, counselorActor: Actor = counselor, time = '09:00', extra: Record<string, unknown> = {}) {
  const date = freshDay();
  const at = await instantOf(t.app, by, counselorActor.user.id, date, time);
  const res = await book(by, bookBody(counselorActor.user.id, at, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; id: number; status: string; appointment_date: string; notes?: string | null };
}

/** Inserts an appointment straight into the table (any status, any time, even past). */
async function inserted(status: 'pending' | 'confirmed' | 'completed' | 'cancelled', startIso: string, client: Actor = student, counselorActor: Actor = counselor, companyId = admin.companyId, category = categoryId) {
  const now = nowIso();
  const uuid = randomUUID();
  await t.db
    .insertInto('appointments')
    .values({
      uuid,
      company_id: companyId,
      counselor_id: counselorActor.user.id,
      client_id: client.user.id,
      category_id: category,
      appointment_date: startIso,
      local_date: localDateOf(startIso, 'Asia/Manila'),
      duration_minutes: 60,
      reason: `Inserted ${status}`,
      status,
      location_type: 'on-site',
      location: 'Room 101',
      user_type: client.user.user_type === 'personnel' ? 'personnel' : 'student',
      notes: 'Confidential note',
      created_by: counselorActor.user.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return uuid;
}
const hoursFromNow = (h: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + h * 3_600_000).toISOString();
let pastHour = 24 * 500;
/** Moves a booked appointment into the past: a session is completed only after it has started. */
async function startedAlready(uuid: string): Promise<void> {
  await t.db.updateTable('appointments').set({ appointment_date: hoursFromNow(-pastHour++) }).where('uuid', '=', uuid).execute();
}

describe('available slots', () => {
  it("lists the counselor's free slots with their instants", async () => {
    const date = freshDay();
    const res = await slotsOf(t.app, student, counselor.user.id, date);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slots).toEqual(['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    expect(body.timezone).toBe('Asia/Manila');
    expect(body.duration_minutes).toBe(60);
    expect(body.starts[0]).toEqual({ time: '08:00', appointment_date: `${date}T00:00:00.000Z` });
  });

  it('drops a booked slot until it is cancelled, and an excluded date entirely', async () => {
    const a = await booked(personnel, counselor, '10:00');
    const date = localDateOf(a.appointment_date, 'Asia/Manila');
    expect((await slotsOf(t.app, student, counselor.user.id, date)).json().slots).not.toContain('10:00');
    // Editing: the appointment's own slot is offered to whoever can see it.
    expect((await slotsOf(t.app, personnel, counselor.user.id, date, a.uuid)).json().slots).toContain('10:00');
    expect((await slotsOf(t.app, student2, counselor.user.id, date, a.uuid)).json().slots).not.toContain('10:00');
    expect((await put(counselor, a.uuid, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await slotsOf(t.app, student, counselor.user.id, date)).json().slots).toContain('10:00');

    const excluded = freshDay();
    await t.app.inject({ method: 'POST', url: '/api/counselor/excluded-dates', headers: counselor.headers, payload: { dates: [{ date: excluded, reason: 'Training' }] } });
    expect((await slotsOf(t.app, student, counselor.user.id, excluded)).json().slots).toEqual([]);
  });

  it('follows the slot length setting', async () => {
    await t.db.updateTable('settings').set({ appointment_duration_minutes: 30 }).where('company_id', '=', admin.companyId).execute();
    try {
      const res = (await slotsOf(t.app, student, counselor.user.id, freshDay())).json();
      expect(res.slots).toHaveLength(18);
      expect(res.slots.slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
      expect(res.duration_minutes).toBe(30);
    } finally {
      await t.db.updateTable('settings').set({ appointment_duration_minutes: 60 }).where('company_id', '=', admin.companyId).execute();
    }
  });

  it('offers no time that has already started today', async () => {
    const allDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, is_available: true, start_time: '00:00', end_time: '23:00', break_start: null, break_end: null }));
    const c = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    await setWeek(t.app, c, allDay);
    const before = Date.now();
    const res = (await slotsOf(t.app, student, c.user.id, daysAhead(0))).json();
    for (const s of res.starts) expect(Date.parse(s.appointment_date)).toBeGreaterThan(before);
    const localHour = Number(new Date(before + 8 * 3_600_000).toISOString().slice(11, 13));
    expect(res.slots.length).toBe(Math.max(0, 23 - localHour - 1));
    // Yesterday: nothing.
    expect((await slotsOf(t.app, student, c.user.id, daysAhead(-1))).json().slots).toEqual([]);
  });

  it('gets daylight-saving days right in America/New_York', async () => {
    const ny = await registerCompany(t.app, 'New York Centre');
    await t.db.updateTable('companies').set({ timezone: 'America/New_York' }).where('id', '=', ny.companyId).execute();
    const c = await addUser(t.app, ny.companyId, { userType: 'counselor' });
    const night = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, is_available: true, start_time: '00:00', end_time: '05:00', break_start: null, break_end: null }));
    await setWeek(t.app, c, night);
    // The next transitions after the tests' today (the 2026 days are tested in slots.test.ts).
    const spring = (await slotsOf(t.app, ny, c.user.id, '2027-03-14')).json();
    expect(spring.slots).toEqual(['00:00', '01:00', '03:00', '04:00']);
    expect(spring.starts.map((s: { appointment_date: string }) => s.appointment_date)).toEqual(['2027-03-14T05:00:00.000Z', '2027-03-14T06:00:00.000Z', '2027-03-14T07:00:00.000Z', '2027-03-14T08:00:00.000Z']);
    const fall = (await slotsOf(t.app, ny, c.user.id, '2027-11-07')).json();
    expect(fall.slots).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00']);
    expect(fall.starts.map((s: { appointment_date: string }) => s.appointment_date)).toEqual(['2027-11-07T04:00:00.000Z', '2027-11-07T05:00:00.000Z', '2027-11-07T07:00:00.000Z', '2027-11-07T08:00:00.000Z', '2027-11-07T09:00:00.000Z']);
    // Booking the slot after the gap stores the right instant and local date.
    const cat = await addCategory(t.app, ny.companyId);
    const res = await book(ny, { counselor_id: c.user.id, appointment_date: '2027-03-14T03:00:00-04:00', reason: 'DST', category_id: cat, location_type: 'online', student_id: undefined });
    // The NY admin is personnel and books for themself.
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ appointment_date: '2027-03-14T07:00:00.000Z', local_date: '2027-03-14' });
    // 02:30 does not exist that day.
    const gap = await book(ny, { counselor_id: c.user.id, appointment_date: '2027-03-14T07:30:00.000Z', reason: 'DST', category_id: cat, location_type: 'online' });
    expect(gap.statusCode).toBe(422);
  });

  it('validates and scopes: bad input 422, unknown or other-company counselor 404, no permission 403', async () => {
    expect((await slotsOf(t.app, student, counselor.user.id, '2030-02-30')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/available-slots?date=2030-01-01', headers: student.headers })).statusCode).toBe(422);
    expect((await slotsOf(t.app, student, otherCounselor.user.id, freshDay())).statusCode).toBe(404);
    expect((await slotsOf(t.app, student, student2.user.id, freshDay())).statusCode).toBe(404);
    expect((await slotsOf(t.app, noRights, counselor.user.id, freshDay())).statusCode).toBe(403);
  });
});

describe('booking', () => {
  it('lets personnel book a free slot; the reply has the spec fields and no notes', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, personnel, counselor.user.id, date, '13:00');
    const res = await book(personnel, bookBody(counselor.user.id, at, { notes: 'ignored from a client' }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      appointment_date: at,
      local_date: date,
      reason: 'Feeling overwhelmed',
      category_id: categoryId,
      category: { id: categoryId, title: 'Academic Stress' },
      status: 'pending',
      location_type: 'online',
      location: null,
      counselor_id: counselor.user.id,
      counselor: { id: counselor.user.id, name: 'Carmen Counselor' },
      student_id: personnel.user.id,
      student: { id: personnel.user.id, name: 'Paula Cruz' },
      user_type: 'personnel',
      duration_minutes: 60,
      created_by: personnel.user.id,
    });
    expect(data).not.toHaveProperty('notes');
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await t.db.selectFrom('appointments').select('notes').where('uuid', '=', data.uuid).executeTakeFirstOrThrow();
    expect(stored.notes).toBeNull();
  });

  it('needs students_can_book for students', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, student, counselor.user.id, date, '09:00');
    const denied = await book(student, bookBody(counselor.user.id, at));
    expect(denied.statusCode).toBe(403);
    await t.db.updateTable('settings').set({ students_can_book: 1 }).where('company_id', '=', admin.companyId).execute();
    try {
      const res = await book(student, bookBody(counselor.user.id, at));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.user_type).toBe('student');
    } finally {
      await t.db.updateTable('settings').set({ students_can_book: 0 }).where('company_id', '=', admin.companyId).execute();
    }
  });

  it('rejects missing and invalid fields with field messages', async () => {
    const empty = await book(personnel, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(['counselor_id', 'appointment_date', 'reason', 'category_id', 'location_type']));
    const date = freshDay();
    const at = await instantOf(t.app, personnel, counselor.user.id, date, '09:00');
    const onsite = await book(personnel, bookBody(counselor.user.id, at, { location_type: 'on-site', location: '' }));
    expect(onsite.statusCode).toBe(422);
    expect(onsite.json().errors.location).toEqual(['The location field is required when location type is on-site.']);
    const offSlot = await book(personnel, bookBody(counselor.user.id, at.replace('T01:00', 'T01:30')));
    expect(offSlot.statusCode).toBe(422);
    expect(offSlot.json().errors).toHaveProperty('appointment_date');
    const inBreak = await book(personnel, bookBody(counselor.user.id, `${date}T04:00:00.000Z`));
    expect(inBreak.statusCode).toBe(422);
    const past = await book(personnel, bookBody(counselor.user.id, `${daysAhead(-2)}T01:00:00.000Z`));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.appointment_date).toEqual(['The appointment date must be today or later.']);
    const notIso = await book(personnel, bookBody(counselor.user.id, 'tomorrow at nine'));
    expect(notIso.statusCode).toBe(422);
    const otherCategory = await book(personnel, bookBody(counselor.user.id, at, { category_id: otherCategoryId }));
    expect(otherCategory.json().errors.category_id).toEqual(['The selected category is invalid.']);
    const otherCompanyCounselor = await book(personnel, bookBody(otherCounselor.user.id, at));
    expect(otherCompanyCounselor.json().errors.counselor_id).toEqual(['The selected counselor is invalid.']);
    expect((await book(noRights, bookBody(counselor.user.id, at))).statusCode).toBe(403);
    expect(await t.db.selectFrom('appointments').select('id').where('appointment_date', '=', at).executeTakeFirst()).toBeUndefined();
  });

  it("answers 409 'This time slot is no longer available' for a taken slot", async () => {
    const a = await booked(personnel, counselor, '14:00');
    const res = await book(admin, { ...bookBody(counselor.user.id, a.appointment_date), student_id: student2.user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLOT_TAKEN);
    // Another counselor at the same time is fine.
    const date = localDateOf(a.appointment_date, 'Asia/Manila');
    const at2 = await instantOf(t.app, admin, counselor2.user.id, date, '14:00');
    expect(at2).toBe(a.appointment_date);
    expect((await book(admin, { ...bookBody(counselor2.user.id, at2), student_id: student2.user.id })).statusCode).toBe(201);
  });

  it('lets a counselor book for an existing student, for themself only, with notes', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '11:00');
    const res = await book(counselor, bookBody(counselor.user.id, at, { student_id: student.user.id, notes: 'First session', location_type: 'on-site', location: 'Guidance Office' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ student: { id: student.user.id, name: 'Bea Santos', student_id: '2025-001' }, user_type: 'student', notes: 'First session', location: 'Guidance Office' });
    const noStudent = await book(counselor, bookBody(counselor.user.id, at));
    expect(noStudent.json().errors.student_id).toEqual(['The student field is required.']);
    const forOther = await book(counselor, bookBody(counselor2.user.id, at, { student_id: student.user.id }));
    expect(forOther.statusCode).toBe(422);
    expect(forOther.json().errors).toHaveProperty('counselor_id');
    const foreignStudent = await book(counselor, bookBody(counselor.user.id, at, { student_id: otherCounselor.user.id }));
    expect(foreignStudent.json().errors.student_id).toEqual(['The selected student is invalid.']);
  });

  it("creates a 'New Student' and the booking in one transaction", async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '15:00');
    const email = `new-${randomUUID().slice(0, 8)}@example.test`;
    const res = await book(counselor, bookBody(counselor.user.id, at, { is_new_student: true, student_name: 'Nina Nueva', student_id_number: '2026-777', student_email: email.toUpperCase() }));
    expect(res.statusCode, res.body).toBe(201);
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    // The booking counselor created the account (decision 0358).
    expect(user).toMatchObject({ name: 'Nina Nueva', student_id: '2026-777', user_type: 'student', created_by: counselor.user.id });
    expect(res.json().data.student).toMatchObject({ id: user.id, name: 'Nina Nueva' });
    const member = await t.db.selectFrom('company_user').select('company_id').where('user_id', '=', user.id).execute();
    expect(member).toEqual([{ company_id: admin.companyId }]);

    const missing = await book(counselor, bookBody(counselor.user.id, at, { is_new_student: true }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['student_name', 'student_id_number', 'student_email']);
  });

  it('rolls the new-student booking back whole when the email is taken', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '16:00');
    const usersBefore = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await book(counselor, bookBody(counselor.user.id, at, { is_new_student: true, student_name: 'Copy Cat', student_id_number: '2026-888', student_email: student.user.email }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.student_email).toEqual(['The student email has already been taken.']);
    const usersAfter = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(usersAfter.n)).toBe(Number(usersBefore.n));
    expect(await t.db.selectFrom('appointments').select('id').where('appointment_date', '=', at).where('counselor_id', '=', counselor.user.id).executeTakeFirst()).toBeUndefined();
    expect((await slotsOf(t.app, counselor, counselor.user.id, date)).json().slots).toContain('16:00');
  });

  it('lets a manager book for a client with any counselor', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, admin, counselor2.user.id, date, '08:00');
    const res = await book(admin, bookBody(counselor2.user.id, at, { student_id: personnel.user.id, notes: 'Referred by HR' }));
    expect(res.statusCode).toBe(201);
    // Saved, the reason and notes are the care team's (decision 0377): the manager's reply has neither.
    expect(res.json().data).toMatchObject({ counselor_id: counselor2.user.id, student_id: personnel.user.id, user_type: 'personnel', reason: null });
    expect(res.json().data).not.toHaveProperty('notes');
    expect(await t.db.selectFrom('appointments').select('notes').where('uuid', '=', res.json().data.uuid).executeTakeFirstOrThrow()).toEqual({ notes: 'Referred by HR' });
  });
});

describe('no double booking under concurrency', () => {
  it('50 concurrent bookings of one slot: exactly one 201 and 49 × 409', async () => {
    const clients = await Promise.all(Array.from({ length: 50 }, () => addUser(t.app, admin.companyId, { userType: 'personnel' })));
    const date = freshDay();
    const at = await instantOf(t.app, personnel, counselor.user.id, date, '10:00');
    const results = await Promise.all(clients.map((c) => book(c, bookBody(counselor.user.id, at))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SLOT_TAKEN);
    const live = await t.db.selectFrom('appointments').select('id').where('counselor_id', '=', counselor.user.id).where('appointment_date', '=', at).execute();
    expect(live).toHaveLength(1);
  }, 60_000);

  it('the database itself refuses a second live appointment at one start (partial unique index)', async () => {
    const start = hoursFromNow(24 * 200);
    await inserted('pending', start);
    const error = await inserted('confirmed', start).then(
      () => null,
      (e: unknown) => e,
    );
    // Both drivers' errors are recognised as this index (mapped to the 409 above).
    expect(isUniqueViolation(error, 'appointments_live_slot_uq') || isUniqueViolation(error, 'appointments.appointment_date')).toBe(true);
    // Finished ones do not hold the slot.
    await inserted('cancelled', start);
    await inserted('completed', start);
  });
});

describe('status changes', () => {
  const ALL = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
  const ALLOWED: Record<string, string[]> = { pending: ['confirmed', 'cancelled'], confirmed: ['completed', 'cancelled'], completed: [], cancelled: [] };
  let hour = 24 * 300;

  for (const from of ALL) {
    for (const to of ALL.filter((s) => s !== from)) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} → ${to} is ${allowed ? 'allowed' : '422'}`, async () => {
        // Completing needs a session that has started.
        const uuid = await inserted(from, hoursFromNow(to === 'completed' ? -hour++ : hour++));
        const res = await put(counselor, uuid, { status: to });
        expect(res.statusCode, res.body).toBe(allowed ? 200 : 422);
        const after = (await show(counselor, uuid)).json().data;
        expect(after.status).toBe(allowed ? to : from);
        if (!allowed) expect(res.json().errors.status[0]).toBe(`The status cannot change from ${from} to ${to}.`);
      });
    }
  }

  it('records every change (who, when, from, to), readable by the counselor and managers only', async () => {
    const a = await booked(personnel, counselor, '08:00');
    expect((await put(counselor, a.uuid, { status: 'confirmed' })).statusCode).toBe(200);
    await startedAlready(a.uuid);
    expect((await put(admin, a.uuid, { status: 'completed' })).statusCode).toBe(200);
    const res = await show(counselor, a.uuid, '/history');
    expect(res.statusCode).toBe(200);
    const changes = res.json().data;
    expect(changes.map((c: { from_status: string | null; to_status: string }) => [c.from_status, c.to_status])).toEqual([
      [null, 'pending'],
      ['pending', 'confirmed'],
      ['confirmed', 'completed'],
    ]);
    expect(changes[0].changed_by).toMatchObject({ id: personnel.user.id });
    expect(changes[1].changed_by).toMatchObject({ id: counselor.user.id });
    expect(changes[2].changed_by).toMatchObject({ id: admin.user.id });
    expect(Date.parse(changes[2].changed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await show(admin, a.uuid, '/history')).statusCode).toBe(200);
    expect((await show(personnel, a.uuid, '/history')).statusCode).toBe(403);
    expect((await show(counselor2, a.uuid, '/history')).statusCode).toBe(404);
    expect((await show(other, a.uuid, '/history')).statusCode).toBe(404);
  });

  it('is for counselors and managers: a client cannot change the status (403)', async () => {
    const a = await booked(personnel, counselor, '09:00');
    expect((await put(personnel, a.uuid, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await put(personnel, a.uuid, { status: 'cancelled' })).statusCode).toBe(403);
    expect((await put(counselor2, a.uuid, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await put(other, a.uuid, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await put(counselor, a.uuid, { status: 'done' })).statusCode).toBe(422);
    expect((await show(counselor, a.uuid)).json().data.status).toBe('pending');
  });

  it('a status-only change keeps the notes', async () => {
    const a = await booked(counselor, counselor, '10:00', { student_id: student.user.id, notes: 'Keep me' });
    const res = await put(counselor, a.uuid, { status: 'confirmed' });
    expect(res.json().data).toMatchObject({ status: 'confirmed', notes: 'Keep me' });
  });
});

describe('editing', () => {
  it('lets a client edit their own pending appointment, but not a confirmed one, and never the notes', async () => {
    const a = await booked(personnel, counselor, '11:00');
    const res = await put(personnel, a.uuid, { reason: 'Changed my mind about the topic', notes: 'sneaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reason).toBe('Changed my mind about the topic');
    expect(res.json().data).not.toHaveProperty('notes');
    expect((await t.db.selectFrom('appointments').select('notes').where('uuid', '=', a.uuid).executeTakeFirstOrThrow()).notes).toBeNull();
    await put(counselor, a.uuid, { status: 'confirmed' });
    expect((await put(personnel, a.uuid, { reason: 'Again' })).statusCode).toBe(403);
    // A manager (and the counselor, who holds 'manage appointments') may edit a confirmed one; its reason only
    // the care team (decision 0377).
    expect((await put(admin, a.uuid, { location_type: 'online' })).statusCode).toBe(200);
    expect((await put(admin, a.uuid, { reason: 'Manager edit' })).statusCode).toBe(403);
    expect((await put(counselor, a.uuid, { reason: 'Counselor edit' })).statusCode).toBe(200);
    expect((await put(counselor, a.uuid, { notes: 'Counselor notes' })).json().data.notes).toBe('Counselor notes');
    await startedAlready(a.uuid);
    await put(counselor, a.uuid, { status: 'completed' });
    const done = await put(admin, a.uuid, { location_type: 'online' });
    expect(done.statusCode).toBe(422);
  });

  it('reschedules to a free slot (freeing the old one), 409 on a taken one, 422 off the schedule', async () => {
    const a = await booked(personnel, counselor, '13:00');
    const date = localDateOf(a.appointment_date, 'Asia/Manila');
    const b = await book(admin, { ...bookBody(counselor.user.id, await instantOf(t.app, admin, counselor.user.id, date, '14:00')), student_id: student2.user.id });
    expect(b.statusCode).toBe(201);
    const fifteen = await instantOf(t.app, personnel, counselor.user.id, date, '15:00');
    const moved = await put(personnel, a.uuid, { appointment_date: fifteen });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.appointment_date).toBe(fifteen);
    const slots = (await slotsOf(t.app, personnel, counselor.user.id, date)).json().slots;
    expect(slots).toContain('13:00');
    expect(slots).not.toContain('15:00');
    const clash = await put(personnel, a.uuid, { appointment_date: b.json().data.appointment_date });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(SLOT_TAKEN);
    expect((await put(personnel, a.uuid, { appointment_date: `${date}T04:30:00.000Z` })).statusCode).toBe(422);
    // Same time again (full form re-sent) is not a clash with itself.
    expect((await put(personnel, a.uuid, { appointment_date: fifteen, reason: 'Same time', status: 'pending' })).statusCode).toBe(200);
    const onsite = await put(personnel, a.uuid, { location_type: 'on-site' });
    expect(onsite.statusCode).toBe(422);
    expect(onsite.json().errors).toHaveProperty('location');
  });

  it("cannot touch another company's appointment (404)", async () => {
    const uuid = await inserted('pending', hoursFromNow(24 * 400), student, counselor);
    expect((await put(other, uuid, { reason: 'Hacked' })).statusCode).toBe(404);
    expect((await del(otherCounselor, uuid)).statusCode).toBe(404);
    expect((await show(other, uuid)).statusCode).toBe(404);
    expect((await show(other, uuid, '/ics')).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('is for counselors only, on their own appointments', async () => {
    const a = await booked(personnel, counselor, '16:00');
    expect((await del(personnel, a.uuid)).statusCode).toBe(403);
    expect((await del(admin, a.uuid)).statusCode).toBe(403);
    expect((await del(counselor2, a.uuid)).statusCode).toBe(404);
    const res = await del(counselor, a.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Appointment deleted successfully');
    expect((await show(counselor, a.uuid)).statusCode).toBe(404);
    expect((await del(counselor, a.uuid)).statusCode).toBe(404);
  });
});

describe('visibility, tabs and counts', () => {
  let v: { s1Past: string; s1Pending: string; s1Confirmed: string; s2Pending: string; pCancelled: string; c2Pending: string; date: string };

  beforeAll(async () => {
    const far = 24 * 500;
    const s1Pending = await inserted('pending', hoursFromNow(far), student, counselor);
    v = {
      s1Past: await inserted('pending', hoursFromNow(-48), student, counselor),
      s1Pending,
      s1Confirmed: await inserted('confirmed', hoursFromNow(far + 1), student, counselor),
      s2Pending: await inserted('pending', hoursFromNow(far + 2), student2, counselor),
      pCancelled: await inserted('cancelled', hoursFromNow(far + 3), personnel, counselor),
      c2Pending: await inserted('pending', hoursFromNow(far + 4), student, counselor2),
      date: localDateOf(hoursFromNow(far), 'Asia/Manila'),
    };
    await inserted('pending', hoursFromNow(far), other, otherCounselor, other.companyId, otherCategoryId).catch(() => undefined);
  });

  async function allUuids(actor: Actor, query = '') {
    const res = await list(actor, `?per_page=100${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { uuid: string; notes?: unknown }[]).map((a) => a.uuid);
  }

  it("shows a student only their own appointments, never another student's, and never notes", async () => {
    const mine = await allUuids(student);
    expect(mine).toEqual(expect.arrayContaining([v.s1Past, v.s1Pending, v.s1Confirmed, v.c2Pending]));
    expect(mine).not.toContain(v.s2Pending);
    expect(mine).not.toContain(v.pCancelled);
    const res = await list(student, '?per_page=100');
    for (const a of res.json().data) expect(a).not.toHaveProperty('notes');
    expect((await show(student, v.s1Pending)).json().data).not.toHaveProperty('notes');
    expect((await show(student, v.s2Pending)).statusCode).toBe(404);
    expect((await show(student2, v.s1Pending)).statusCode).toBe(404);
  });

  it('shows a counselor only those assigned to them, with notes; a manager all, without reason or notes', async () => {
    const c1 = await allUuids(counselor);
    expect(c1).toEqual(expect.arrayContaining([v.s1Past, v.s1Pending, v.s1Confirmed, v.s2Pending, v.pCancelled]));
    expect(c1).not.toContain(v.c2Pending);
    expect((await show(counselor, v.s1Pending)).json().data.notes).toBe('Confidential note');
    const c2 = await allUuids(counselor2);
    expect(c2).toContain(v.c2Pending);
    expect(c2).not.toContain(v.s1Pending);
    const all = await allUuids(admin);
    expect(all).toEqual(expect.arrayContaining(Object.values(v).filter((x) => x !== v.date)));
    // Decision 0377: the reason and notes are the care team's.
    expect((await show(admin, v.s2Pending)).json().data).toMatchObject({ reason: null });
    expect((await show(admin, v.s2Pending)).json().data).not.toHaveProperty('notes');
  });

  it("never shows another company's appointments", async () => {
    const theirs = await allUuids(other);
    for (const uuid of Object.values(v)) expect(theirs).not.toContain(uuid);
    expect((await counts(other)).json()).toEqual({ pending: expect.any(Number), upcoming: 0, history: 0 });
    const ours = await allUuids(admin);
    const foreign = await t.db.selectFrom('appointments').select('uuid').where('company_id', '=', other.companyId).execute();
    for (const f of foreign) expect(ours).not.toContain(f.uuid);
  });

  it('puts appointments in their tabs (docs/product-rules.md#appointments): pending and upcoming are future, history is finished or past', async () => {
    const pending = await allUuids(student, '&status=pending');
    const upcoming = await allUuids(student, '&status=upcoming');
    const history = await allUuids(student, '&status=history');
    expect(pending).toContain(v.s1Pending);
    expect(pending).not.toContain(v.s1Past);
    expect(upcoming).toEqual(expect.arrayContaining([v.s1Confirmed]));
    expect(upcoming).not.toContain(v.s1Pending);
    expect(history).toContain(v.s1Past);
    expect(await allUuids(counselor, '&status=history')).toContain(v.pCancelled);
    // Pending and upcoming soonest first, history latest first.
    const dates = (await list(counselor, '?status=pending&per_page=100')).json().data.map((a: { appointment_date: string }) => a.appointment_date);
    expect([...dates].sort()).toEqual(dates);
    const hist = (await list(counselor, '?status=history&per_page=100')).json().data.map((a: { appointment_date: string }) => a.appointment_date);
    expect([...hist].sort().reverse()).toEqual(hist);
  });

  it('counts agree with the lists for every role and filter', async () => {
    const filters = ['', '&user_type=student', '&user_type=personnel', '&search=bea', '&search=counselor', `&date=${v.date}`, '&search=nobody-has-this-name'];
    for (const actor of [student, student2, personnel, counselor, counselor2, admin, other]) {
      for (const f of filters) {
        const c = (await counts(actor, `?x=1${f}`)).json();
        for (const tab of ['pending', 'upcoming', 'history'] as const) {
          const l = (await list(actor, `?status=${tab}${f}`)).json();
          expect(l.meta.total, `${actor.user.name} ${tab} ${f}`).toBe(c[tab]);
        }
        const total = (await list(actor, `?x=1${f}`)).json().meta.total;
        expect(c.pending + c.upcoming + c.history).toBe(total);
      }
    }
  }, 60_000);

  it("filters by user type and searches the other party's name", async () => {
    const students = (await list(counselor, '?user_type=student&per_page=100')).json().data;
    expect(students.every((a: { user_type: string }) => a.user_type === 'student')).toBe(true);
    const bea = (await list(counselor, '?search=BEA&per_page=100')).json().data;
    expect(bea.length).toBeGreaterThan(0);
    expect(bea.every((a: { student: { name: string } }) => a.student.name === 'Bea Santos')).toBe(true);
    // A student searches counselors' names.
    const byCounselor = (await list(student, '?search=jose&per_page=100')).json().data;
    expect(byCounselor.map((a: { uuid: string }) => a.uuid)).toEqual([v.c2Pending]);
    // LIKE wildcards are literal.
    expect((await list(counselor, '?search=%25')).json().meta.total).toBe(0);
    expect((await list(counselor, `?date=${v.date}&per_page=100`)).json().data.map((a: { uuid: string }) => a.uuid)).toContain(v.s1Pending);
  });

  it('paginates with the spec meta (default 10 per page)', async () => {
    const first = (await list(admin)).json();
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 10, from: 1 });
    expect(first.data.length).toBeLessThanOrEqual(10);
    expect((await list(admin, '?page=2')).json().meta.current_page).toBe(2);
    // Pages of two, so the fixture's appointments fill more than one page: the second holds others than the first.
    const firstOfTwo = (await list(admin, '?per_page=2')).json();
    const secondOfTwo = (await list(admin, '?page=2&per_page=2')).json();
    expect(firstOfTwo.meta.total).toBeGreaterThan(2);
    expect(secondOfTwo.data).toHaveLength(2);
    const firstUuids = firstOfTwo.data.map((a: { uuid: string }) => a.uuid);
    for (const a of secondOfTwo.data as { uuid: string }[]) expect(firstUuids).not.toContain(a.uuid);
    expect((await list(admin, '?page=0')).statusCode).toBe(422);
    expect((await list(admin, '?status=later')).statusCode).toBe(422);
    expect((await list(admin, '?user_type=alien')).statusCode).toBe(422);
    expect((await list(admin, '?date=tomorrow')).statusCode).toBe(422);
  });

  it('needs view appointments', async () => {
    expect((await list(noRights)).statusCode).toBe(403);
    expect((await counts(noRights)).statusCode).toBe(403);
    expect((await show(noRights, v.s1Pending)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
  });
});

describe('calendar file', () => {
  it('is a valid iCalendar event with CRLF lines, UID, UTC DTSTART/DTEND, SUMMARY and LOCATION', async () => {
    const a = await booked(counselor, counselor, '09:00', { student_id: student.user.id, location_type: 'on-site', location: 'Room 2, Main; Building' });
    const res = await show(student, a.uuid, '/ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="appointment-${a.uuid}.ics"`);
    const body = res.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const start = a.appointment_date.replace(/[-:]/g, '').replace('.000', '');
    const end = new Date(Date.parse(a.appointment_date) + 3_600_000).toISOString().replace(/[-:]/g, '').replace('.000', '');
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain(`UID:${a.uuid}@kalinga`);
    expect(lines).toContain(`DTSTART:${start}`);
    expect(lines).toContain(`DTEND:${end}`);
    // Who, when and where: no category (what it is about) and no reason leave the server (decision 0123).
    expect(lines).toContain('SUMMARY:Counselling appointment');
    expect(body).not.toMatch(/Academic Stress|Reason/);
    expect(lines).toContain(`DESCRIPTION:Counselor: ${counselor.user.name}\\nStatus: pending\\nDetails: http://localhost:3000/appointments?open=${a.uuid}`);
    expect(lines).toContain('LOCATION:Room 2\\, Main\\; Building');
    expect(lines).toContain('STATUS:TENTATIVE');
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect((await show(student2, a.uuid, '/ics')).statusCode).toBe(404);
  });

  it('says STATUS as the appointment stands, keeps every line break CRLF, and offers no file for a cancelled one', async () => {
    const statusLine = async (uuid: string) => {
      const res = await show(student, uuid, '/ics');
      expect(res.statusCode).toBe(200);
      // Every line ends with CRLF: no lone CR or LF anywhere, even from a reason typed with a bare CR.
      expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      return res.body.replace(/\r\n /g, '').split('\r\n').filter((l) => l.startsWith('STATUS:'));
    };
    const confirmed = await inserted('confirmed', hoursFromNow(30));
    await t.db.updateTable('appointments').set({ reason: 'Line one\rline two' }).where('uuid', '=', confirmed).execute();
    expect(await statusLine(confirmed)).toEqual(['STATUS:CONFIRMED']);
    // VEVENT has no COMPLETED: a completed appointment's file carries no STATUS rather than a wrong one.
    expect(await statusLine(await inserted('completed', hoursFromNow(-30)))).toEqual([]);
    const cancelled = await show(student, await inserted('cancelled', hoursFromNow(40)), '/ics');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('A cancelled appointment has no calendar file.');
  });
});
