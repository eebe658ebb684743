// Two server processes on one PostgreSQL database (decision 0048): what one process
// decides, the other honours — sessions, sign-out, the no-double-booking rule and the sign-in limits. Each
// process is a real `node` process (test/serve.ts) with its own pool; the test speaks HTTP to both.
// PostgreSQL only: SQLite is one file on one machine (several processes on it would share its one writer).
import { SLOT_TAKEN_MESSAGE } from '@kalinga/contracts/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../test/harness';
import { startServers, type Servers } from '../test/server-processes';
import { ATTEMPT_LIMITS } from './modules/auth/attempt-limits';
import { addCategory, daysAhead, instantOf, setWeek } from '../test/schedule/schedule-helpers';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

let t: TestApp;
let a: Servers;
let b: Servers;
let admin: Actor;
let counselor: Actor;
let personnel: Actor;
let categoryId: number;

async function call(server: Servers, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t.app, 'Two Process School');
    counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    personnel = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    categoryId = await addCategory(t.app, admin.companyId);
    await setWeek(t.app, counselor);
    [a, b] = await Promise.all([startServers(t.config.database, t.config.dataDir, 1), startServers(t.config.database, t.config.dataDir, 1)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
  });

  it('a session signed in on one process works on the other, and signing out on one ends it on both', async () => {
    const login = await call(a, 'POST', '/api/login', {}, { email: personnel.user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const headers = { authorization: `Bearer ${String(login.body.token)}` };
    expect((await call(b, 'GET', '/api/me', headers)).status).toBe(200);
    expect((await call(b, 'POST', '/api/logout', headers)).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/me', headers)).status).toBe(401);
    expect((await call(b, 'GET', '/api/me', headers)).status).toBe(401);
  });

  it('one slot booked from both processes at once: exactly one booking, the rest refused', async () => {
    const at = await instantOf(t.app, personnel, counselor.user.id, daysAhead(3), '10:00');
    const body = { counselor_id: counselor.user.id, appointment_date: at, reason: 'Two processes', category_id: categoryId, location_type: 'online' };
    // Twelve different clients: one client racing themself is refused by the one-session-at-a-time rule instead,
    // whose check waits for the client's row (decisions 0221, 0250); this test is about the counselor's slot.
    const clients = await Promise.all(Array.from({ length: 12 }, () => addUser(t.app, admin.companyId, { userType: 'personnel' })));
    const replies = await Promise.all(clients.map((c, i) => call(i % 2 ? a : b, 'POST', '/api/appointments', c.headers, body)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(11).fill(409)]);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.message).toBe(SLOT_TAKEN_MESSAGE);
    const rows = await t.db.selectFrom('appointments').select('id').where('counselor_id', '=', counselor.user.id).where('appointment_date', '=', at).execute();
    expect(rows).toHaveLength(1);
  });

  it('failed sign-ins spread over both processes reach one limit, seen by both', async () => {
    const target = await addUser(t.app, admin.companyId, { userType: 'student' });
    const wrong = { email: target.user.email, password: 'not-the-password-1' };
    let first429 = 0;
    for (let i = 1; i <= 30 && !first429; i++) {
      if ((await call(i % 2 ? a : b, 'POST', '/api/login', {}, wrong)).status === 429) first429 = i;
    }
    // The same number as one process allows: the count is shared (per process it would take twice as many).
    expect(first429).toBe(ATTEMPT_LIMITS.accountAddress.max + 1);
    expect((await call(a, 'POST', '/api/login', {}, wrong)).status).toBe(429);
    expect((await call(b, 'POST', '/api/login', {}, wrong)).status).toBe(429);
  });
});
