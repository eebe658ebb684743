import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Actor, TestApp } from '../harness';
import { addUser, registerCompany } from '../harness';
import { addCategory, instantOf, setWeek } from '../schedule/schedule-helpers';

/** A centre for the series tests: its manager (the administrator), a counselor with hours every day, a client. */
export interface SeriesCentre {
  admin: Actor;
  counselor: Actor;
  client: Actor;
  categoryId: number;
}

export async function seriesCentre(t: TestApp, name: string): Promise<SeriesCentre> {
  const admin = await registerCompany(t.app, name);
  const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: `Counselor of ${name}` });
  const client = await addUser(t.app, admin.companyId, { userType: 'student', name: `Student of ${name}` });
  const categoryId = await addCategory(t.app, admin.companyId);
  await setWeek(t.app, counselor);
  return { admin, counselor, client, categoryId };
}

/** A series body: `count` weekly sessions from the free slot `time` on `date` (unless told otherwise). */
export async function seriesBody(t: TestApp, c: SeriesCentre, date: string, time = '10:00', extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    counselor_id: c.counselor.user.id,
    student_id: c.client.user.id,
    appointment_date: await instantOf(t.app, c.admin, c.counselor.user.id, date, time),
    reason: 'Weekly sessions this term',
    category_id: c.categoryId,
    location_type: 'online',
    frequency: 'weekly',
    count: 6,
    ...extra,
  };
}

export const postSeries = (app: FastifyInstance, by: Actor, payload: Record<string, unknown>, preview = false) =>
  app.inject({ method: 'POST', url: `/api/appointment-series${preview ? '/preview' : ''}`, headers: by.headers, payload });

/** Books a single appointment for the centre's client at an instant, as the manager. */
export async function bookSingle(app: FastifyInstance, c: SeriesCentre, at: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: c.admin.headers,
    payload: { counselor_id: c.counselor.user.id, student_id: c.client.user.id, appointment_date: at, reason: 'Single', category_id: c.categoryId, location_type: 'online' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.uuid;
}
