import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, multipart, PNG_1PX, registerCompany, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { addMember, setUserRoles } from '../companies/company.repository';
import { hashToken } from '../../lib/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('registration and sessions', () => {
  it('register → me → logout → the token no longer works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Rosa Admin', email: 'Rosa@Example.test', password: 'longenough', password_confirmation: 'longenough', companyName: '' },
    });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json();
    expect(user).toMatchObject({ name: 'Rosa Admin', email: 'rosa@example.test', role: 'admin', roles: ['admin'], username: 'Rosa Admin', status: 'active' });
    expect(user.permissions).toEqual(expect.arrayContaining(['manage users', 'view reports', 'manage appointments']));
    expect(user).not.toHaveProperty('password_hash');

    const companies = await t.app.inject({ method: 'GET', url: '/api/user/companies', headers: { authorization: `Bearer ${token}` } });
    // A blank company name falls back to the email.
    expect(companies.json().data).toEqual([{ id: expect.any(Number), name: 'rosa@example.test', pivot: { is_default: true } }]);

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('rosa@example.test');

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
  });

  it('stores only a hash of each token', async () => {
    const admin = await registerCompany(t.app, 'Hash Co');
    const rows = await t.db.selectFrom('access_tokens').select('token_hash').where('user_id', '=', admin.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashToken(admin.token));
    expect(rows[0].token_hash).not.toContain(admin.token);
  });

  it('refuses a taken email and mismatched confirmation with field messages', async () => {
    const admin = await registerCompany(t.app, 'Taken Co');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'X', email: admin.user.email, password: 'longenough', password_confirmation: 'different1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'X', email: admin.user.email.toUpperCase(), password: 'longenough', password_confirmation: 'longenough' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('validation errors name each field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'not-an-email', password: 'short' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['name', 'email', 'password', 'password_confirmation']));
    expect(body.errors.name).toEqual(['The name field is required.']);
    expect(JSON.stringify(body)).not.toMatch(/stack|select|insert/i);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const admin = await registerCompany(t.app, 'Login Co');
    const ok = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.user.email, password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.user.email, password: 'wrong-password' }, remoteAddress: '10.1.1.1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('These credentials do not match our records.');
  });
  // The sign-in limits: sign-in-limits.test.ts.
});

describe('tokens', () => {
  it('an expired token gets 401', async () => {
    const admin = await registerCompany(t.app, 'Expiry Co');
    await t.db.updateTable('access_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', admin.user.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: admin.headers });
    expect(res.statusCode).toBe(401);
  });

  it("a deactivated user's token stops working at once", async () => {
    const admin = await registerCompany(t.app, 'Deactivate Co');
    const student = await addUser(t.app, admin.companyId);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: student.headers })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', student.user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: student.headers })).statusCode).toBe(401);
  });

  it('no token or a made-up token gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer made-up' } })).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it('X-Company-Id of a company the user is not in gets 403', async () => {
    const a = await registerCompany(t.app, 'Company A');
    const b = await registerCompany(t.app, 'Company B');
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${a.token}`, 'x-company-id': String(b.companyId) } });
    expect(res.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: '/api/me', headers: a.headers });
    expect(own.statusCode).toBe(200);
  });

  it('roles and permissions come from the chosen company only (default company without the header)', async () => {
    const a = await registerCompany(t.app, 'Two Roles A');
    const b = await registerCompany(t.app, 'Two Roles B');
    // A student in A (default) who is also a counselor in B.
    const both = await addUser(t.app, a.companyId, { userType: 'student' });
    await addMember(t.db, b.companyId, both.user.id, false);
    await setUserRoles(t.db, b.companyId, both.user.id, ['counselor', 'personnel']);
    const me = async (company?: string) =>
      t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${both.token}`, ...(company === undefined ? {} : { 'x-company-id': company }) } });
    const inA = (await me()).json().user;
    expect(inA.roles).toEqual(['student']);
    expect([...inA.permissions].sort()).toEqual(['view appointments', 'view resources']);
    const inB = (await me(String(b.companyId))).json().user;
    expect([...inB.roles].sort()).toEqual(['counselor', 'personnel']);
    expect(inB.permissions).toEqual(expect.arrayContaining(['manage appointments', 'view reports']));
    // The default flag picks the company when the header is absent or blank.
    await t.db.updateTable('company_user').set({ is_default: 0 }).where('user_id', '=', both.user.id).execute();
    await t.db.updateTable('company_user').set({ is_default: 1 }).where('user_id', '=', both.user.id).where('company_id', '=', b.companyId).execute();
    expect([...(await me('')).json().user.roles].sort()).toEqual(['counselor', 'personnel']);
    // A malformed header is 403 for a valid token, 401 without one.
    expect((await me('abc')).statusCode).toBe(403);
    expect((await me('-1')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer made-up', 'x-company-id': 'abc' } })).statusCode).toBe(401);
    // A member without roles is signed in with no permissions; a user of no company is refused.
    await setUserRoles(t.db, b.companyId, both.user.id, []);
    const bare = (await me(String(b.companyId))).json().user;
    expect(bare.permissions).toEqual([]);
    await t.db.deleteFrom('company_user').where('user_id', '=', both.user.id).execute();
    const none = await me();
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('You do not belong to any company.');
  });

  it("a student's permissions come from the student role", async () => {
    const admin = await registerCompany(t.app, 'Roles Co');
    const student = await addUser(t.app, admin.companyId);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: student.headers })).json().user;
    expect(me.role).toBe('student');
    expect([...me.permissions].sort()).toEqual(['view appointments', 'view resources']);
  });
});

describe('profile', () => {
  it('changes the name, and the password only with the right current one', async () => {
    const admin = await registerCompany(t.app, 'Profile Co');
    const renamed = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'New Name' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.name).toBe('New Name');

    const wrong = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'New Name', current_password: 'wrong-one', new_password: 'brand-new-pass' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);

    const half = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'New Name', new_password: 'brand-new-pass' } });
    expect(half.statusCode).toBe(422);

    const ok = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'New Name', current_password: TEST_PASSWORD, new_password: 'brand-new-pass' } });
    expect(ok.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.user.email, password: 'brand-new-pass' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('image uploads', () => {
  it('stores a real image as the avatar and serves it with nosniff', async () => {
    const admin = await registerCompany(t.app, 'Avatar Co');
    const form = multipart({}, { field: 'avatar', filename: 'me.png', content: PNG_1PX, type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/avatar', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.avatar;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('refuses a text file named .png with 422 and a file over 2 MB with 413', async () => {
    const admin = await registerCompany(t.app, 'Upload Co');
    const fake = multipart({}, { field: 'avatar', filename: 'evil.png', content: Buffer.from('<script>alert(1)</script>'), type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/avatar', headers: { ...admin.headers, ...fake.headers }, payload: fake.payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.avatar).toEqual(['Please select an image file']);

    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG_1PX.length)]);
    const large = multipart({}, { field: 'avatar', filename: 'big.png', content: big, type: 'image/png' });
    const tooBig = await t.app.inject({ method: 'POST', url: '/api/auth/avatar', headers: { ...admin.headers, ...large.headers }, payload: large.payload });
    expect(tooBig.statusCode).toBe(413);
  });
});

describe('health and docs', () => {
  it('answers health and serves the OpenAPI document without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths['/api/login']).toBeDefined();
  });
});
