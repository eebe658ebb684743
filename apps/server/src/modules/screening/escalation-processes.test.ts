// Escalation with two server processes on one PostgreSQL database (decision 0163): cases past their time when both
// start are swept by both at once; each case goes to every counselor exactly once. PostgreSQL only (SQLite is one
// file with one writer on one machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { startServers, type Servers } from '../../../test/server-processes';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');
const CASES = 12;

let t: TestApp;
let servers: Servers[] = [];

describe.skipIf(!onPostgres)('urgent case escalation with two server processes', () => {
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  it('every due case escalates once: one in-app row per counselor and case', async () => {
    const admin = await registerCompany(t.app, 'Escalation School');
    const counselors = await Promise.all([1, 2, 3].map(() => addUser(t.app, admin.companyId, { userType: 'counselor' })));
    for (let i = 0; i < CASES; i++) {
      const client = await addUser(t.app, admin.companyId, { userType: 'student' });
      expect((await t.app.inject({ method: 'POST', url: '/api/urgent-cases', headers: client.headers })).statusCode).toBe(201);
    }
    // Nobody is on call, so each case told the 3 counselors once already; all fall due now.
    await t.db.updateTable('urgent_cases').set({ escalate_at: new Date(Date.now() - 60_000).toISOString() }).execute();
    servers = await Promise.all([startServers(t.config.database, t.config.dataDir, 1), startServers(t.config.database, t.config.dataDir, 1)]);
    for (;;) {
      const left = await t.db.selectFrom('urgent_cases').select('id').where('escalated_at', 'is', null).execute();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await t.db.selectFrom('notifications').select(['user_id']).where('kind', '=', 'urgent').execute();
    for (const c of counselors) expect(rows.filter((r) => r.user_id === c.user.id)).toHaveLength(2 * CASES);
    const emails = await t.db.selectFrom('outbox').select('id').where('kind', '=', 'urgent').execute();
    expect(emails).toHaveLength(2 * CASES * counselors.length);
  }, 120_000);
});
