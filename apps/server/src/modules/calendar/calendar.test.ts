import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let counselor2: Actor;
let student: Actor;
let noRights: Actor;
let otherAdmin: Actor;
let otherCounselor: Actor;
const day = daysAhead(8);
const next = daysAhead(9);
let bookedUuid: string;
let cancelledUuid: string;

interface Reply {
  counselor: { id: number; name: string };
  timezone: string;
  duration_minutes: number;
  days: { date: string; is_available: boolean; start_time: string; break_start: string | null; excluded: boolean; excluded_reason: string | null; free_slots: { time: string; appointment_date: string }[] }[];
  appointments: { uuid: string; status: string; notes?: string | null }[];
}

async function book(time: string, date = day): Promise<string> {
  const at = await instantOf(t.app, counselor, counselor.user.id, date, time);
  const categoryId = await addCategory(t.app, admin.companyId, `Category ${time}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: counselor.headers,
    payload: { counselor_id: counselor.user.id, student_id: student.user.id, appointment_date: at, reason: `Talk at ${time}`, category_id: categoryId, location_type: 'online' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { uuid: string } }).data.uuid;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Calendar School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carla Calendar' });
  counselor2 = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  noRights = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['landlord'] });
  otherAdmin = await registerCompany(t.app, 'Other Calendar School');
  otherCounselor = await addUser(t.app, otherAdmin.companyId, { userType: 'counselor' });
  await setWeek(t.app, counselor);
  await setWeek(t.app, otherCounselor);
  bookedUuid = await book('10:00');
  cancelledUuid = await book('14:00');
  const cancel = await t.app.inject({ method: 'PUT', url: `/api/appointments/${cancelledUuid}`, headers: counselor.headers, payload: { status: 'cancelled' } });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const excluded = await t.app.inject({ method: 'POST', url: '/api/counselor/excluded-dates', headers: counselor.headers, payload: { dates: [{ date: next, reason: 'Training' }] } });
  expect(excluded.statusCode, excluded.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const calendar = (actor: Actor | null, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/appointments/calendar?${query}`, headers: actor?.headers ?? {} });

describe('GET /api/appointments/calendar', () => {
  it("gives a counselor their week: appointments of every status, hours, breaks, excluded dates and free slots", async () => {
    const res = await calendar(counselor, `from=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Reply;
    expect(body.counselor).toEqual({ id: counselor.user.id, name: 'Carla Calendar' });
    expect(body.timezone).toBe('Asia/Manila');
    expect(body.duration_minutes).toBe(60);
    expect(body.days.map((d) => d.date)).toHaveLength(7);
    const [first, second] = body.days;
    expect(first).toMatchObject({ date: day, is_available: true, start_time: '08:00', break_start: '12:00', excluded: false });
    const free = first.free_slots.map((s) => s.time);
    expect(free).toContain('09:00');
    expect(free).not.toContain('10:00');
    // The cancelled appointment frees its slot; the break gives none.
    expect(free).toContain('14:00');
    expect(free).not.toContain('12:00');
    expect(second).toMatchObject({ date: next, excluded: true, excluded_reason: 'Training', free_slots: [] });
    expect(body.appointments.map((a) => [a.uuid, a.status])).toEqual([
      [bookedUuid, 'pending'],
      [cancelledUuid, 'cancelled'],
    ]);
  });

  it('gives one day when asked, and leaves out appointments of other days', async () => {
    const res = await calendar(counselor, `from=${next}&days=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Reply;
    expect(body.days.map((d) => d.date)).toEqual([next]);
    expect(body.appointments).toEqual([]);
  });

  it('lets a manager pick the counselor, and asks them to', async () => {
    const res = await calendar(admin, `counselor_id=${counselor.user.id}&from=${day}&days=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Reply).appointments.map((a) => a.uuid)).toEqual([bookedUuid, cancelledUuid]);
    const missing = await calendar(admin, `from=${day}`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.counselor_id).toEqual(['The counselor field is required.']);
  });

  it('rejects a bad date or range with field messages', async () => {
    const badDate = await calendar(counselor, 'from=2026-02-30');
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.from).toBeDefined();
    const tooLong = await calendar(counselor, `from=${day}&days=8`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.days).toEqual(['The days field may not be greater than 7.']);
    expect((await calendar(counselor, `from=${day}&days=0`)).statusCode).toBe(422);
    expect((await calendar(admin, `counselor_id=abc&from=${day}`)).statusCode).toBe(422);
    expect((await calendar(counselor, '')).statusCode).toBe(422);
  });

  it("keeps another company's counselors and appointments invisible", async () => {
    expect((await calendar(admin, `counselor_id=${otherCounselor.user.id}&from=${day}`)).statusCode).toBe(404);
    expect((await calendar(otherAdmin, `counselor_id=${counselor.user.id}&from=${day}`)).statusCode).toBe(404);
    const own = await calendar(otherCounselor, `from=${day}`);
    expect(own.statusCode).toBe(200);
    expect((own.json() as Reply).appointments).toEqual([]);
    // A student of the company is not a counselor: no calendar to show.
    expect((await calendar(admin, `counselor_id=${student.user.id}&from=${day}`)).statusCode).toBe(404);
  });

  it('is refused without the permission, to clients, and to a counselor asking for a colleague', async () => {
    expect((await calendar(noRights, `counselor_id=${counselor.user.id}&from=${day}`)).statusCode).toBe(403);
    expect((await calendar(student, `counselor_id=${counselor.user.id}&from=${day}`)).statusCode).toBe(403);
    expect((await calendar(student, `from=${day}`)).statusCode).toBe(403);
    const colleague = await calendar(counselor2, `counselor_id=${counselor.user.id}&from=${day}`);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe('Counselors can only see their own calendar.');
    expect((await calendar(null, `from=${day}`)).statusCode).toBe(401);
  });
});
