import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';

// Landlord and tenant exist in every company because the product's role checks name them (decision 0148); nobody is given them
// through the API (decision 0148).
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Unoffered Roles Co');
});
afterAll(async () => {
  await t.close();
});

const body = (roles: string[]) => ({ name: 'Lino Landa', email: `lino-${Math.random().toString(36).slice(2, 8)}@example.test`, password: 'longenough1', user_type: 'personnel', roles });
const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => t.app.inject({ method, url, headers: admin.headers, payload });

describe('the landlord and tenant roles', () => {
  it('are still built into every company (the spec checks for them)', async () => {
    const names = (await call('GET', '/api/roles')).json().data.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['landlord', 'tenant']));
  });

  it('cannot be given to a new user: 422 naming the role, and nobody is created', async () => {
    const res = await call('POST', '/api/users', body(['personnel', 'landlord']));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.roles).toEqual(['The landlord role cannot be given to users: it is built in for compatibility and does nothing in a centre.']);
    const list = await call('GET', '/api/users?search=Lino');
    expect(list.json().data).toEqual([]);
  });

  it('cannot be added to an existing user', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const res = await call('PUT', `/api/users/${user.user.id}`, { ...body(['personnel', 'tenant']), email: user.user.email });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.roles[0]).toMatch(/^The tenant role cannot be given to users/);
  });

  it('may stay with a user who already holds it, and be taken away', async () => {
    const holder = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['personnel', 'landlord'] });
    const kept = await call('PUT', `/api/users/${holder.user.id}`, { ...body(['personnel', 'landlord']), email: holder.user.email });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.roles.sort()).toEqual(['landlord', 'personnel']);
    const dropped = await call('PUT', `/api/users/${holder.user.id}`, { ...body(['personnel']), email: holder.user.email });
    expect(dropped.json().data.roles).toEqual(['personnel']);
    const again = await call('PUT', `/api/users/${holder.user.id}`, { ...body(['personnel', 'landlord']), email: holder.user.email });
    expect(again.statusCode).toBe(422);
  });

  it("is refused before any role check to someone without 'manage users' (403), and another company's user is not found (404)", async () => {
    const student = await addUser(t.app, admin.companyId);
    const own = await t.app.inject({ method: 'PUT', url: `/api/users/${student.user.id}`, headers: student.headers, payload: { ...body(['student', 'landlord']), user_type: 'student', email: student.user.email } });
    expect(own.statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: student.headers, payload: body(['personnel', 'tenant']) });
    expect(created.statusCode).toBe(403);

    const other = await registerCompany(t.app, 'Other Roles Co');
    const theirs = await addUser(t.app, other.companyId, { userType: 'personnel', roles: ['personnel', 'landlord'] });
    const cross = await call('PUT', `/api/users/${theirs.user.id}`, { ...body(['personnel', 'landlord']), email: theirs.user.email });
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toMatch(/landlord/);
    const list = await t.app.inject({ method: 'GET', url: '/api/users?per_page=100', headers: other.headers });
    const still = list.json().data.find((u: { id: number }) => u.id === theirs.user.id);
    expect(still.roles.sort()).toEqual(['landlord', 'personnel']);
  });
});
