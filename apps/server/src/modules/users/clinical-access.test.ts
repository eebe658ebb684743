import { CLINICAL_FOR_COUNSELORS_ONLY, SELF_GRANT_REFUSED } from '@kalinga/contracts/client-access-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';

// Clinical roles and their grants (decision 0202): nobody gives themself clinical access or the access log; clinical
// roles go to counselors only; a grant is recorded and told to the privacy officers without any client content.

let t: TestApp;
let admin: Actor;
let officer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Grants School');
  officer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['privacy officer'], name: 'Pia Privacy' });
});
afterAll(() => t.close());

async function send(actor: Actor, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: actor.headers, payload });
}

function userBody(actor: Actor, overrides: Record<string, unknown>) {
  return { name: actor.user.name, email: actor.user.email, user_type: actor.user.user_type, roles: [actor.user.user_type], ...overrides };
}

async function rolesOf(userId: number): Promise<string[]> {
  const rows = await t.db.selectFrom('role_user').innerJoin('roles', 'roles.id', 'role_user.role_id').select('roles.name').where('role_user.user_id', '=', userId).orderBy('roles.name').execute();
  return rows.map((r) => r.name);
}

async function grantsOf(userId: number) {
  return t.db.selectFrom('clinical_grants').selectAll().where('user_id', '=', userId).execute();
}

async function officerNotices() {
  const inApp = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', officer.user.id).where('kind', '=', 'clinical_access').orderBy('id').execute();
  const emails = await t.db.selectFrom('outbox').selectAll().where('recipient_id', '=', officer.user.id).where('kind', '=', 'clinical_access').orderBy('id').execute();
  return { inApp, emails };
}

describe('self-grants are refused', () => {
  it('an administrator cannot give themself the counselor role, the counselor type or the privacy officer role (403); nothing changes', async () => {
    for (const change of [{ roles: ['admin', 'counselor'] }, { user_type: 'counselor', roles: ['admin'] }, { roles: ['admin', 'privacy officer'] }]) {
      const res = await send(admin, 'PUT', `/api/users/${admin.user.id}`, userBody(admin, Object.assign({ user_type: 'personnel', roles: ['admin'] }, change)));
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(SELF_GRANT_REFUSED);
    }
    expect(await rolesOf(admin.user.id)).toEqual(['admin']);
    const me = await t.db.selectFrom('users').select('user_type').where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    expect(me.user_type).not.toBe('counselor');
    expect(await grantsOf(admin.user.id)).toHaveLength(0);
  });

  it("adding 'view screenings' or 'view access log' to a role the editor holds is refused (403)", async () => {
    const adminRole = await t.db.selectFrom('roles').select('id').where('company_id', '=', admin.companyId).where('name', '=', 'admin').executeTakeFirstOrThrow();
    const current = (await t.db.selectFrom('role_permission').innerJoin('permissions', 'permissions.id', 'role_permission.permission_id').select('permissions.name').where('role_id', '=', adminRole.id).execute()).map((p) => p.name);
    for (const extra of ['view screenings', 'view access log']) {
      const res = await send(admin, 'PUT', `/api/roles/${adminRole.id}`, { name: 'admin', permissions: [...current, extra] });
      expect(res.statusCode, extra).toBe(403);
      expect(res.json().message).toBe(SELF_GRANT_REFUSED);
    }
  });
});

describe('clinical roles go to counselors only', () => {
  it('the counselor role for a personnel or student user is refused (422), on create and on update', async () => {
    const personnel = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const res = await send(admin, 'PUT', `/api/users/${personnel.user.id}`, userBody(personnel, { roles: ['personnel', 'counselor'] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.roles).toEqual([CLINICAL_FOR_COUNSELORS_ONLY]);
    const created = await send(admin, 'POST', '/api/users', { name: 'New Student', email: 'new-student-clinical@example.test', password: 'a-long-password-1', user_type: 'student', roles: ['counselor'] });
    expect(created.statusCode).toBe(422);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'new-student-clinical@example.test').executeTakeFirst()).toBeUndefined();
  });

  it("a counselor's type changed to personnel while the counselor role stays is refused (422)", async () => {
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const res = await send(admin, 'PUT', `/api/users/${counselor.user.id}`, userBody(counselor, { user_type: 'personnel', roles: ['counselor'] }));
    expect(res.statusCode).toBe(422);
  });

  it("'view screenings' added to a role a personnel user holds is refused (422)", async () => {
    const role = await send(admin, 'POST', '/api/roles', { name: 'helpers', permissions: ['view appointments'] });
    await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['helpers'] });
    const res = await send(admin, 'PUT', `/api/roles/${role.json().data.id}`, { name: 'helpers', permissions: ['view appointments', 'view screenings'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions).toEqual([CLINICAL_FOR_COUNSELORS_ONLY]);
  });
});

describe('a grant is recorded and told to the privacy officers', () => {
  it('the counselor role given to a counselor-type user: one record, one in-app notice and one email per officer, no client content', async () => {
    const before = await officerNotices();
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['personnel'], name: 'Cora Newly-Clinical' });
    const res = await send(admin, 'PUT', `/api/users/${counselor.user.id}`, userBody(counselor, { roles: ['counselor'] }));
    expect(res.statusCode, res.body).toBe(200);
    const grants = await grantsOf(counselor.user.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ granted_by: admin.user.id, what: 'role counselor' });
    const after = await officerNotices();
    expect(after.inApp.length - before.inApp.length).toBe(1);
    expect(after.emails.length - before.emails.length).toBe(1);
    expect(after.inApp.at(-1)).toMatchObject({ actor_id: admin.user.id, reason: 'Cora Newly-Clinical', appointment_id: null });
    // Saving the same roles again grants nothing new: nothing recorded, nobody told.
    expect((await send(admin, 'PUT', `/api/users/${counselor.user.id}`, userBody(counselor, { roles: ['counselor'] }))).statusCode).toBe(200);
    expect(await grantsOf(counselor.user.id)).toHaveLength(1);
    expect((await officerNotices()).inApp).toHaveLength(after.inApp.length);
  });

  it("'view screenings' added to a role counselors hold: each holder recorded", async () => {
    const role = await send(admin, 'POST', '/api/roles', { name: 'interns', permissions: ['view appointments'] });
    const a = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['interns'] });
    const b = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['interns'] });
    const res = await send(admin, 'PUT', `/api/roles/${role.json().data.id}`, { name: 'interns', permissions: ['view appointments', 'view screenings'] });
    expect(res.statusCode, res.body).toBe(200);
    for (const holder of [a, b]) expect((await grantsOf(holder.user.id)).map((g) => g.what)).toEqual(['view screenings through role interns']);
  });

  it('another administrator may give the privacy officer role; it is recorded too', async () => {
    const staff = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const res = await send(admin, 'PUT', `/api/users/${staff.user.id}`, userBody(staff, { roles: ['personnel', 'privacy officer'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await grantsOf(staff.user.id)).map((g) => g.what)).toEqual(['role privacy officer: the access log']);
  });
});

describe("a counselor's trainee flag and clinical supervisor (decision 0201)", () => {
  it('are set by an administrator, shown on the user, and the new supervisor is recorded and told', async () => {
    const supervisor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Sam Supervisor' });
    const trainee = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Tina Trainee' });
    const res = await send(admin, 'PUT', `/api/users/${trainee.user.id}`, userBody(trainee, { roles: ['counselor'], is_trainee: true, clinical_supervisor_id: supervisor.user.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ is_trainee: true, clinical_supervisor_id: supervisor.user.id });
    expect((await grantsOf(supervisor.user.id)).map((g) => g.what)).toEqual(['clinical supervisor of Tina Trainee']);
    // Left out of the body, both stay as they were.
    const kept = await send(admin, 'PUT', `/api/users/${trainee.user.id}`, userBody(trainee, { roles: ['counselor'] }));
    expect(kept.json().data).toMatchObject({ is_trainee: true, clinical_supervisor_id: supervisor.user.id });
    expect(await grantsOf(supervisor.user.id)).toHaveLength(1);
  });

  it('refuses a supervisor who is not an active counselor, the counselor themself, and supervision for other types (422)', async () => {
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const personnel = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const other = await registerCompany(t.app, 'Other Grants School');
    const outsider = await addUser(t.app, other.companyId, { userType: 'counselor' });
    for (const id of [personnel.user.id, outsider.user.id, counselor.user.id]) {
      const res = await send(admin, 'PUT', `/api/users/${counselor.user.id}`, userBody(counselor, { roles: ['counselor'], clinical_supervisor_id: id }));
      expect(res.statusCode, String(id)).toBe(422);
      expect(res.json().errors.clinical_supervisor_id).toHaveLength(1);
    }
    const res = await send(admin, 'PUT', `/api/users/${personnel.user.id}`, userBody(personnel, { is_trainee: true }));
    expect(res.statusCode).toBe(422);
  });
});
