import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { answers, call, submit } from '../../../test/screening/screening-helpers';
import { referTo } from '../../../test/client-record/client-access-helpers';

// The privacy officer's Access log (decision 0204): who opened whose record, when, what, by which right and why;
// filters, pages and a CSV; for 'view access log' only, and only the company's own entries.

let t: TestApp;
let admin: Actor;
let officer: Actor;
let carla: Actor;
let bruno: Actor;
let ana: Actor;
let ben: Actor;

const REASON = 'Client called the hotline at night; file needed now.';

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Log School');
  officer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['privacy officer'] });
  carla = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carla Counselor' });
  bruno = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Bruno Breaker' });
  ana = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Ana Alvarez' });
  ben = await addUser(t.app, admin.companyId, { userType: 'student', name: '=Ben Bautista' });
  for (const c of [ana, ben]) {
    await submit(t.app, c, answers(1, 1));
    await referTo(t.db, admin.companyId, carla.user.id, c.user.id);
    await call(t.app, carla, 'GET', `/api/clients/${c.user.id}/screenings`);
  }
  await call(t.app, bruno, 'POST', `/api/clients/${ana.user.id}/break-glass`, { reason: REASON });
  await call(t.app, carla, 'GET', '/api/triage');
  const other = await registerCompany(t.app, 'Other Log School');
  const otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor', name: 'Elsewhere Counselor' });
  const otherClient = await addUser(t.app, other.companyId, { userType: 'student' });
  await referTo(t.db, other.companyId, otherCounselor.user.id, otherClient.user.id);
  await submit(t.app, otherClient, answers(1, 1));
  await call(t.app, otherCounselor, 'GET', `/api/clients/${otherClient.user.id}/screenings`);
});
afterAll(() => t.close());

type Entry = { viewer_name: string; client_name: string; kind: string; via: string; reason: string | null };

describe('GET /api/access-log', () => {
  it("lists the company's entries newest first with who, whose, what, by which right and the break-the-glass reason", async () => {
    const res = await call(t.app, officer, 'GET', '/api/access-log?per_page=50');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Entry[];
    expect(data.map((e) => e.viewer_name)).not.toContain('Elsewhere Counselor');
    expect(data[0]).toMatchObject({ viewer_name: 'Carla Counselor', kind: 'triage_list', via: 'list', reason: null });
    expect(data.find((e) => e.via === 'break_glass')).toMatchObject({ viewer_name: 'Bruno Breaker', client_name: 'Ana Alvarez', kind: 'client_file', reason: REASON });
    expect(data.filter((e) => e.kind === 'screenings' && e.via === 'care_team')).toHaveLength(2);
    expect(res.json().meta.total).toBe(data.length);
  });

  it('filters by person, client, kind and days, and pages', async () => {
    const get = async (q: string) => (await call(t.app, officer, 'GET', `/api/access-log?${q}`)).json();
    expect((await get('person=bruno')).data.map((e: Entry) => e.kind)).toEqual(['client_file']);
    expect((await get('client=ana&kind=screenings')).data.map((e: Entry) => e.viewer_name)).toEqual(['Carla Counselor']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`from=2000-01-01&to=2000-01-02`)).meta.total).toBe(0);
    const all = (await get('per_page=100')).meta.total;
    expect((await get(`from=${today.slice(0, 8)}01`)).meta.total).toBeGreaterThan(0);
    const page = await get('per_page=2&page=2');
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 2, total: all });
  });

  it('refuses bad filters (422), and anyone without the permission (403): an administrator, a counselor', async () => {
    for (const q of ['kind=everything', 'from=2024-02-30', 'from=2024-03-02&to=2024-03-01', 'per_page=1000']) {
      expect((await call(t.app, officer, 'GET', `/api/access-log?${q}`)).statusCode, q).toBe(422);
    }
    for (const actor of [admin, carla, ana]) {
      expect((await call(t.app, actor, 'GET', '/api/access-log')).statusCode).toBe(403);
      expect((await call(t.app, actor, 'GET', '/api/access-log/export')).statusCode).toBe(403);
    }
  });
});

describe('GET /api/access-log/export', () => {
  it('downloads the filtered entries as CSV, a name that looks like a formula kept as text', async () => {
    const res = await call(t.app, officer, 'GET', '/api/access-log/export?kind=screenings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="access-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"When (UTC)","Person","Client","What","By right of","Reason"');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"Carla Counselor","'=Ben Bautista","Screenings","Care team",""`);
    expect(res.body).not.toContain('Elsewhere');
  });

  it("names the file with the centre's day, not UTC's (decision 0373)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 01:00 on 30 November in Manila
      const res = await call(t.app, officer, 'GET', '/api/access-log/export');
      expect(res.headers['content-disposition']).toBe('attachment; filename="access-log-2026-11-30.csv"');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/access-log/grants', () => {
  it('lists who was given clinical access, by whom, newest first; only to the privacy officer, only the company\'s', async () => {
    const newcomer = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['personnel'], name: 'Nora Newcomer' });
    const put = await call(t.app, admin, 'PUT', `/api/users/${newcomer.user.id}`, { name: 'Nora Newcomer', email: newcomer.user.email, user_type: 'counselor', roles: ['counselor'] });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call(t.app, officer, 'GET', '/api/access-log/grants');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ user_name: 'Nora Newcomer', granted_by_name: admin.user.name, what: 'role counselor', kind: 'grant' });
    expect(res.json().meta.total).toBe(1);
    // A password an administrator set is listed as what it is, not as access given (decision 0358).
    const reset = await call(t.app, admin, 'PUT', `/api/users/${newcomer.user.id}`, { name: 'Nora Newcomer', email: newcomer.user.email, user_type: 'counselor', roles: ['counselor'], password: 'set-by-the-admin-7' });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = (await call(t.app, officer, 'GET', '/api/access-log/grants')).json();
    expect(after.data[0]).toMatchObject({ user_name: 'Nora Newcomer', granted_by_name: admin.user.name, what: 'password set by an administrator', kind: 'password_set' });
    expect(after.data[1]).toMatchObject({ kind: 'grant' });
    for (const actor of [admin, carla]) expect((await call(t.app, actor, 'GET', '/api/access-log/grants')).statusCode).toBe(403);
    expect((await call(t.app, officer, 'GET', '/api/access-log/grants?page=0')).statusCode).toBe(422);
  });
});
