import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kalinga/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Preferences School');
});
afterAll(async () => {
  await t.close();
});

const get = (actor: Actor) => t.app.inject({ method: 'GET', url: '/api/me/notification-preferences', headers: actor.headers });
const put = (actor: Actor, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/me/notification-preferences', headers: actor.headers, payload: payload as object });

describe('/api/me/notification-preferences', () => {
  it('starts from the defaults (completed off) and saves the kinds sent, keeping the others', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const start = await get(user);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    const saved = await put(user, { preferences: { booked: { in_app: true, email: false }, completed: { in_app: true, email: true } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, booked: { in_app: true, email: false }, completed: { in_app: true, email: true } });
    const again = await put(user, { preferences: { booked: { in_app: false, email: false } } });
    expect(again.json().booked).toEqual({ in_app: false, email: false });
    expect(again.json().completed).toEqual({ in_app: true, email: true });
    expect((await get(user)).json()).toEqual(again.json());
  });

  it("is the user's own: another user (also of another company) keeps the defaults", async () => {
    const a = await addUser(t.app, admin.companyId, { userType: 'student' });
    const other = await registerCompany(t.app, 'Other Preferences School');
    await put(a, { preferences: { reminder: { in_app: false, email: false } } });
    expect((await get(admin)).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await get(other)).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('refuses bad input with 422 and saves none of it; no token is 401', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'student' });
    for (const payload of [
      {},
      { preferences: { booked: { in_app: 'yes', email: true } } },
      { preferences: { booked: { in_app: true } } },
      { preferences: { nonsense: { in_app: true, email: true } } },
      { preferences: { reminder: { in_app: false, email: false }, booked: { in_app: 1, email: 0 } } },
    ]) {
      const res = await put(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    expect((await get(user)).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notification-preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/notification-preferences', payload: { preferences: {} } })).statusCode).toBe(401);
  });

  it('takes concurrent saves of the same kinds without an error; one of them wins whole', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'student' });
    const choices = Array.from({ length: 8 }, (_, i) => ({ booked: { in_app: i % 2 === 0, email: i % 2 === 0 }, reminder: { in_app: i % 2 === 0, email: i % 2 === 0 } }));
    const replies = await Promise.all(choices.map((preferences) => put(user, { preferences })));
    expect(replies.map((r) => r.statusCode)).toEqual(choices.map(() => 200));
    const final = (await get(user)).json();
    expect(final.booked).toEqual(final.reminder);
  });
});
