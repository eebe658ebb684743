import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, ALL_WEEK, daysAhead, instantOf, setWeek, slotsOf } from '../../../test/schedule/schedule-helpers';
import { addDaysToDate, weekdayOf } from '@kalinga/contracts/zone-time';

// Defects found by trying the counselling screens as a new user would.
let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Fixes School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carmen Counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Bea Santos' });
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
});
afterAll(async () => {
  await t.close();
});

let dayCounter = 3;
const freshDay = () => daysAhead(dayCounter++);
const book = (actor: Actor, payload: object) => t.app.inject({ method: 'POST', url: '/api/appointments', headers: actor.headers, payload });
const put = (actor: Actor, uuid: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: actor.headers, payload });
const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

function bookBody(at: string, extra: Record<string, unknown> = {}) {
  return { counselor_id: counselor.user.id, appointment_date: at, reason: 'Exam stress', category_id: categoryId, location_type: 'online', ...extra };
}

describe("booking for a new student with the spec's payload", () => {
  it('student_name, student_id_number and student_email alone create the student and the booking', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '10:00');
    const email = `nina-${randomUUID().slice(0, 8)}@example.test`;
    const res = await book(counselor, bookBody(at, { student_name: 'Nina Nueva', student_id_number: '2026-777', student_email: email }));
    expect(res.statusCode, res.body).toBe(201);
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Nina Nueva', student_id: '2026-777', user_type: 'student' });
    expect(res.json().data.student).toMatchObject({ id: user.id, name: 'Nina Nueva' });
  });

  it('a partly filled new student names the missing fields; a taken email leaves no user and no booking behind', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '11:00');
    const partial = await book(counselor, bookBody(at, { student_name: 'Half Filled' }));
    expect(partial.statusCode).toBe(422);
    expect(Object.keys(partial.json().errors).sort()).toEqual(['student_email', 'student_id_number']);

    const before = await userCount();
    const taken = await book(counselor, bookBody(at, { student_name: 'Copy Cat', student_id_number: '2026-888', student_email: student.user.email }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.student_email).toEqual(['The student email has already been taken.']);
    expect(await userCount()).toBe(before);
    expect((await slotsOf(t.app, counselor, counselor.user.id, date)).json().slots).toContain('11:00');
  });

  it('an existing student chosen by id still wins over stray new-student fields', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '13:00');
    const before = await userCount();
    const res = await book(counselor, bookBody(at, { student_id: student.user.id, student_name: '' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.student.id).toBe(student.user.id);
    expect(await userCount()).toBe(before);
  });
});

describe('completing a session', () => {
  it('a counselor cannot mark a session completed before it starts (422 with a sentence)', async () => {
    const date = freshDay();
    const at = await instantOf(t.app, counselor, counselor.user.id, date, '14:00');
    const created = await book(counselor, bookBody(at, { student_id: student.user.id }));
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json().data as { uuid: string };
    expect((await put(counselor, uuid, { status: 'confirmed' })).statusCode).toBe(200);
    const early = await put(counselor, uuid, { status: 'completed' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.status).toEqual(['A session can be marked completed only after it has started.']);
    // Once the start time has passed it can.
    await t.db.updateTable('appointments').set({ appointment_date: new Date(Date.now() - 3_600_000).toISOString() }).where('uuid', '=', uuid).execute();
    const done = await put(counselor, uuid, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');
  });
});

describe('picking a day: the month at a glance', () => {
  const daysOf = (actor: Actor, query: string) => t.app.inject({ method: 'GET', url: `/api/appointments/available-days?${query}`, headers: actor.headers });

  it("marks the month's days with a free slot (schedule, excluded dates, taken slots) and the next available day", async () => {
    const mondays = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Monday Counselor' });
    await setWeek(t.app, mondays, ALL_WEEK.map((d) => ({ ...d, is_available: d.day === 'monday' })));
    const month = daysAhead(40).slice(0, 7);
    const allMondays: string[] = [];
    for (let d = `${month}-01`; d.startsWith(month); d = addDaysToDate(d, 1)) if (weekdayOf(d) === 'monday') allMondays.push(d);
    const excluded = allMondays[1];
    const added = await t.app.inject({ method: 'POST', url: '/api/counselor/excluded-dates', headers: mondays.headers, payload: { dates: [{ date: excluded, reason: 'Training' }] } });
    expect(added.statusCode, added.body).toBe(201);

    const res = await daysOf(student, `counselor_id=${mondays.user.id}&month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toEqual(allMondays.filter((d) => d !== excluded));
    expect(res.json().timezone).toBe('Asia/Manila');

    // The next available day is the first day from today whose slots list is not empty.
    let expected: string | null = null;
    for (let i = 0; i <= 7 && !expected; i++) {
      const d = daysAhead(i);
      if (weekdayOf(d) === 'monday' && (await slotsOf(t.app, student, mondays.user.id, d)).json().slots.length > 0) expected = d;
    }
    expect(res.json().next_available).toBe(expected);
  });

  it('a day whose slots are all taken is not marked', async () => {
    const oneSlot = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'One Slot Counselor' });
    await setWeek(t.app, oneSlot, ALL_WEEK.map((d) => ({ ...d, start_time: '09:00', end_time: '10:00', break_start: null, break_end: null })));
    const date = daysAhead(45);
    const at = await instantOf(t.app, counselor, oneSlot.user.id, date, '09:00');
    expect((await book(admin, { ...bookBody(at), counselor_id: oneSlot.user.id, student_id: student.user.id })).statusCode).toBe(201);
    const days = (await daysOf(student, `counselor_id=${oneSlot.user.id}&month=${date.slice(0, 7)}`)).json().days as string[];
    expect(days).not.toContain(date);
    expect(days).toContain(addDaysToDate(date, date.endsWith('-01') ? 1 : -1));
  });

  it('refuses a malformed month (422) and a counselor of another company (404)', async () => {
    const bad = await daysOf(student, `counselor_id=${counselor.user.id}&month=2026-13`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.month).toEqual(['The month must be in the form YYYY-MM.']);
    const other = await registerCompany(t.app, 'Elsewhere');
    const theirs = await addUser(t.app, other.companyId, { userType: 'counselor' });
    expect((await daysOf(student, `counselor_id=${theirs.user.id}&month=2026-12`)).statusCode).toBe(404);
  });
});
