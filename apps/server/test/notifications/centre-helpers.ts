import { expect } from 'vitest';
import { type Actor, addUser, registerCompany, type TestApp } from '../harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../schedule/schedule-helpers';

/** A centre with a counselor (weekly hours set), a personnel client and a category, for the notification tests. */
export interface Centre {
  admin: Actor;
  counselor: Actor;
  client: Actor;
  categoryId: number;
}

export async function makeCentre(t: TestApp, name: string): Promise<Centre> {
  const admin = await registerCompany(t.app, name);
  const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: `Counselor of ${name}` });
  const client = await addUser(t.app, admin.companyId, { userType: 'personnel', name: `Client of ${name}` });
  const categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  return { admin, counselor, client, categoryId };
}

// Counted per test file: the server's test files share this module when a worker runs several (decision 0196).
const nextDays = new Map<string, number>();
function nextDay(): number {
  const file = expect.getState().testPath ?? '';
  const day = nextDays.get(file) ?? 2;
  nextDays.set(file, day + 1);
  return day;
}

/** Books a free slot (09:00, some days ahead unless told) as `by` (the client, unless a counselor books for them); returns uuid, id and start. */
export async function book(t: TestApp, c: Centre, by: Actor = c.client, time = '09:00', days = nextDay()): Promise<{ uuid: string; id: number; start: string }> {
  const start = await instantOf(t.app, c.client, c.counselor.user.id, daysAhead(days), time);
  const payload: Record<string, unknown> = { counselor_id: c.counselor.user.id, appointment_date: start, reason: 'Feeling stressed', category_id: c.categoryId, location_type: 'online' };
  if (by !== c.client) payload.student_id = c.client.user.id;
  const res = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: by.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { uuid: string; id: number };
  return { uuid: data.uuid, id: data.id, start };
}

/** PUT /api/appointments/:uuid as `by`, expecting success. */
export async function change(t: TestApp, by: Actor, uuid: string, payload: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: by.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** A free slot of the centre's counselor some days ahead (for moving an appointment). */
export async function freeSlot(t: TestApp, c: Centre, time = '14:00'): Promise<string> {
  return instantOf(t.app, c.client, c.counselor.user.id, daysAhead(nextDay()), time);
}

export async function notificationsOf(t: TestApp, userId: number) {
  return t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function outboxOf(t: TestApp, appointmentId: number) {
  return t.db.selectFrom('outbox').selectAll().where('appointment_id', '=', appointmentId).orderBy('id').execute();
}
