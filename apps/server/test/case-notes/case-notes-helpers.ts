import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addCategory, addUser, type Actor, registerCompany, type TestApp } from '../harness';
import { appointmentRow } from '../appointment-rows';

// A centre with a care team for case-note tests: a counselor who saw the client, a trainee they supervise who saw
// another client, a counselor outside the care team, and a second company.

export interface NotesWorld {
  admin: Actor;
  counselor: Actor;
  trainee: Actor;
  outsider: Actor;
  client: Actor;
  traineeClient: Actor;
  /** A held session of counselor and client (completed, yesterday). */
  session: string;
  traineeSession: string;
  other: { admin: Actor; counselor: Actor; client: Actor; session: string };
}

/** A completed session of `counselorId` with `clientId`, `daysAgo` days ago. */
export async function heldSession(t: TestApp, companyId: number, counselorId: number, clientId: number, daysAgo = 1): Promise<string> {
  const category = await addCategory(t.db, companyId, `Counselling ${randomUUID().slice(0, 6)}`);
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const row = appointmentRow({ company_id: companyId, counselor_id: counselorId, client_id: clientId, category_id: category, appointment_date: start.toISOString(), status: 'completed' });
  await t.db.insertInto('appointments').values(row).execute();
  return row.uuid;
}

export async function makeWorld(t: TestApp): Promise<NotesWorld> {
  const admin = await registerCompany(t.app, 'Notes Centre');
  const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Dana Cruz' });
  const trainee = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Tomas Reyes' });
  await t.db.updateTable('users').set({ is_trainee: 1, clinical_supervisor_id: counselor.user.id }).where('id', '=', trainee.user.id).execute();
  const outsider = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Olive Outside' });
  const client = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Sam Student' });
  const traineeClient = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Tina Student' });
  const session = await heldSession(t, admin.companyId, counselor.user.id, client.user.id);
  const traineeSession = await heldSession(t, admin.companyId, trainee.user.id, traineeClient.user.id);
  const otherAdmin = await registerCompany(t.app, 'Other Centre');
  const otherCounselor = await addUser(t.app, otherAdmin.companyId, { userType: 'counselor' });
  const otherClient = await addUser(t.app, otherAdmin.companyId, { userType: 'student' });
  const otherSession = await heldSession(t, otherAdmin.companyId, otherCounselor.user.id, otherClient.user.id);
  return { admin, counselor, trainee, outsider, client, traineeClient, session, traineeSession, other: { admin: otherAdmin, counselor: otherCounselor, client: otherClient, session: otherSession } };
}

export function dapNote(appointmentUuid: string, overrides: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    kind: 'session',
    appointment_uuid: appointmentUuid,
    template: 'dap',
    sections: { data: 'Client reported better sleep this week.', assessment: 'Mood improving.', plan: 'Continue weekly sessions.' },
    ...overrides,
  };
}

export function contactNote(date: string, overrides: Record<string, unknown> = {}) {
  return { uuid: randomUUID(), kind: 'contact', contact_channel: 'phone', contact_date: date, template: 'free', sections: { text: 'Called to confirm the referral.' }, ...overrides };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function call(app: FastifyInstance, actor: Actor, method: Method, url: string, payload?: unknown) {
  return app.inject({ method, url, headers: actor.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** Creates a draft and returns its uuid (fails the test on anything but 201). */
export async function draft(app: FastifyInstance, actor: Actor, clientId: number, body: Record<string, unknown>): Promise<string> {
  const res = await call(app, actor, 'POST', `/api/clients/${clientId}/case-notes`, body);
  if (res.statusCode !== 201) throw new Error(`draft failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { uuid: string } }).data.uuid;
}
