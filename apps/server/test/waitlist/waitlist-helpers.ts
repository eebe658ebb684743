import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Actor, addUser, registerCompany, type TestApp } from '../harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../schedule/schedule-helpers';
import { weekdayOf } from '@kalinga/contracts/zone-time';

/** A centre for the waitlist tests: its administrator (a manager), a counselor with hours every day, a category. */
export interface WaitCentre {
  admin: Actor;
  counselor: Actor;
  categoryId: number;
}

export async function waitCentre(t: TestApp, name: string): Promise<WaitCentre> {
  const admin = await registerCompany(t.app, name);
  const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: `Counselor of ${name}` });
  const categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  return { admin, counselor, categoryId };
}

export const client = (t: TestApp, c: WaitCentre, name: string) => addUser(t.app, c.admin.companyId, { userType: 'personnel', name });

/** A body waiting for the 10:00 slot of one date only (with the centre's counselor unless `any`). */
export function waitBody(c: WaitCentre, date: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    counselor_id: c.counselor.user.id,
    from_date: date,
    to_date: date,
    days: [weekdayOf(date)],
    time_from: '10:00',
    time_to: '11:00',
    reason: 'Exam stress',
    category_id: c.categoryId,
    location_type: 'online',
    ...extra,
  };
}

export const api = (app: FastifyInstance, by: Actor, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });

/** Books the counselor's 10:00 on `date` for a client, as the administrator; returns the appointment's uuid. */
export async function bookTen(t: TestApp, c: WaitCentre, clientId: number, date: string): Promise<string> {
  const at = await instantOf(t.app, c.admin, c.counselor.user.id, date, '10:00');
  const res = await api(t.app, c.admin, 'POST', '/api/appointments', { counselor_id: c.counselor.user.id, student_id: clientId, appointment_date: at, reason: 'Booked first', category_id: c.categoryId, location_type: 'online' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.uuid as string;
}

export async function cancel(t: TestApp, c: WaitCentre, uuid: string): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: c.admin.headers, payload: { status: 'cancelled' } });
  expect(res.statusCode, res.body).toBe(200);
}

// Counted per test file: the server's test files share this module when a worker runs several (decision 0196).
const nextOf = new Map<string, number>();
/** A fresh date for each scenario, so they never share a slot. */
export const freshDate = () => {
  const file = expect.getState().testPath ?? '';
  const next = (nextOf.get(file) ?? 20) + 3;
  nextOf.set(file, next);
  return daysAhead(next);
};

/** The client's entries (GET /api/waitlist/mine). */
export async function mine(t: TestApp, who: Actor) {
  const res = await api(t.app, who, 'GET', '/api/waitlist/mine');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; status: string; offer: { uuid: string; appointment_date: string; expires_at: string } | null; appointment_uuid: string | null }[];
}
