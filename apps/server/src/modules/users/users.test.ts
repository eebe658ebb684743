import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const validBody = (over: Record<string, unknown> = {}) => ({
  name: 'Nina Counselor',
  email: `nina-${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: 'longenough1',
  user_type: 'counselor',
  roles: ['counselor'],
  student_id: '',
  department: 'Guidance Office',
  birth_date: '1990-05-01',
  ...over,
});

async function get(actor: Actor, url: string) {
  return t.app.inject({ method: 'GET', url, headers: actor.headers });
}

describe('GET /api/users', () => {
  it('lists the company members with roles, permissions and pagination meta, newest first', async () => {
    const admin = await registerCompany(t.app, 'List Co');
    for (let i = 0; i < 11; i++) await addUser(t.app, admin.companyId, { userType: 'student', name: `Student ${i}`, extra: { student_id: `S-${100 + i}` } });
    const res = await get(admin, '/api/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12, from: 1, to: 10 });
    expect(body.data).toHaveLength(10);
    const first = body.data[0];
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'student_id', 'user_type', 'department', 'birth_date', 'roles', 'permissions', 'status']),
    );
    expect(first).not.toHaveProperty('password_hash');
    expect(first.roles).toEqual(['student']);
    expect(first.permissions).toEqual(expect.arrayContaining(['view appointments', 'view resources']));
    const page2 = await get(admin, '/api/users?page=2');
    expect(page2.json().data).toHaveLength(2);
    expect(page2.json().data.map((u: { name: string }) => u.name)).toContain('List Co Admin');
  });

  it('searches name, email and student ID case-insensitively and filters by role and user type', async () => {
    const admin = await registerCompany(t.app, 'Filter Co');
    await addUser(t.app, admin.companyId, { userType: 'student', name: 'Maria Clara', extra: { student_id: '2024-ABC' } });
    await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Crisostomo Ibarra' });
    await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Padre Damaso' });
    const names = async (q: string) => (await get(admin, `/api/users?${q}`)).json().data.map((u: { name: string }) => u.name);
    expect(await names('search=MARIA')).toEqual(['Maria Clara']);
    expect(await names('search=2024-abc')).toEqual(['Maria Clara']);
    expect(await names('search=personnel-')).toEqual(['Crisostomo Ibarra']);
    expect(await names('user_type=counselor')).toEqual(['Padre Damaso']);
    expect(await names('role=admin')).toEqual(['Filter Co Admin']);
    expect(await names('search=%25')).toEqual([]);
    expect((await get(admin, '/api/users?user_type=wizard')).statusCode).toBe(422);
  });

  it('gives any member id and name of the active counselors, and nothing else without manage users', async () => {
    const admin = await registerCompany(t.app, 'Picker Co');
    const c1 = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Zed Counselor' });
    const off = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Off Counselor' });
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', off.user.id).execute();
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    const res = await get(student, '/api/users?user_type=counselor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: c1.user.id, name: 'Zed Counselor' }]);
    expect(res.json().meta.total).toBe(1);
    expect((await get(student, '/api/users')).statusCode).toBe(403);
    expect((await get(student, '/api/users?user_type=student')).statusCode).toBe(403);
    // Another company's counselors never appear.
    const other = await registerCompany(t.app, 'Other Picker Co');
    await addUser(t.app, other.companyId, { userType: 'counselor', name: 'Foreign Counselor' });
    expect((await get(student, '/api/users?user_type=counselor')).json().data.map((u: { name: string }) => u.name)).toEqual(['Zed Counselor']);
  });

  it("never shows another company's users", async () => {
    const a = await registerCompany(t.app, 'Alpha Co');
    const b = await registerCompany(t.app, 'Beta Co');
    await addUser(t.app, b.companyId, { name: 'Beta Student' });
    const res = await get(a, '/api/users?search=beta');
    expect(res.json().data).toEqual([]);
    // Asking for company B with A's token is refused.
    const cross = await t.app.inject({ method: 'GET', url: '/api/users', headers: { ...a.headers, 'x-company-id': String(b.companyId) } });
    expect(cross.statusCode).toBe(403);
  });
});

describe('GET /api/users/search', () => {
  it('finds students by name, student ID or email for counselors and managers; 404 when none match', async () => {
    const admin = await registerCompany(t.app, 'Search Co');
    const s = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Jose Protacio', extra: { student_id: 'ST-777' } });
    await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Jose Staff' });
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const res = await get(counselor, '/api/users/search?query=jose&role=student');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: s.user.id, name: 'Jose Protacio', student_id: 'ST-777' }]);
    expect((await get(counselor, '/api/users/search?query=st-7&role=student')).json()).toHaveLength(1);
    expect((await get(counselor, `/api/users/search?query=${encodeURIComponent(s.user.email.toUpperCase())}&role=student`)).json()).toHaveLength(1);
    expect((await get(admin, '/api/users/search?query=jose&role=student')).statusCode).toBe(200);
    const none = await get(counselor, '/api/users/search?query=nobody&role=student');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No students found');
    expect((await get(counselor, '/api/users/search?role=student')).statusCode).toBe(422);
  });

  it('is refused to students and personnel, and never finds another company', async () => {
    const admin = await registerCompany(t.app, 'Search Guard Co');
    const student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Only Here' });
    const personnel = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    expect((await get(student, '/api/users/search?query=only&role=student')).statusCode).toBe(403);
    expect((await get(personnel, '/api/users/search?query=only&role=student')).statusCode).toBe(403);
    const other = await registerCompany(t.app, 'Search Other Co');
    expect((await get(other, '/api/users/search?query=only&role=student')).statusCode).toBe(404);
  });
});

export { validBody, TEST_PASSWORD };
