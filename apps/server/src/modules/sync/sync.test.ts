import { randomUUID } from 'node:crypto';
import { SYNC_DELTA_LIMIT, SYNC_EPOCH, SYNC_TABLES, syncChunkReplySchema, syncDeltaReplySchema, USE_TABLE_ENDPOINTS } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { bumpVersion } from '../../db/sync-version';
import { createCategory, deleteCategory, renameCustomer, renewLoan, Replica, writeCustomer, writeLoan } from '../../../test/sync/sync-helpers';

let t: TestApp;
let admin: Actor;
let other: Actor;
let category: { id: number; uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Sync Pawnshop');
  other = await registerCompany(t.app, 'Other Pawnshop');
  category = await createCategory(t.app, admin.headers, 'Jewellery');
});
afterAll(async () => {
  await t.close();
});

async function get(actor: Actor, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/sync?${query}`, headers: actor.headers });
}

/** A client of a fresh company of its own, so each test's counts are its own. */
async function freshCompany(name: string) {
  const actor = await registerCompany(t.app, name);
  const cat = await createCategory(t.app, actor.headers);
  return { actor, cat };
}

describe('GET /api/sync: deltas', () => {
  it('an epoch pull sees every row once, loans with their items, and a cursor', async () => {
    const { actor, cat } = await freshCompany('Epoch Pawnshop');
    const customer = await writeCustomer(t.app, actor.headers);
    const loan = await writeLoan(t.app, actor.headers, customer, cat, 3);
    const res = await get(actor, `since=${encodeURIComponent(SYNC_EPOCH)}`);
    expect(res.statusCode).toBe(200);
    const body = syncDeltaReplySchema.parse(res.json());
    expect(body.data.customers.map((c) => c.uuid)).toEqual([customer]);
    expect(body.data.loans).toHaveLength(1);
    expect(body.data.loans[0]).toMatchObject({ uuid: loan, loan_amount: 1000, service_charge: 5, amount_disbursed: 995, status: 'active' });
    expect(body.data.loans[0].items.map((i) => i.description)).toEqual(['18k gold ring 1', '18k gold ring 2', '18k gold ring 3']);
    expect(body.data.items).toHaveLength(3);
    expect(body.data.items[0]).toMatchObject({ loan_uuid: loan, appraisal_value: 1000, status: 'pawned' });
    expect(body.data.transactions).toMatchObject([{ loan_uuid: loan, type: 'disbursement', amount: 995 }]);
    expect(body.data.categories.map((c) => c.uuid)).toEqual([cat.uuid]);
    expect(body.meta).toMatchObject({ cursor: 'c3', total_changes: 7, recommendation: null });
    expect(Date.parse(body.meta.server_time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a first pull without since also brings categories written before the counter existed (version 0)', async () => {
    const { actor } = await freshCompany('Old Categories');
    const at = new Date().toISOString();
    await t.db
      .insertInto('categories')
      .values({ uuid: randomUUID(), company_id: actor.companyId, kind: 'lending', title: 'Gadgets', description: null, image_path: null, name: 'Gadgets', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: 1, created_at: at, updated_at: at })
      .execute();
    const body = syncDeltaReplySchema.parse((await get(actor, '')).json());
    expect(body.data.categories.map((c) => c.title).sort()).toEqual(['Gadgets', 'Jewellery']);
    const later = syncDeltaReplySchema.parse((await get(actor, `since=${body.meta.cursor}`)).json());
    expect(later.data.categories).toEqual([]);
  });

  it('a pull with the returned cursor sees only what changed after it, and nothing when nothing did', async () => {
    const { actor, cat } = await freshCompany('Cursor Pawnshop');
    const first = await writeCustomer(t.app, actor.headers, 'Ana');
    const firstLoan = await writeLoan(t.app, actor.headers, first, cat);
    const start = syncDeltaReplySchema.parse((await get(actor, `since=${SYNC_EPOCH}`)).json());
    const again = syncDeltaReplySchema.parse((await get(actor, `since=${start.meta.cursor}`)).json());
    expect(again.meta).toMatchObject({ cursor: start.meta.cursor, total_changes: 0 });
    expect(again.data.customers).toEqual([]);

    const second = await writeCustomer(t.app, actor.headers, 'Ben');
    await renameCustomer(t.app, actor.headers, first, 'Anabel');
    const next = syncDeltaReplySchema.parse((await get(actor, `since=${start.meta.cursor}`)).json());
    expect(next.data.customers.map((c) => [c.uuid, c.first_name])).toEqual([
      [first, 'Anabel'],
      [second, 'Ben'],
    ]);
    expect(next.data.loans).toEqual([]);
    expect(next.data.transactions).toEqual([]);
    expect(next.meta.total_changes).toBe(2);
    expect(Number(next.meta.cursor.slice(1))).toBe(Number(start.meta.cursor.slice(1)) + 2);
    expect(start.data.loans.map((l) => l.uuid)).toEqual([firstLoan]);
  });

  it('a deleted category reaches the client as a tombstone', async () => {
    const { actor } = await freshCompany('Tombstone Pawnshop');
    const doomed = await createCategory(t.app, actor.headers, 'Appliances');
    const client = new Replica(t.app, actor.headers);
    await client.pull();
    expect(client.tables.categories.has(doomed.uuid)).toBe(true);
    await deleteCategory(t.app, actor.headers, doomed.id);
    const delta = await client.pull();
    expect(delta.data.deleted.categories).toEqual([doomed.uuid]);
    expect(delta.data.categories).toEqual([]);
    expect(client.tables.categories.has(doomed.uuid)).toBe(false);
    // A first pull after the delete carries neither the row nor a tombstone for it to apply... but a tombstone is harmless.
    const fresh = new Replica(t.app, actor.headers);
    await fresh.pull();
    expect(fresh.tables.categories.has(doomed.uuid)).toBe(false);
  });

  it('a renewal (old loan renewed, new loan, items moved) reaches a client that pulls again', async () => {
    const { actor, cat } = await freshCompany('Renewal Pawnshop');
    const customer = await writeCustomer(t.app, actor.headers);
    const oldLoan = await writeLoan(t.app, actor.headers, customer, cat, 2);
    const client = new Replica(t.app, actor.headers);
    await client.pull();
    const newLoan = await renewLoan(t.app, actor.headers, oldLoan);
    const delta = await client.pull();
    expect(delta.data.loans.map((l) => [l.uuid, l.status, l.new_loan, l.renewed_from])).toEqual([
      [oldLoan, 'renewed', newLoan, null],
      [newLoan, 'active', null, oldLoan],
    ]);
    expect(delta.data.loans[0].items).toEqual([]);
    expect(delta.data.loans[1].items.map((i) => i.loan_uuid)).toEqual([newLoan, newLoan]);
    expect(delta.data.items.every((i) => i.loan_uuid === newLoan)).toBe(true);
    expect(delta.data.transactions).toMatchObject([
      { loan_uuid: oldLoan, type: 'interest', amount: 30 },
      { loan_uuid: newLoan, type: 'renewal', amount: 5 },
    ]);
    expect([...client.tables.items.values()].map((i) => i.loan_uuid)).toEqual([newLoan, newLoan]);
  });

  it("another company's rows are invisible", async () => {
    const customer = await writeCustomer(t.app, admin.headers, 'Hidden');
    await writeLoan(t.app, admin.headers, customer, category);
    const body = syncDeltaReplySchema.parse((await get(other, `since=${SYNC_EPOCH}`)).json());
    expect(body.data).toMatchObject({ customers: [], loans: [], items: [], transactions: [], categories: [] });
    expect(body.meta.cursor).toBe('c0');
    const chunk = syncChunkReplySchema.parse((await get(other, 'table=loans')).json());
    expect(chunk.data).toEqual([]);
    expect(chunk.meta.total).toBe(0);
  });

  it('needs the view lending permission (403) and a signed-in user (401)', async () => {
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await get(student, 'since=c0')).statusCode).toBe(403);
    expect((await get(student, 'table=loans')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/sync' })).statusCode).toBe(401);
  });

  it('refuses junk since, until, table and chunk size with field messages (422)', async () => {
    const cases: [string, string][] = [
      ['since=yesterday', 'since'],
      ['since=c-1', 'since'],
      ['since=c12abc', 'since'],
      ['since=c99999999', 'since'],
      ['table=loans&until=1970-01-01T00:00:00.000Z', 'until'],
      ['table=loans&until=c99999999', 'until'],
      ['table=loans&since=c2&until=c1', 'until'],
      ['table=pawns', 'table'],
      ['table=loans&chunk_size=0', 'chunk_size'],
      ['table=loans&chunk_size=5001', 'chunk_size'],
      ['table=loans&last_id=-4', 'last_id'],
    ];
    for (const [query, field] of cases) {
      const res = await get(admin, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});

describe('GET /api/sync: chunked download', () => {
  it('walks a table in chunks by id, with has_more, next_chunk_id and the total', async () => {
    const { actor, cat } = await freshCompany('Chunk Pawnshop');
    const customer = await writeCustomer(t.app, actor.headers);
    for (let i = 0; i < 5; i++) await writeLoan(t.app, actor.headers, customer, cat, 1);
    const client = new Replica(t.app, actor.headers, 2);
    const chunks = await client.download('loans', SYNC_EPOCH, 'c7');
    expect(chunks.map((c) => [c.data.length, c.meta.has_more, c.meta.total, c.meta.cursor])).toEqual([
      [2, true, 5, 'c7'],
      [2, true, 5, 'c7'],
      [1, false, 5, 'c7'],
    ]);
    expect(chunks[0].meta.next_chunk_id).toBe(chunks[0].data[1].id);
    expect(chunks[2].meta.next_chunk_id).toBeNull();
    const loans = [...client.tables.loans.values()];
    expect(new Set(loans.map((l) => l.uuid)).size).toBe(5);
    expect(loans.every((l) => (l.items as unknown[]).length === 1)).toBe(true);
  });

  it('recommends the table endpoints above the delta limit, and a download then a delta misses nothing', async () => {
    const { actor, cat } = await freshCompany('Big Pawnshop');
    const customer = await writeCustomer(t.app, actor.headers);
    const loan = await writeLoan(t.app, actor.headers, customer, cat, 1);
    // One writing transaction of more customers than a delta may carry.
    await t.db.transaction().execute(async (trx) => {
      const version = await bumpVersion(trx, actor.companyId);
      const at = new Date().toISOString();
      const rows = Array.from({ length: SYNC_DELTA_LIMIT }, (_, i) => ({ company_id: actor.companyId, uuid: randomUUID(), first_name: `Bulk ${i}`, last_name: 'Cruz', phone_number: null, address: null, id_type: null, id_number: null, birth_date: null, version, created_by: null, created_at: at, updated_at: at }));
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('customers').values(rows.slice(i, i + 500)).execute();
    });
    const res = await get(actor, `since=${SYNC_EPOCH}`);
    const body = syncDeltaReplySchema.parse(res.json());
    expect(body.meta.recommendation).toBe(USE_TABLE_ENDPOINTS);
    expect(body.meta.total_changes).toBe(SYNC_DELTA_LIMIT + 5);
    for (const table of SYNC_TABLES) expect(body.data[table]).toEqual([]);

    // The client downloads pinned to meta.cursor; a write lands between two chunks of customers.
    const client = new Replica(t.app, actor.headers, 2000);
    const first = syncChunkReplySchema.parse((await get(actor, `table=customers&since=${SYNC_EPOCH}&until=${body.meta.cursor}&chunk_size=2000`)).json());
    expect(first.meta).toMatchObject({ has_more: true, total: SYNC_DELTA_LIMIT + 1 });
    const late = await writeCustomer(t.app, actor.headers, 'Late');
    await renameCustomer(t.app, actor.headers, customer, 'Renamed'); // id 1 of this company: already downloaded
    await renewLoan(t.app, actor.headers, loan);
    for (const table of SYNC_TABLES) await client.download(table, SYNC_EPOCH, body.meta.cursor);
    // Nothing of the three later writes was half-seen by the download...
    expect(client.tables.customers.has(late)).toBe(false);
    expect(client.tables.customers.size).toBe(SYNC_DELTA_LIMIT);
    expect([...client.tables.loans.values()].map((l) => l.status)).toEqual([]);
    expect(client.tables.transactions.size).toBe(1);
    // ...and all of them come in the next delta.
    client.cursor = body.meta.cursor;
    const delta = await client.pull();
    expect(delta.meta.recommendation).toBeNull();
    expect(delta.data.customers.map((c) => c.first_name).sort()).toEqual(['Late', 'Renamed']);
    expect(delta.data.loans.map((l) => l.status).sort()).toEqual(['active', 'renewed']);
    expect(client.tables.customers.size).toBe(SYNC_DELTA_LIMIT + 2);
  });
});
