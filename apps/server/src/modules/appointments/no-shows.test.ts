// No-shows, late cancellations, the client's attendance and the no-show policy (decisions 0154, 0155).
// Run on PostgreSQL too (npm run test:pg), where the concurrent requests really overlap.
import { approvalReasonText } from '@kalinga/contracts/attendance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';
import { NO_SHOW_TOO_EARLY } from './appointment-update.service';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let outsider: Actor;
let categoryId: number;
let day = 1;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Attendance School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carmen Counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Bea Santos' });
  outsider = await registerCompany(t.app, 'Elsewhere College');
  categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  await settings({ students_can_book: true });
});
afterAll(async () => t?.close());

const request = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: actor.headers, payload });
const setStatus = (actor: Actor, uuid: string, status: string) => request(actor, 'PUT', `/api/appointments/${uuid}`, { status });

/** Records the outcome of a started session: a completed one is confirmed first (pending → confirmed → completed). */
async function outcome(uuid: string, status: 'completed' | 'no_show'): Promise<void> {
  if (status === 'completed') expect((await setStatus(counselor, uuid, 'confirmed')).statusCode).toBe(200);
  expect((await setStatus(counselor, uuid, status)).statusCode).toBe(200);
}

async function settings(payload: object): Promise<void> {
  const res = await request(admin, 'POST', '/api/settings', payload);
  expect(res.statusCode, res.body).toBe(200);
}

/** A booking by `client` (or by `by` for them) on a fresh day; `startedHoursAgo` moves it into the past. */
async function booked(client: Actor = student, options: { by?: Actor; startedHoursAgo?: number } = {}): Promise<{ uuid: string; approval_reason: string | null }> {
  const by = options.by ?? client;
  const at = await instantOf(t.app, by, counselor.user.id, daysAhead(day++), '09:00');
  const payload = { counselor_id: counselor.user.id, appointment_date: at, reason: 'Exam stress', category_id: categoryId, location_type: 'online', ...(by === client ? {} : { student_id: client.user.id }) };
  const res = await request(by, 'POST', '/api/appointments', payload);
  expect(res.statusCode, res.body).toBe(201);
  const { uuid, approval_reason } = res.json().data;
  if (options.startedHoursAgo !== undefined) {
    // Later bookings start later (by seconds), and every one at least ten seconds ago.
    const started = new Date(Date.now() - options.startedHoursAgo * 3_600_000 - 60_000 + (day % 50) * 1000).toISOString();
    await t.db.updateTable('appointments').set({ appointment_date: started }).where('uuid', '=', uuid).execute();
  }
  return { uuid, approval_reason };
}

describe('marking a no-show', () => {
  it('after the start the counselor marks it; it is a status of its own in the reply, the list and the history', async () => {
    const { uuid } = await booked(student, { startedHoursAgo: 1 });
    const res = await setStatus(counselor, uuid, 'no_show');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('no_show');
    const history = (await request(counselor, 'GET', `/api/appointments/${uuid}/history`)).json().data;
    expect(history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'no_show', changed_by: { id: counselor.user.id } });
    const list = (await request(student, 'GET', '/api/appointments?status=history&per_page=100')).json().data;
    expect(list.find((a: { uuid: string }) => a.uuid === uuid).status).toBe('no_show');
    // A no-show is final: it cannot be cancelled by the client nor changed to completed.
    expect((await request(student, 'POST', `/api/appointments/${uuid}/cancel`, {})).statusCode).toBe(422);
    expect((await setStatus(counselor, uuid, 'completed')).statusCode).toBe(422);
  });

  it('before the start it is refused (422), and a wrong status is 422', async () => {
    const { uuid } = await booked();
    const early = await setStatus(counselor, uuid, 'no_show');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.status).toEqual([NO_SHOW_TOO_EARLY]);
    expect((await setStatus(counselor, uuid, 'absent')).statusCode).toBe(422);
    expect((await request(admin, 'GET', `/api/appointments/${uuid}`)).json().data.status).toBe('pending');
  });

  it('the client may not (403); another company sees nothing (404); without view appointments 403', async () => {
    const { uuid } = await booked(student, { startedHoursAgo: 1 });
    expect((await setStatus(student, uuid, 'no_show')).statusCode).toBe(403);
    expect((await setStatus(outsider, uuid, 'no_show')).statusCode).toBe(404);
    const noRole = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: [] });
    expect((await setStatus(noRole, uuid, 'no_show')).statusCode).toBe(403);
    expect((await request(admin, 'GET', `/api/appointments/${uuid}`)).json().data.status).toBe('pending');
  });

  it('a no-show and a cancellation at the same moment: exactly one applies (200), the other is refused (422), one history row', async () => {
    for (let round = 0; round < 4; round++) {
      const { uuid } = await booked(student, { startedHoursAgo: 1 });
      const [mark, cancel] = await Promise.all([setStatus(counselor, uuid, 'no_show'), setStatus(admin, uuid, 'cancelled')]);
      expect([mark.statusCode, cancel.statusCode].sort()).toEqual([200, 422]);
      const statuses = (await request(counselor, 'GET', `/api/appointments/${uuid}/history`)).json().data.map((h: { to_status: string }) => h.to_status);
      expect(statuses).toEqual(['pending', mark.statusCode === 200 ? 'no_show' : 'cancelled']);
    }
  });

  it("once it has started the client's own cancel is refused (422), so it never meets a no-show", async () => {
    const { uuid } = await booked(student, { startedHoursAgo: 0 });
    const [mark, cancel] = await Promise.all([setStatus(counselor, uuid, 'no_show'), request(student, 'POST', `/api/appointments/${uuid}/cancel`, {})]);
    expect([mark.statusCode, cancel.statusCode]).toEqual([200, 422]);
  });
});

describe('the no-show policy', () => {
  it('after two no-shows in a row the next booking waits, the client is told why; a held session in between resets it', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    const check = async () => (await request(client, 'GET', '/api/appointments/booking-check')).json().data.approval_reason;
    expect(await check()).toBeNull();
    for (const status of ['no_show', 'completed', 'no_show'] as const) await outcome((await booked(client, { startedHoursAgo: 2 })).uuid, status);
    expect(await check()).toBeNull();
    const free = await booked(client);
    expect(free.approval_reason).toBeNull();
    const { uuid } = await booked(client, { startedHoursAgo: 1 });
    expect((await setStatus(counselor, uuid, 'no_show')).statusCode).toBe(200);
    expect(await check()).toBe(approvalReasonText(2));
    const heldBooking = await booked(client);
    expect(heldBooking.approval_reason).toBe(approvalReasonText(2));
    expect((await request(counselor, 'GET', `/api/appointments/${heldBooking.uuid}`)).json().data).toMatchObject({ status: 'pending', approval_reason: approvalReasonText(2) });
    // The counselor booking for the client approves it by booking; with the policy off nothing waits.
    expect((await booked(client, { by: counselor })).approval_reason).toBeNull();
    await settings({ no_show_limit: 0 });
    try {
      expect(await check()).toBeNull();
      expect((await booked(client)).approval_reason).toBeNull();
    } finally {
      await settings({ no_show_limit: 2 });
    }
  });

  it('a late cancellation counts like a no-show; one in good time does not', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    await settings({ no_show_limit: 1 });
    try {
      const early = await booked(client);
      expect((await request(client, 'POST', `/api/appointments/${early.uuid}/cancel`, {})).json().data.late_cancellation).toBe(false);
      expect((await booked(client)).approval_reason).toBeNull();
      const { uuid } = await booked(client);
      await t.db.updateTable('appointments').set({ appointment_date: new Date(Date.now() + 3_600_000).toISOString() }).where('uuid', '=', uuid).execute();
      expect((await request(client, 'POST', `/api/appointments/${uuid}/cancel`, {})).json().data.late_cancellation).toBe(true);
      expect((await booked(client)).approval_reason).toBe(approvalReasonText(1));
    } finally {
      await settings({ no_show_limit: 2 });
    }
  });

  it('the setting is a whole number from 0 to 10 (422 otherwise); it defaults to 2', async () => {
    expect((await request(student, 'GET', '/api/settings')).json().no_show_limit).toBe(2);
    for (const bad of [-1, 11, 1.5, '2', null]) {
      const res = await request(admin, 'POST', '/api/settings', { no_show_limit: bad });
      expect(res.statusCode, String(bad)).toBe(422);
    }
    expect((await request(student, 'POST', '/api/settings', { no_show_limit: 3 })).statusCode).toBe(403);
  });
});

describe("the client's attendance beside an appointment", () => {
  it("counts sessions, no-shows and late cancellations this term for the client's counselor, each read logged; a manager gets 403 (decision 0200)", async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    let last = '';
    for (const status of ['completed', 'no_show', 'no_show'] as const) {
      last = (await booked(client, { startedHoursAgo: 3 })).uuid;
      await outcome(last, status);
    }
    const late = await booked(client);
    await t.db.updateTable('appointments').set({ appointment_date: new Date(Date.now() + 3_600_000).toISOString() }).where('uuid', '=', late.uuid).execute();
    expect((await request(client, 'POST', `/api/appointments/${late.uuid}/cancel`, {})).statusCode).toBe(200);
    const res = await request(counselor, 'GET', `/api/appointments/${last}/attendance`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sessions: 1, no_shows: 2, late_cancellations: 1, missed_in_a_row: 3, limit: 2 });
    expect(res.json().data.since).toMatch(/^\d{4}-(01|07)-01$/);
    expect((await request(admin, 'GET', `/api/appointments/${last}/attendance`)).statusCode).toBe(403);
    const log = await t.db.selectFrom('client_access_log').select(['viewer_id', 'kind', 'via']).where('client_id', '=', client.user.id).execute();
    expect(log).toEqual([{ viewer_id: counselor.user.id, kind: 'attendance', via: 'care_team' }]);
  });

  it('the client is refused (403), another company sees nothing (404), no view appointments is 403', async () => {
    const { uuid } = await booked();
    expect((await request(student, 'GET', `/api/appointments/${uuid}/attendance`)).statusCode).toBe(403);
    expect((await request(outsider, 'GET', `/api/appointments/${uuid}/attendance`)).statusCode).toBe(404);
    const noRole = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: [] });
    expect((await request(noRole, 'GET', `/api/appointments/${uuid}/attendance`)).statusCode).toBe(403);
    expect((await request(noRole, 'GET', '/api/appointments/booking-check')).statusCode).toBe(403);
  });
});
