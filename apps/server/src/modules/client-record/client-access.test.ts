import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow } from '../../../test/appointment-rows';
import { addCategory, addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { answers, call, submit } from '../../../test/screening/screening-helpers';
import { accessRows, referTo } from '../../../test/client-record/client-access-helpers';

// The one access model (decision 0200): on every content route, an administrator (even one holding the counselor
// role from before), a manager, a counselor outside the care team and another company are refused (403/404); the
// care team, a care-team counselor's clinical supervisor and a break-the-glass grant read, and each read is logged.

let t: TestApp;
let admin: Actor;
let legacyAdmin: Actor;
let manager: Actor;
let careCounselor: Actor;
let supervisor: Actor;
let outsider: Actor;
let client: Actor;
let otherCompanyCounselor: Actor;
let appointmentUuid: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Access School');
  // An administrator who gave themself the counselor role before the access model (the review's finding).
  legacyAdmin = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['admin', 'counselor'] });
  manager = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['admin'] });
  supervisor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Sue Supervisor' });
  careCounselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carl Care', extra: { clinical_supervisor_id: supervisor.user.id } });
  outsider = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Otto Outside' });
  client = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Cleo Client' });
  const other = await registerCompany(t.app, 'Other Access School');
  otherCompanyCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
  await submit(t.app, client, answers(2, 2));
  const categoryId = await addCategory(t.db, admin.companyId, 'Academic Stress');
  const row = appointmentRow({ company_id: admin.companyId, counselor_id: careCounselor.user.id, client_id: client.user.id, category_id: categoryId, appointment_date: new Date(Date.now() - 86_400_000).toISOString(), status: 'completed' });
  await t.db.insertInto('appointments').values(row).execute();
  appointmentUuid = row.uuid;
});
afterAll(() => t.close());

const contentRoutes = () => [
  { method: 'GET' as const, url: `/api/clients/${client.user.id}/screenings` },
  { method: 'POST' as const, url: `/api/clients/${client.user.id}/screening-requests` },
  { method: 'GET' as const, url: `/api/appointments/${appointmentUuid}/attendance` },
];

describe('who may read a client\'s content', () => {
  it('an administrator (with or without the counselor role), a manager and a counselor outside the care team get 403 on every content route; nothing is logged', async () => {
    for (const route of contentRoutes()) {
      for (const actor of [admin, legacyAdmin, manager, outsider]) {
        const res = await call(t.app, actor, route.method, route.url);
        // A counselor's appointment list is their own: another counselor's appointment is not found (404) before
        // the access model is asked.
        const refused = route.url.includes('/attendance') && (actor === outsider || actor === legacyAdmin) ? 404 : 403;
        expect(res.statusCode, `${route.url} ${actor.user.name}`).toBe(refused);
      }
    }
    expect((await call(t.app, outsider, 'GET', `/api/clients/${client.user.id}/screenings`)).json().message).toBe(CARE_TEAM_ONLY);
    expect(await accessRows(t.db, client.user.id)).toHaveLength(0);
  });

  it("another company's counselor gets 404 on every content route", async () => {
    for (const route of contentRoutes()) expect((await call(t.app, otherCompanyCounselor, route.method, route.url)).statusCode, route.url).toBe(404);
  });

  it('the care team (an appointment) and the clinical supervisor read; each read is one log row saying by which right', async () => {
    for (const actor of [careCounselor, supervisor]) {
      expect((await call(t.app, actor, 'GET', `/api/clients/${client.user.id}/screenings`)).statusCode).toBe(200);
    }
    expect((await call(t.app, careCounselor, 'GET', `/api/appointments/${appointmentUuid}/attendance`)).statusCode).toBe(200);
    const rows = await accessRows(t.db, client.user.id);
    expect(rows.map((r) => [r.viewer_id, r.kind, r.via])).toEqual([
      [careCounselor.user.id, 'screenings', 'care_team'],
      [supervisor.user.id, 'screenings', 'supervisor'],
      [careCounselor.user.id, 'attendance', 'care_team'],
    ]);
  });

  it('a referral puts the receiving counselor in the care team', async () => {
    const referred = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await call(t.app, referred, 'GET', `/api/clients/${client.user.id}/screenings`)).statusCode).toBe(403);
    await referTo(t.db, admin.companyId, referred.user.id, client.user.id);
    expect((await call(t.app, referred, 'GET', `/api/clients/${client.user.id}/screenings`)).statusCode).toBe(200);
  });

  it('the log is append-only: an entry cannot be changed or deleted', async () => {
    const [first] = await accessRows(t.db, client.user.id);
    await expect(t.db.updateTable('client_access_log').set({ kind: 'export' }).where('id', '=', first.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('client_access_log').where('id', '=', first.id).execute()).rejects.toThrow(/append-only/);
  });
});

describe('the Triage list', () => {
  it('is for counselors by type only: an administrator holding the counselor role gets 403', async () => {
    for (const actor of [admin, legacyAdmin, manager, client]) expect((await call(t.app, actor, 'GET', '/api/triage')).statusCode).toBe(403);
  });

  it('records one view per client shown', async () => {
    const second = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    await submit(t.app, second, answers(3, 3, 1)); // an urgent case and an intake: one client, two rows
    const before = await t.db.selectFrom('client_access_log').select('id').where('kind', '=', 'triage_list').execute();
    const res = await call(t.app, outsider, 'GET', '/api/triage');
    expect(res.statusCode).toBe(200);
    const shown = new Set((res.json().data as { client_id: number }[]).map((i) => i.client_id));
    expect(shown).toEqual(new Set([client.user.id, second.user.id]));
    const rows = await t.db.selectFrom('client_access_log').selectAll().where('kind', '=', 'triage_list').execute();
    expect(rows.length - before.length).toBe(2);
    expect(rows.filter((r) => r.viewer_id === outsider.user.id).map((r) => r.client_id).sort()).toEqual([...shown].sort());
    expect(rows.every((r) => r.via === 'list')).toBe(true);
  });
});
