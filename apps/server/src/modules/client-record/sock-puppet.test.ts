import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRows } from '../../../test/client-record/client-access-helpers';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../../../test/harness';
import { answers, submit } from '../../../test/screening/screening-helpers';
import { EMAIL_WRITERS } from '../../email-writers';
import { composeEmail } from '../notifications/email-registry';

// Decision 0356's path, tried again through the API only after decision 0358: an administrator of a centre with no
// privacy officer makes a second administrator account, signs in as it and tries to give the first account clinical
// access; then sets a counselor's password and signs in as them. The first is refused; the second is told.

let t: TestApp;
let admin: Actor;
let care: Actor;
let colleague: Actor;
let screened: Actor;

async function as(actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload && { payload }) });
}

async function signIn(email: string, password: string, companyId: number, address: string): Promise<Actor> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: address });
  expect(login.statusCode, login.body).toBe(200);
  const token = (login.json() as { token: string }).token;
  const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { token, user, companyId, headers: { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) } };
}

/** The notices of grants and passwords a user holds (the intake's urgent case aside). */
async function noticeKinds(userId: number): Promise<string[]> {
  const rows = await t.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).where('kind', 'in', ['clinical_access', 'password_set', 'own_password_set']).orderBy('id').execute();
  return rows.map((r) => r.kind);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Puppet School');
  care = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carla Care' });
  colleague = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Cole League' });
  screened = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Zelda Quillfeather' });
  expect((await submit(t.app, screened, answers(2, 2, 1))).statusCode).toBe(201);
});
afterAll(() => t?.close());

describe("an administrator's second account (decision 0356, closed by 0358)", () => {
  it('cannot give the first account the counselor type and role, nor the access log; the first still reads nothing', async () => {
    const made = await as(admin, 'POST', '/api/users', { name: 'Second Self', email: 'second-self@example.test', password: TEST_PASSWORD, user_type: 'personnel', roles: ['admin'] });
    expect(made.statusCode, made.body).toBe(201);
    const puppet = await signIn('second-self@example.test', TEST_PASSWORD, admin.companyId, '10.66.0.1');
    const base = { name: admin.user.name, email: admin.user.email };
    for (const change of [{ user_type: 'counselor', roles: ['admin', 'counselor'] }, { user_type: 'personnel', roles: ['admin', 'privacy officer'] }]) {
      const res = await as(puppet, 'PUT', `/api/users/${admin.user.id}`, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect((await as(admin, 'GET', '/api/triage')).statusCode).toBe(403);
    const glass = await as(admin, 'POST', `/api/clients/${screened.user.id}/break-glass`, { reason: 'Checking on this student today' });
    expect(glass.statusCode).toBe(403);
    expect((await accessRows(t.db, screened.user.id)).filter((r) => r.viewer_id === admin.user.id)).toHaveLength(0);
    expect(await t.db.selectFrom('clinical_grants').select('id').where('user_id', '=', admin.user.id).execute()).toHaveLength(0);
  });

  it("setting a counselor's password is recorded and told: to the counselor, and with no privacy officer to the other administrator and clinicians, not the giver", async () => {
    const puppet = await t.db.selectFrom('users').select('id').where('email', '=', 'second-self@example.test').executeTakeFirstOrThrow();
    const res = await as(admin, 'PUT', `/api/users/${care.user.id}`, { name: care.user.name, email: care.user.email, user_type: 'counselor', roles: ['counselor'], password: 'taken-over-password-4' });
    expect(res.statusCode, res.body).toBe(200);
    // Signing in as the counselor works, and is no longer unseen.
    await signIn(care.user.email, 'taken-over-password-4', admin.companyId, '10.66.0.2');
    expect(await noticeKinds(care.user.id)).toEqual(['own_password_set']);
    expect(await noticeKinds(colleague.user.id)).toEqual(['password_set']);
    expect(await noticeKinds(puppet.id)).toEqual(['password_set']);
    expect(await noticeKinds(admin.user.id)).toEqual([]);
    const grant = await t.db.selectFrom('clinical_grants').select(['granted_by', 'what_key']).where('user_id', '=', care.user.id).execute();
    expect(grant).toEqual([{ granted_by: admin.user.id, what_key: 'clinicalGrant.passwordSet' }]);
    // The emails go out beside the in-app notices.
    const emails = await t.db.selectFrom('outbox').select(['recipient_id', 'kind']).where('company_id', '=', admin.companyId).where('kind', 'in', ['password_set', 'own_password_set']).orderBy('recipient_id').execute();
    expect(emails).toEqual(
      [
        { recipient_id: care.user.id, kind: 'own_password_set' },
        { recipient_id: colleague.user.id, kind: 'password_set' },
        { recipient_id: puppet.id, kind: 'password_set' },
      ].sort((x, y) => x.recipient_id - y.recipient_id),
    );
    // Written through the registry from the rows as queued: the names and the words, never a client.
    const rows = await t.db.selectFrom('outbox').selectAll().where('company_id', '=', admin.companyId).where('kind', 'in', ['password_set', 'own_password_set']).execute();
    for (const row of rows) {
      const message = await composeEmail(EMAIL_WRITERS[row.kind], t.db, row, { publicUrl: 'https://care.example.test', now: Date.now() });
      expect(message?.text).toContain(admin.user.name);
      expect(message?.text).not.toContain(screened.user.name);
      if (row.kind === 'own_password_set') expect(message?.text).toContain("If you did not ask for it, tell your centre's privacy officer.");
      else expect(message?.text).toContain(`set the password of ${care.user.name}`);
    }
  });
});
