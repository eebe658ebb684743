import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { addCategory, setWeek } from '../../../test/schedule/schedule-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setup = (actor: Actor) => t.app.inject({ method: 'GET', url: '/api/company/setup', headers: actor.headers });

describe("a new centre's first-run checklist", () => {
  it('starts with nothing done and ticks each step as it is done; other companies do not count', async () => {
    const admin = await registerCompany(t.app, 'Fresh Centre');
    const other = await registerCompany(t.app, 'Busy Centre');
    const otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
    await setWeek(t.app, otherCounselor);
    await addCategory(t.app, other.companyId);
    await addUser(t.app, other.companyId, { userType: 'student' });

    const fresh = await setup(admin);
    expect(fresh.statusCode).toBe(200);
    // The registering administrator (personnel) is not a client.
    expect(fresh.json().data).toEqual({ counselor: false, schedule: false, category: false, clients: false });

    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await setup(admin)).json().data).toMatchObject({ counselor: true, schedule: false });
    await setWeek(t.app, counselor);
    await addCategory(t.app, admin.companyId);
    expect((await setup(admin)).json().data).toEqual({ counselor: true, schedule: true, category: true, clients: false });
    await addUser(t.app, admin.companyId, { userType: 'personnel' });
    expect((await setup(admin)).json().data).toEqual({ counselor: true, schedule: true, category: true, clients: true });
  });

  it("is for users who may manage users (403 otherwise)", async () => {
    const admin = await registerCompany(t.app, 'Guarded Centre');
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await setup(student)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/company/setup' })).statusCode).toBe(401);
  });
});
