import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../../../test/harness';
import * as passwords from '../../lib/passwords';

// A pass-through spy: shows which stored hash each sign-in was checked against.
vi.mock('../../lib/passwords', async (original) => {
  const real = await original<typeof import('../../lib/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Secrets School');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear();
});

const FAILED = 'These credentials do not match our records.';
let address = 0;
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: `10.20.0.${++address}` });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

describe('sign-in tells nothing about which emails exist', () => {
  it('answers an unknown email, a wrong password and an inactive account alike, each after a full password check', async () => {
    const user = await addUser(t.app, admin.companyId);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', user.user.id).execute();
    const known = await addUser(t.app, admin.companyId);
    vi.mocked(passwords.verifyPassword).mockClear();

    const replies = [await signIn('nobody-at-all@example.test', TEST_PASSWORD), await signIn(known.user.email, 'wrong-password'), await signIn(user.user.email, TEST_PASSWORD)];
    for (const r of replies) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ message: FAILED, errors: { email: [FAILED] } });
    }
    // Three scrypt checks, the unknown email's against a stored-looking hash of its own.
    const hashes = vi.mocked(passwords.verifyPassword).mock.calls.map(([, hash]) => hash);
    expect(hashes).toHaveLength(3);
    expect(hashes[0]).toMatch(/^scrypt\$/);
    expect(hashes[0]).not.toBe(known.user.password_hash);
  });
});

describe('changing the password', () => {
  it("ends the user's other sessions and keeps the one that changed it", async () => {
    const user = await addUser(t.app, admin.companyId);
    const other = (await signIn(user.user.email, TEST_PASSWORD)).json().token as string;
    expect((await me(other)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: user.headers, payload: { name: 'Renamed', current_password: TEST_PASSWORD, new_password: 'a-brand-new-pass' } });
    expect(res.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    // A name-only change ends nothing.
    const again = (await signIn(user.user.email, 'a-brand-new-pass')).json().token as string;
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: user.headers, payload: { name: 'Renamed again' } })).statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(200);
  });
});

describe('common passwords', () => {
  const TOO_COMMON = 'The password is too common. Please choose a less common one.';

  it('are refused at registration with a field message', async () => {
    for (const password of ['password', '12345678', '        ', 'Qwertyuiop', 'aaaaaaaaaa', 'iloveyou1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.21.0.1',
        payload: { name: 'Common', email: 'common@example.test', password, password_confirmation: password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors).toEqual({ password: [TOO_COMMON] });
    }
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.21.0.2',
      payload: { name: 'Own', email: 'rosalinda@example.test', password: 'rosalinda', password_confirmation: 'rosalinda' },
    });
    expect(own.json().errors).toEqual({ password: [TOO_COMMON] });
  });

  it('are refused as a new password, and the demo and test passwords are not on the list', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'Admin', current_password: TEST_PASSWORD, new_password: 'password1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ new_password: ['The new password is too common. Please choose a less common one.'] });
    const demo = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'Admin', current_password: TEST_PASSWORD, new_password: 'kalinga-demo' } });
    expect(demo.statusCode).toBe(200);
  });
});
