import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function call(actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });
}

interface RoleJson {
  id: number;
  name: string;
  permissions: string[];
  users_count: number;
  is_system: boolean;
}
async function roleNamed(actor: Actor, name: string): Promise<RoleJson> {
  return ((await call(actor, 'GET', '/api/roles')).json().data as RoleJson[]).find((r) => r.name === name)!;
}

describe('GET /api/roles and /api/permissions', () => {
  it('lists the seeded roles with permissions and member counts, and the twelve permissions', async () => {
    const admin = await registerCompany(t.app, 'Roles Co');
    await addUser(t.app, admin.companyId, { userType: 'counselor' });
    await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const res = await call(admin, 'GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    const roles = res.json().data as RoleJson[];
    expect(roles.map((r) => r.name)).toEqual(['admin', 'counselor', 'personnel', 'student', 'privacy officer', 'landlord', 'tenant']);
    expect(roles[0]).toMatchObject({ users_count: 1, is_system: true });
    // Every permission but 'view screenings', which is the counselors' (decision 0162), and 'view access log', the
    // privacy officer's (decision 0200).
    expect(roles[0].permissions).toHaveLength(10);
    expect(roles[0].permissions).not.toContain('view screenings');
    expect(roles[0].permissions).not.toContain('view access log');
    expect(roles[4]).toMatchObject({ name: 'privacy officer', permissions: ['view access log'], is_system: true });
    expect(roles[1]).toMatchObject({ name: 'counselor', users_count: 2 });
    expect(roles[1].permissions).toContain('view screenings');
    const perms = await call(admin, 'GET', '/api/permissions');
    expect(perms.json().data.map((p: { name: string }) => p.name)).toEqual([
      'manage users', 'view appointments', 'view resources', 'view reports', 'manage resources', 'manage appointments', 'view lending', 'manage lending',
      'backdate lending', 'view screenings', 'view access log', 'manage branches',
    ]);
  });

  it('needs manage users', async () => {
    const admin = await registerCompany(t.app, 'Roles Guard Co');
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await call(counselor, 'GET', '/api/roles')).statusCode).toBe(403);
    expect((await call(counselor, 'GET', '/api/permissions')).statusCode).toBe(403);
    expect((await call(counselor, 'POST', '/api/roles', { name: 'X', permissions: [] })).statusCode).toBe(403);
    const role = await roleNamed(admin, 'student');
    expect((await call(counselor, 'PUT', `/api/roles/${role.id}`, { name: 'student', permissions: [] })).statusCode).toBe(403);
    expect((await call(counselor, 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(403);
  });
});

describe('writing roles', () => {
  it('creates, renames and deletes a custom role; validates name and permissions', async () => {
    const admin = await registerCompany(t.app, 'Custom Role Co');
    const created = await call(admin, 'POST', '/api/roles', { name: 'Peer Helper', permissions: ['view resources', 'view appointments'] });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Peer Helper', permissions: ['view appointments', 'view resources'], users_count: 0, is_system: false });
    const id = created.json().data.id;

    const dup = await call(admin, 'POST', '/api/roles', { name: 'peer helper', permissions: [] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['The name has already been taken.']);
    const bad = await call(admin, 'POST', '/api/roles', { name: '', permissions: ['fly'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'permissions.0']));

    const renamed = await call(admin, 'PUT', `/api/roles/${id}`, { name: 'Peer Counselor', permissions: ['view resources'] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Peer Counselor', permissions: ['view resources'] });

    expect((await call(admin, 'DELETE', `/api/roles/${id}`)).statusCode).toBe(200);
    expect(await roleNamed(admin, 'Peer Counselor')).toBeUndefined();
  });

  it('refuses to delete a role users hold, and built-in roles; built-in roles keep their names', async () => {
    const admin = await registerCompany(t.app, 'Held Role Co');
    const created = await call(admin, 'POST', '/api/roles', { name: 'Intern', permissions: [] });
    await addUser(t.app, admin.companyId, { roles: ['Intern'] });
    const refused = await call(admin, 'DELETE', `/api/roles/${created.json().data.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This role is held by 1 user. Give them another role before deleting it.');
    const landlord = await roleNamed(admin, 'landlord');
    expect((await call(admin, 'DELETE', `/api/roles/${landlord.id}`)).statusCode).toBe(409);
    const counselor = await roleNamed(admin, 'counselor');
    const rename = await call(admin, 'PUT', `/api/roles/${counselor.id}`, { name: 'Guidance', permissions: counselor.permissions });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors.name).toEqual(['The counselor role cannot be renamed.']);
  });

  it("the admin role cannot lose 'manage users'; no role change may leave the company without a manager", async () => {
    const admin = await registerCompany(t.app, 'Admin Role Co');
    const adminRole = await roleNamed(admin, 'admin');
    const res = await call(admin, 'PUT', `/api/roles/${adminRole.id}`, { name: 'admin', permissions: ['view reports'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.permissions).toEqual(["The admin role cannot lose 'manage users'."]);
    expect((await roleNamed(admin, 'admin')).permissions).toHaveLength(10);

    // A custom managing role whose only holder is the only active manager cannot drop the permission.
    const reg = (await call(admin, 'POST', '/api/roles', { name: 'Registrar', permissions: ['manage users'] })).json().data;
    const registrar = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['Registrar'] });
    await call(registrar, 'PATCH', `/api/users/${admin.user.id}/toggle-status`);
    const drop = await call(registrar, 'PUT', `/api/roles/${reg.id}`, { name: 'Registrar', permissions: [] });
    expect(drop.statusCode).toBe(422);
    expect(drop.json().message).toMatch(/last user with 'manage users'/);
  });

  it('a permission change takes effect on the affected users\' next request', async () => {
    const admin = await registerCompany(t.app, 'Effect Co');
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await call(counselor, 'GET', '/api/me')).json().user.permissions).toContain('view reports');
    const role = await roleNamed(admin, 'counselor');
    const res = await call(admin, 'PUT', `/api/roles/${role.id}`, { name: 'counselor', permissions: role.permissions.filter((p) => p !== 'view reports') });
    expect(res.statusCode).toBe(200);
    expect((await call(counselor, 'GET', '/api/me')).json().user.permissions).not.toContain('view reports');
    // And a granted permission opens a guarded call at once.
    expect((await call(counselor, 'GET', '/api/roles')).statusCode).toBe(403);
    await call(admin, 'PUT', `/api/roles/${role.id}`, { name: 'counselor', permissions: [...role.permissions, 'manage users'] });
    expect((await call(counselor, 'GET', '/api/roles')).statusCode).toBe(200);
  });

  it("cannot see or change another company's roles", async () => {
    const a = await registerCompany(t.app, 'Roles A');
    const b = await registerCompany(t.app, 'Roles B');
    const bRole = (await call(b, 'POST', '/api/roles', { name: 'B only', permissions: [] })).json().data;
    expect((await call(a, 'GET', '/api/roles')).json().data.map((r: RoleJson) => r.name)).not.toContain('B only');
    expect((await call(a, 'PUT', `/api/roles/${bRole.id}`, { name: 'Hijacked', permissions: ['manage users'] })).statusCode).toBe(404);
    expect((await call(a, 'DELETE', `/api/roles/${bRole.id}`)).statusCode).toBe(404);
    expect((await roleNamed(b, 'B only')).permissions).toEqual([]);
  });
});
