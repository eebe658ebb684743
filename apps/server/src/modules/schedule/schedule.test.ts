import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { ALL_WEEK, daysAhead, setWeek } from '../../../test/schedule/schedule-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let counselor2: Actor;
let student: Actor;
let otherCounselor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Schedule School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  counselor2 = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  const other = await registerCompany(t.app, 'Other School');
  otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
});
afterAll(async () => {
  await t.close();
});

const get = (a: Actor) => t.app.inject({ method: 'GET', url: '/api/counselor/schedule', headers: a.headers });
const save = (a: Actor, schedule: unknown) => t.app.inject({ method: 'POST', url: '/api/counselor/schedule', headers: a.headers, payload: { schedule } });
const addDates = (a: Actor, dates: unknown) => t.app.inject({ method: 'POST', url: '/api/counselor/excluded-dates', headers: a.headers, payload: { dates } });
const removeDate = (a: Actor, id: number) => t.app.inject({ method: 'DELETE', url: `/api/counselor/excluded-dates/${id}`, headers: a.headers });

describe('weekly schedule', () => {
  it('starts with the spec default: seven days, unavailable, 09:00-17:00, break 12:00-13:00', async () => {
    const res = await get(counselor2);
    expect(res.statusCode).toBe(200);
    const { schedule, excluded_dates } = res.json();
    expect(schedule.map((d: { day: string }) => d.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    for (const d of schedule) expect(d).toMatchObject({ is_available: false, start_time: '09:00', end_time: '17:00', break_start: '12:00', break_end: '13:00' });
    expect(excluded_dates).toEqual([]);
  });

  it('saves days (partial saves keep the others) and reads them back', async () => {
    await setWeek(t.app, counselor);
    const res = await save(counselor, [{ day: 'sunday', is_available: false, start_time: '10:00:00', end_time: '14:00', break_start: '', break_end: null }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Schedule updated successfully');
    const { schedule } = (await get(counselor)).json();
    expect(schedule[0]).toEqual({ ...ALL_WEEK[0], held_times: [] });
    expect(schedule[6]).toEqual({ day: 'sunday', is_available: false, start_time: '10:00', end_time: '14:00', break_start: null, break_end: null, held_times: [] });
  });

  it('two saves at once (two tabs) never write back held times the other has just set', async () => {
    const monday = ALL_WEEK[0];
    for (let round = 0; round < 4; round++) {
      const held = round % 2 === 0 ? ['09:00'] : ['10:00'];
      // One tab holds a time; the other changes the day's hours without sending held times (keeping the stored ones).
      const [a, b] = await Promise.all([save(counselor2, [{ ...monday, held_times: held }]), save(counselor2, [{ ...monday, end_time: round % 2 === 0 ? '17:00' : '18:00' }])]);
      expect([a.statusCode, b.statusCode], `${a.body} / ${b.body}`).toEqual([200, 200]);
      const stored = (await get(counselor2)).json().schedule.find((d: { day: string }) => d.day === 'monday');
      expect(stored.held_times).toEqual(held);
    }
  });

  it('rejects bad times with field messages', async () => {
    const bad = await save(counselor, [{ day: 'monday', is_available: true, start_time: '17:00', end_time: '09:00', break_start: '12:00', break_end: '13:00' }]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['schedule.0.end_time']).toEqual(['The end time must be after the start time.']);
    const breakOutside = await save(counselor, [{ day: 'monday', is_available: true, start_time: '09:00', end_time: '12:00', break_start: '12:00', break_end: '13:00' }]);
    expect(breakOutside.json().errors['schedule.0.break_start']).toBeDefined();
    const format = await save(counselor, [{ day: 'monday', is_available: true, start_time: '9am', end_time: '17:00' }]);
    expect(format.statusCode).toBe(422);
    expect(format.json().errors).toHaveProperty(['schedule.0.start_time']);
    const day = await save(counselor, [{ day: 'funday', is_available: true, start_time: '09:00', end_time: '17:00' }]);
    expect(day.statusCode).toBe(422);
    expect((await save(counselor, [])).statusCode).toBe(422);
  });

  it('is for counselors only', async () => {
    expect((await get(student)).statusCode).toBe(403);
    expect((await get(admin)).statusCode).toBe(403);
    expect((await save(student, ALL_WEEK)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/counselor/schedule' })).statusCode).toBe(401);
  });

  it('keeps each counselor and company apart', async () => {
    const { schedule } = (await get(otherCounselor)).json();
    expect(schedule.every((d: { is_available: boolean }) => !d.is_available)).toBe(true);
  });
});

describe('excluded dates', () => {
  it('adds dates today or later, lists them ascending, and removes them', async () => {
    const d1 = daysAhead(10);
    const d0 = daysAhead(0);
    const res = await addDates(counselor, [
      { date: d1, reason: 'Seminar' },
      { date: d0, reason: '' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Date added successfully');
    expect(res.json().data.map((d: { excluded_date: string }) => d.excluded_date)).toEqual([d0, d1]);
    const { excluded_dates } = (await get(counselor)).json();
    expect(excluded_dates).toEqual([
      { id: expect.any(Number), excluded_date: d0, reason: null },
      { id: expect.any(Number), excluded_date: d1, reason: 'Seminar' },
    ]);
    // Adding a date twice keeps one row.
    expect((await addDates(counselor, [{ date: d1 }])).statusCode).toBe(201);
    expect((await get(counselor)).json().excluded_dates).toHaveLength(2);

    const removed = await removeDate(counselor, excluded_dates[0].id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Date removed successfully');
    expect((await get(counselor)).json().excluded_dates).toHaveLength(1);
  });

  it('rejects past, malformed and impossible dates', async () => {
    const past = await addDates(counselor, [{ date: daysAhead(-1) }]);
    expect(past.statusCode).toBe(422);
    expect(past.json().errors['dates.0.date']).toEqual(['The date must be today or later.']);
    expect((await addDates(counselor, [{ date: '2030-02-30' }])).statusCode).toBe(422);
    expect((await addDates(counselor, [{ date: '12/01/2030' }])).statusCode).toBe(422);
    expect((await addDates(counselor, [])).statusCode).toBe(422);
  });

  it("cannot remove another counselor's or another company's date (404), nor as a student (403)", async () => {
    const res = await addDates(counselor, [{ date: daysAhead(20), reason: 'Leave' }]);
    const id = res.json().data[0].id as number;
    expect((await removeDate(counselor2, id)).statusCode).toBe(404);
    expect((await removeDate(otherCounselor, id)).statusCode).toBe(404);
    expect((await removeDate(student, id)).statusCode).toBe(403);
    expect((await addDates(student, [{ date: daysAhead(3) }])).statusCode).toBe(403);
    expect((await get(counselor)).json().excluded_dates.some((d: { id: number }) => d.id === id)).toBe(true);
  });
});
