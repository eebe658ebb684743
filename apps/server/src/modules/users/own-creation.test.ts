import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../../../test/harness';
import { fil } from '../../i18n/fil';
import { GRANT_FROM_OWN_CREATION } from './clinical-access';

// No grant from one's own creation, and grants and administrator-set passwords told even with no privacy officer
// (decision 0358). Run on PostgreSQL too.

let t: TestApp;
let a: Actor;
let logins = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await registerCompany(t.app, 'Creation School');
});
afterAll(() => t.close());

async function send(actor: Actor, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...actor.headers, ...headers }, payload });
}

/** Creates a user through the API as `by`, then signs in as them (as the person holding both accounts would). */
async function createAndSignIn(by: Actor, name: string, userType: string, roles: string[]): Promise<Actor> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${++logins}@example.test`;
  const res = await send(by, 'POST', '/api/users', { name, email, password: TEST_PASSWORD, user_type: userType, roles });
  expect(res.statusCode, res.body).toBe(201);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: `10.77.${logins}.1` });
  expect(login.statusCode, login.body).toBe(200);
  const token = (login.json() as { token: string }).token;
  const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { token, user, companyId: by.companyId, headers: { authorization: `Bearer ${token}`, 'x-company-id': String(by.companyId) } };
}

function body(actor: Actor, changes: Record<string, unknown>) {
  return { name: actor.user.name, email: actor.user.email, user_type: actor.user.user_type, roles: [actor.user.user_type], ...changes };
}

async function grantsOf(userId: number) {
  return t.db.selectFrom('clinical_grants').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

async function noticesTo(userId: number, kind: string) {
  const inApp = await t.db.selectFrom('notifications').select(['actor_id', 'reason']).where('user_id', '=', userId).where('kind', '=', kind as never).orderBy('id').execute();
  const emails = await t.db.selectFrom('outbox').select(['actor_id', 'reason']).where('recipient_id', '=', userId).where('kind', '=', kind as never).orderBy('id').execute();
  return { inApp, emails };
}

async function recipientsOf(kind: string, companyId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('notifications').select('user_id').where('company_id', '=', companyId).where('kind', '=', kind as never).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

describe('no grant from one\'s own creation', () => {
  it('records who created a user made through the API; the registering administrator has none', async () => {
    const b = await createAndSignIn(a, 'Bea Second', 'personnel', ['admin']);
    expect(b.user.created_by).toBe(a.user.id);
    expect(a.user.created_by).toBeNull();
  });

  it('an account an administrator created cannot give them the counselor type and role, nor the access log (403, both languages); nothing changes', async () => {
    const b = await createAndSignIn(a, 'Bo Puppet', 'personnel', ['admin']);
    for (const changes of [{ user_type: 'counselor', roles: ['admin', 'counselor'] }, { user_type: 'personnel', roles: ['admin', 'privacy officer'] }]) {
      const res = await send(b, 'PUT', `/api/users/${a.user.id}`, body(a, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(403);
      expect(res.json().message).toBe(GRANT_FROM_OWN_CREATION);
    }
    const inFil = await send(b, 'PUT', `/api/users/${a.user.id}`, body(a, { user_type: 'counselor', roles: ['admin', 'counselor'] }), { 'accept-language': 'fil' });
    expect(inFil.statusCode).toBe(403);
    expect(inFil.json().message).toBe(fil['users.grantFromOwnCreation']);
    const row = await t.db.selectFrom('users').select('user_type').where('id', '=', a.user.id).executeTakeFirstOrThrow();
    expect(row.user_type).toBe('personnel');
    expect(await grantsOf(a.user.id)).toHaveLength(0);
  });

  it('nor can an account made by an account it made, down the chain; a role edit that would reach them is refused too', async () => {
    const b = await createAndSignIn(a, 'Bix Chain', 'personnel', ['admin']);
    const c = await createAndSignIn(b, 'Cy Chain', 'personnel', ['admin']);
    expect(c.user.created_by).toBe(b.user.id);
    const res = await send(c, 'PUT', `/api/users/${a.user.id}`, body(a, { user_type: 'personnel', roles: ['admin', 'privacy officer'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(GRANT_FROM_OWN_CREATION);
    // A role only the creator holds, given the access log by the creation's creation.
    const made = await send(a, 'POST', '/api/roles', { name: 'Watchers', permissions: ['view reports'] });
    expect(made.statusCode, made.body).toBe(201);
    expect((await send(a, 'PUT', `/api/users/${a.user.id}`, body(a, { user_type: 'personnel', roles: ['admin', 'Watchers'] }))).statusCode).toBe(200);
    const edit = await send(c, 'PUT', `/api/roles/${made.json().data.id}`, { name: 'Watchers', permissions: ['view reports', 'view access log'] });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(GRANT_FROM_OWN_CREATION);
    expect(await grantsOf(a.user.id)).toHaveLength(0);
  });

  it('a giver who is not the receiver\'s creation may grant: an account of unknown creator, and one the receiver did not create', async () => {
    const company = await registerCompany(t.app, 'Sibling School');
    const x = await addUser(t.app, company.companyId, { userType: 'personnel', roles: ['admin'] }); // created_by unknown
    const b = await createAndSignIn(company, 'Bess Sibling', 'personnel', ['admin']);
    const d = await createAndSignIn(company, 'Dan Sibling', 'counselor', ['counselor']);
    // b and d were both made by the company's first administrator: neither is the other's creation.
    const byB = await send(b, 'PUT', `/api/users/${d.user.id}`, body(d, { roles: ['counselor', 'privacy officer'] }));
    expect(byB.statusCode, byB.body).toBe(200);
    const byX = await send(x, 'PUT', `/api/users/${company.user.id}`, body(company, { user_type: 'personnel', roles: ['admin', 'privacy officer'] }));
    expect(byX.statusCode, byX.body).toBe(200);
    expect(await grantsOf(company.user.id)).toHaveLength(1);
  });

  it('naming as clinical supervisor the account that created one\'s own is refused (403); another administrator may', async () => {
    const company = await registerCompany(t.app, 'Supervision School');
    const supervisor = await addUser(t.app, company.companyId, { userType: 'counselor', name: 'Sam Senior' });
    const made = await addUser(t.app, company.companyId, { userType: 'personnel', roles: ['admin'], extra: { created_by: supervisor.user.id } });
    const trainee = await addUser(t.app, company.companyId, { userType: 'counselor', name: 'Tina Trainee' });
    const refused = await send(made, 'PUT', `/api/users/${trainee.user.id}`, body(trainee, { roles: ['counselor'], is_trainee: true, clinical_supervisor_id: supervisor.user.id }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GRANT_FROM_OWN_CREATION);
    const allowed = await send(company, 'PUT', `/api/users/${trainee.user.id}`, body(trainee, { roles: ['counselor'], is_trainee: true, clinical_supervisor_id: supervisor.user.id }));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('told even with no privacy officer', () => {
  let first: Actor;
  let other: Actor;
  let clinician: Actor;
  let staff: Actor;
  let newcomer: Actor;

  beforeAll(async () => {
    first = await registerCompany(t.app, 'Officerless School');
    other = await addUser(t.app, first.companyId, { userType: 'personnel', roles: ['admin'], name: 'Oli Other' });
    clinician = await addUser(t.app, first.companyId, { userType: 'counselor', roles: ['counselor'], name: 'Cora Clinician' });
    staff = await addUser(t.app, first.companyId, { userType: 'personnel', roles: ['personnel'], name: 'Pat Staff' });
  });

  it('a clinical grant is told to every other active administrator and clinician, never the giver or the receiver', async () => {
    newcomer = await addUser(t.app, first.companyId, { userType: 'counselor', roles: ['student'], name: 'Nell Newcomer' });
    const res = await send(first, 'PUT', `/api/users/${newcomer.user.id}`, body(newcomer, { roles: ['counselor'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await recipientsOf('clinical_access', first.companyId)).toEqual([other.user.id, clinician.user.id].sort((x, y) => x - y));
    expect((await noticesTo(other.user.id, 'clinical_access')).emails).toEqual([{ actor_id: first.user.id, reason: 'Nell Newcomer' }]);
    expect((await noticesTo(staff.user.id, 'clinical_access')).inApp).toHaveLength(0);
  });

  it('a password an administrator sets for a clinician is recorded and told; the clinician is told who set it', async () => {
    const res = await send(first, 'PUT', `/api/users/${clinician.user.id}`, body(clinician, { roles: ['counselor'], password: 'a-new-long-password-7' }));
    expect(res.statusCode, res.body).toBe(200);
    const grants = await grantsOf(clinician.user.id);
    expect(grants.map((g) => [g.granted_by, g.what_key])).toEqual([[first.user.id, 'clinicalGrant.passwordSet']]);
    // The other administrator and the clinician made in the test before: not the giver, not the clinician.
    expect(await recipientsOf('password_set', first.companyId)).toEqual([other.user.id, newcomer.user.id].sort((x, y) => x - y));
    expect(await noticesTo(other.user.id, 'password_set')).toEqual({ inApp: [{ actor_id: first.user.id, reason: clinician.user.name }], emails: [{ actor_id: first.user.id, reason: clinician.user.name }] });
    expect(await noticesTo(clinician.user.id, 'own_password_set')).toEqual({ inApp: [{ actor_id: first.user.id, reason: null }], emails: [{ actor_id: first.user.id, reason: null }] });
  });

  it('with a privacy officer, the grant and the password set are told to the officer alone', async () => {
    const officer = await addUser(t.app, first.companyId, { userType: 'personnel', roles: ['privacy officer'], name: 'Pia Privacy' });
    const res = await send(first, 'PUT', `/api/users/${clinician.user.id}`, body(clinician, { roles: ['counselor'], password: 'another-long-password-8' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticesTo(officer.user.id, 'password_set')).toEqual({ inApp: [{ actor_id: first.user.id, reason: clinician.user.name }], emails: [{ actor_id: first.user.id, reason: clinician.user.name }] });
    expect((await noticesTo(other.user.id, 'password_set')).inApp).toHaveLength(1); // the earlier one only
  });

  it('when the only privacy officer is the giver, the grant is told to the other administrators and clinicians, not to the giver alone', async () => {
    const company = await registerCompany(t.app, 'Officer Giver School');
    const second = await addUser(t.app, company.companyId, { userType: 'personnel', roles: ['admin'] });
    const seen = await addUser(t.app, company.companyId, { userType: 'counselor', roles: ['counselor'] });
    expect((await send(second, 'PUT', `/api/users/${company.user.id}`, body(company, { user_type: 'personnel', roles: ['admin', 'privacy officer'] }))).statusCode).toBe(200);
    const before = await recipientsOf('clinical_access', company.companyId);
    const receiver = await addUser(t.app, company.companyId, { userType: 'counselor', roles: ['student'] });
    expect((await send(company, 'PUT', `/api/users/${receiver.user.id}`, body(receiver, { roles: ['counselor'] }))).statusCode).toBe(200);
    const after = (await recipientsOf('clinical_access', company.companyId)).filter((id, i, all) => all.indexOf(id) === i);
    expect(before).toEqual([seen.user.id]); // the privacy officer role given to the first: told to the clinician, not the giver
    expect((await recipientsOf('clinical_access', company.companyId)).filter((id) => id === company.user.id)).toHaveLength(0);
    expect(after).toEqual([second.user.id, seen.user.id].sort((x, y) => x - y));
  });

  it('a password set for a user without clinical access tells them alone and records no grant; one\'s own password tells no one', async () => {
    const res = await send(first, 'PUT', `/api/users/${staff.user.id}`, body(staff, { password: 'staff-long-password-9' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await grantsOf(staff.user.id)).toHaveLength(0);
    expect((await noticesTo(staff.user.id, 'own_password_set')).emails).toEqual([{ actor_id: first.user.id, reason: null }]);
    const before = await t.db.selectFrom('notifications').select('id').where('company_id', '=', first.companyId).execute();
    const own = await send(first, 'PUT', `/api/users/${first.user.id}`, body(first, { user_type: 'personnel', roles: ['admin'], password: 'my-own-long-password-3' }));
    expect(own.statusCode, own.body).toBe(200);
    expect(await t.db.selectFrom('notifications').select('id').where('company_id', '=', first.companyId).execute()).toHaveLength(before.length);
  });
});
