import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../../../test/harness';
import { appointmentRow } from '../../../test/appointment-rows';

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


async function send(actor: Actor, method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

describe('POST /api/users', () => {
  it('creates a member who can sign in with the given password and roles', async () => {
    const admin = await registerCompany(t.app, 'Create Co');
    const body = validBody({ email: 'New.Counselor@Example.test' });
    const res = await send(admin, 'POST', '/api/users', body);
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({ name: 'Nina Counselor', email: 'new.counselor@example.test', user_type: 'counselor', roles: ['counselor'], status: 'active', student_id: null, department: 'Guidance Office', birth_date: '1990-05-01' });
    expect(user.permissions).toEqual(expect.arrayContaining(['manage appointments', 'view reports']));
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'new.counselor@example.test', password: 'longenough1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.roles).toEqual(['counselor']);
    const companies = await t.app.inject({ method: 'GET', url: '/api/user/companies', headers: { authorization: `Bearer ${login.json().token}` } });
    expect(companies.json().data.map((c: { id: number }) => c.id)).toEqual([admin.companyId]);
  });

  it('answers each validation error with a field message', async () => {
    const admin = await registerCompany(t.app, 'Invalid Co');
    const bad = await send(admin, 'POST', '/api/users', { email: 'nope', password: 'short', user_type: 'wizard', roles: [], birth_date: '2001-13-45' });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.email).toEqual(['The email must be a valid email address.']);
    expect(errors.password).toEqual(['The password must be at least 8 characters.']);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['user_type', 'roles', 'birth_date']));

    // A day that does not exist is refused, not stored (decision 0076).
    const unreal = await send(admin, 'POST', '/api/users', validBody({ birth_date: '2023-02-30' }));
    expect(unreal.statusCode).toBe(422);
    expect(unreal.json().errors.birth_date).toEqual(['Use a real calendar date (YYYY-MM-DD).']);
    const common = await send(admin, 'POST', '/api/users', validBody({ password: '12345678' }));
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual(['The password is too common. Please choose a less common one.']);
    const leapDay = await send(admin, 'POST', '/api/users', validBody({ birth_date: '2004-02-29', email: 'leap.day@example.test' }));
    expect(leapDay.statusCode).toBe(201);

    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const inFuture = await send(admin, 'POST', '/api/users', validBody({ birth_date: future }));
    expect(inFuture.statusCode).toBe(422);
    expect(inFuture.json().errors.birth_date).toEqual(['The birth date cannot be in the future.']);

    const unknownRole = await send(admin, 'POST', '/api/users', validBody({ roles: ['counselor', 'wizard'] }));
    expect(unknownRole.statusCode).toBe(422);
    expect(unknownRole.json().errors.roles).toEqual(['The role "wizard" does not exist.']);

    // A role of another company is unknown here.
    const other = await registerCompany(t.app, 'Invalid Other Co');
    await send(other, 'POST', '/api/roles', { name: 'Peer Helper', permissions: [] });
    const foreignRole = await send(admin, 'POST', '/api/users', validBody({ roles: ['Peer Helper'] }));
    expect(foreignRole.statusCode).toBe(422);
  });

  it('answers its field messages in Filipino to a Filipino request, and in English otherwise (decision 0382)', async () => {
    const admin = await registerCompany(t.app, 'Wika Co');
    const inFilipino = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/users', headers: { ...admin.headers, 'accept-language': 'fil' }, payload });
    const unreal = await inFilipino(validBody({ birth_date: '2023-02-30' }));
    expect(unreal.statusCode).toBe(422);
    expect(unreal.json().errors.birth_date).toEqual(['Gumamit ng totoong petsa (YYYY-MM-DD).']);
    expect((await inFilipino(validBody({ birth_date: '30/02/2023' }))).json().errors.birth_date).toEqual(['Gamitin ang format na YYYY-MM-DD.']);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await inFilipino(validBody({ birth_date: future }))).json().errors.birth_date).toEqual(['Hindi puwedeng nasa hinaharap ang petsa ng kapanganakan.']);
    const bad = (await inFilipino({ name: 'x'.repeat(121), email: 'a@example.test', password: 'longenough1', user_type: 'wizard', roles: [], department: 'd'.repeat(121) })).json().errors;
    expect(bad).toMatchObject({
      name: ['Hanggang 120 character lang ang pangalan.'],
      user_type: ['Pumili ng uri ng user: estudyante, empleyado o counselor.'],
      roles: ['Pumili ng kahit isang role.'],
      department: ['Hanggang 120 character lang.'],
    });
    expect((await inFilipino(validBody({ roles: ['wizard'] }))).json().errors.roles).toEqual(['Walang role na "wizard".']);
    // English stays as the schema and the service write it.
    const english = await send(admin, 'POST', '/api/users', validBody({ birth_date: future }));
    expect(english.json().errors.birth_date).toEqual(['The birth date cannot be in the future.']);
  });

  it('refuses a duplicate email, whatever its case, even of another company\'s user', async () => {
    const admin = await registerCompany(t.app, 'Dup Co');
    const other = await registerCompany(t.app, 'Dup Other Co');
    const first = await send(admin, 'POST', '/api/users', validBody({ email: 'dup@example.test' }));
    expect(first.statusCode).toBe(201);
    const again = await send(admin, 'POST', '/api/users', validBody({ email: 'DUP@example.test' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['The email has already been taken.']);
    const elsewhere = await send(admin, 'POST', '/api/users', validBody({ email: other.user.email }));
    expect(elsewhere.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('needs manage users', async () => {
    const admin = await registerCompany(t.app, 'Guard Create Co');
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await send(counselor, 'POST', '/api/users', validBody())).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates fields and roles; a blank password keeps the old one, a new one works and ends their sessions', async () => {
    const admin = await registerCompany(t.app, 'Update Co');
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    const res = await send(admin, 'PUT', `/api/users/${student.user.id}`, validBody({ name: 'Renamed', email: student.user.email, user_type: 'personnel', roles: ['personnel'], password: '', student_id: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renamed', user_type: 'personnel', roles: ['personnel'], student_id: null });
    expect((await get(student, '/api/me')).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: student.user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);

    const withPassword = await send(admin, 'PUT', `/api/users/${student.user.id}`, validBody({ email: student.user.email, roles: ['personnel'], password: 'brand-new-pass' }));
    expect(withPassword.statusCode).toBe(200);
    expect((await get(student, '/api/me')).statusCode).toBe(401);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: student.user.email, password: 'brand-new-pass' } });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses an email another user has, unknown roles and a future birth date, changing nothing', async () => {
    const admin = await registerCompany(t.app, 'Update Invalid Co');
    const a = await addUser(t.app, admin.companyId, { name: 'Keep Me' });
    const taken = await send(admin, 'PUT', `/api/users/${a.user.id}`, validBody({ name: 'Changed', email: admin.user.email }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const role = await send(admin, 'PUT', `/api/users/${a.user.id}`, validBody({ email: a.user.email, roles: ['ghost'] }));
    expect(role.json().errors.roles).toEqual(['The role "ghost" does not exist.']);
    const row = await t.db.selectFrom('users').select('name').where('id', '=', a.user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Keep Me');
  });

  it('a role change alters what the user may do on their next request', async () => {
    const admin = await registerCompany(t.app, 'Role Change Co');
    const staff = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    expect((await get(staff, '/api/users')).statusCode).toBe(403);
    const res = await send(admin, 'PUT', `/api/users/${staff.user.id}`, validBody({ email: staff.user.email, user_type: 'personnel', roles: ['personnel', 'admin'], password: '' }));
    expect(res.statusCode).toBe(200);
    expect((await get(staff, '/api/users')).statusCode).toBe(200);
    expect((await get(staff, '/api/me')).json().user.permissions).toContain('manage users');
  });

  it("the company's last manager cannot lose manage users", async () => {
    const admin = await registerCompany(t.app, 'Last Admin Co');
    const demote = await send(admin, 'PUT', `/api/users/${admin.user.id}`, validBody({ name: 'Me', email: admin.user.email, user_type: 'personnel', roles: ['personnel'] }));
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors.roles[0]).toMatch(/last user with 'manage users'/);
    expect((await get(admin, '/api/me')).json().user.roles).toEqual(['admin']);
    // With a second administrator it is allowed.
    await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['admin'] });
    const ok = await send(admin, 'PUT', `/api/users/${admin.user.id}`, validBody({ name: 'Me', email: admin.user.email, user_type: 'personnel', roles: ['personnel'] }));
    expect(ok.statusCode).toBe(200);
  });

  it("cannot see or touch another company's user (404), and needs manage users", async () => {
    const a = await registerCompany(t.app, 'Touch A');
    const b = await registerCompany(t.app, 'Touch B');
    const bUser = await addUser(t.app, b.companyId, { name: 'B person' });
    const id = bUser.user.id;
    expect((await send(a, 'PUT', `/api/users/${id}`, validBody({ email: bUser.user.email }))).statusCode).toBe(404);
    expect((await send(a, 'PATCH', `/api/users/${id}/toggle-status`)).statusCode).toBe(404);
    expect((await send(a, 'DELETE', `/api/users/${id}`)).statusCode).toBe(404);
    const row = await t.db.selectFrom('users').select(['name', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'B person', status: 'active' });
    const student = await addUser(t.app, a.companyId);
    expect((await send(student, 'PUT', `/api/users/${student.user.id}`, validBody({ email: student.user.email, roles: ['admin'] }))).statusCode).toBe(403);
    expect((await send(a, 'PUT', '/api/users/abc', validBody())).statusCode).toBe(422);
  });
});

describe('PATCH /api/users/:id/toggle-status', () => {
  it('deactivation ends an open session at once; activation lets them sign in again', async () => {
    const admin = await registerCompany(t.app, 'Toggle Co');
    const student = await addUser(t.app, admin.companyId);
    expect((await get(student, '/api/me')).statusCode).toBe(200);
    const off = await send(admin, 'PATCH', `/api/users/${student.user.id}/toggle-status`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('inactive');
    expect((await get(student, '/api/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('access_tokens').select('id').where('user_id', '=', student.user.id).execute()).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: student.user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(422);
    const on = await send(admin, 'PATCH', `/api/users/${student.user.id}/toggle-status`);
    expect(on.json().data.status).toBe('active');
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: student.user.email, password: TEST_PASSWORD } });
    expect(again.statusCode).toBe(200);
  });

  it('an administrator cannot deactivate themself; the last active manager is protected', async () => {
    const admin = await registerCompany(t.app, 'Toggle Self Co');
    const self = await send(admin, 'PATCH', `/api/users/${admin.user.id}/toggle-status`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
    // A second manager (not admin role) may deactivate the first only while someone else keeps manage users.
    const helper = await send(admin, 'POST', '/api/roles', { name: 'Registrar', permissions: ['manage users'] });
    expect(helper.statusCode).toBe(201);
    const second = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['Registrar'] });
    const ok = await send(second, 'PATCH', `/api/users/${admin.user.id}/toggle-status`);
    expect(ok.statusCode).toBe(200);
    // Now `second` is the last active manager: the now-inactive admin cannot act, and second cannot remove themself.
    expect((await send(second, 'PATCH', `/api/users/${second.user.id}/toggle-status`)).statusCode).toBe(422);
  });

  it('needs manage users', async () => {
    const admin = await registerCompany(t.app, 'Toggle Guard Co');
    const student = await addUser(t.app, admin.companyId);
    const other = await addUser(t.app, admin.companyId);
    expect((await send(student, 'PATCH', `/api/users/${other.user.id}/toggle-status`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes the member from this company only; a member of two companies keeps the other', async () => {
    const a = await registerCompany(t.app, 'Delete A');
    const b = await registerCompany(t.app, 'Delete B');
    const both = await addUser(t.app, a.companyId, { name: 'Two Homes' });
    // Also a member of B (as an administrator could arrange in the database; not through the API).
    await t.db.insertInto('company_user').values({ company_id: b.companyId, user_id: both.user.id, is_default: 0, created_at: new Date().toISOString() }).execute();
    const res = await send(a, 'DELETE', `/api/users/${both.user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await get(a, '/api/users?search=two')).json().data).toEqual([]);
    const memberships = await t.db.selectFrom('company_user').select(['company_id', 'is_default']).where('user_id', '=', both.user.id).execute();
    expect(memberships).toEqual([{ company_id: b.companyId, is_default: 1 }]);
    expect((await get(b, '/api/users?search=two')).json().data).toHaveLength(1);

    const solo = await addUser(t.app, a.companyId, { name: 'One Home' });
    expect((await send(a, 'DELETE', `/api/users/${solo.user.id}`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', solo.user.id).executeTakeFirst()).toBeUndefined();
    expect((await get(solo, '/api/me')).statusCode).toBe(401);
  });

  it('refuses to delete oneself, a user with appointments, and without manage users', async () => {
    const admin = await registerCompany(t.app, 'Delete Guard Co');
    const self = await send(admin, 'DELETE', `/api/users/${admin.user.id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot delete your own account.');

    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    const now = new Date().toISOString();
    const category = await t.db
      .insertInto('categories')
      .values({ uuid: crypto.randomUUID(), company_id: admin.companyId, title: 'Stress', description: null, image_path: null, name: null, interest_rate: 0, penalty_rate: 0, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('appointments')
      .values(appointmentRow({ company_id: admin.companyId, counselor_id: counselor.user.id, client_id: student.user.id, category_id: category.id, appointment_date: now, reason: 'Talk', status: 'completed' }))
      .execute();
    const refused = await send(admin, 'DELETE', `/api/users/${student.user.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This user has appointments and cannot be deleted. Deactivate the account instead.');
    expect((await send(admin, 'DELETE', `/api/users/${counselor.user.id}`)).statusCode).toBe(409);

    const other = await addUser(t.app, admin.companyId);
    expect((await send(counselor, 'DELETE', `/api/users/${other.user.id}`)).statusCode).toBe(403);
  });
});

describe("a birth date is checked against the centre's today (decision 0373)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes today's date in Manila after 16:00 UTC, and refuses the day after it, on create and update", async () => {
    const admin = await registerCompany(t.app, 'Birthday Co'); // Asia/Manila
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 01:00 on 30 November in Manila
    const born = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: validBody({ birth_date: '2026-11-30' }) });
    expect(born.statusCode).toBe(201);
    const tomorrow = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: validBody({ birth_date: '2026-12-01' }) });
    expect(tomorrow.statusCode).toBe(422);
    expect(tomorrow.json().errors.birth_date).toEqual(['The birth date cannot be in the future.']);
    const id = born.json().data.id as number;
    const kept = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin.headers, payload: validBody({ birth_date: '2026-11-30', password: '' }) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.birth_date).toBe('2026-11-30');
    const moved = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin.headers, payload: validBody({ birth_date: '2026-12-01', password: '' }) });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.birth_date).toEqual(['The birth date cannot be in the future.']);
  });
});
