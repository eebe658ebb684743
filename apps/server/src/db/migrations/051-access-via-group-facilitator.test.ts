import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { migrateTo, migrateToLatest } from '../migrate';

// Migration 051 (decision 0340): the access log takes 'group_facilitator' as its `via`, keeps every row with its id,
// stays append-only, and still refuses a `via` it does not know (SQLite rebuilds the table; PostgreSQL swaps the check).

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let client: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Access Via Centre');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  client = await addUser(t.app, admin.companyId, { userType: 'student' });
});
afterAll(async () => t?.close());

const row = (via: string) => ({ company_id: admin.companyId, viewer_id: counselor.user.id, client_id: client.user.id, kind: 'case_notes', via: via as 'care_team', grant_id: null, at: new Date().toISOString() });
const rows = () => t.db.selectFrom('client_access_log').select(['id', 'via']).where('company_id', '=', admin.companyId).orderBy('id').execute();

describe('migration 051-access-via-group-facilitator', () => {
  it("takes a facilitator's row, refuses an unknown via, and keeps the log append-only", async () => {
    await t.db.insertInto('client_access_log').values(row('care_team')).execute();
    await t.db.insertInto('client_access_log').values(row('group_facilitator')).execute();
    await expect(t.db.insertInto('client_access_log').values(row('friend_of_the_family')).execute()).rejects.toThrow();
    expect((await rows()).map((r) => r.via)).toEqual(['care_team', 'group_facilitator']);
    await expect(t.db.updateTable('client_access_log').set({ via: 'care_team' }).where('via', '=', 'group_facilitator').execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('client_access_log').where('company_id', '=', admin.companyId).execute()).rejects.toThrow(/append-only/);
  });

  it('down names the rows as 027 did, and up again keeps every row and id', async () => {
    const before = await rows();
    await migrateTo(t.db, '049-outbox-failed-index');
    expect(await rows()).toEqual(before.map((r) => ({ ...r, via: r.via === 'group_facilitator' ? 'care_team' : r.via })));
    await expect(t.db.insertInto('client_access_log').values(row('group_facilitator')).execute()).rejects.toThrow();
    await migrateToLatest(t.db);
    expect(await rows()).toEqual(before.map((r) => ({ ...r, via: r.via === 'group_facilitator' ? 'care_team' : r.via })));
    await t.db.insertInto('client_access_log').values(row('group_facilitator')).execute();
    const after = await rows();
    expect(after.at(-1)!.id).toBeGreaterThan(before.at(-1)!.id);
    await expect(t.db.deleteFrom('client_access_log').where('company_id', '=', admin.companyId).execute()).rejects.toThrow(/append-only/);
  });
});
