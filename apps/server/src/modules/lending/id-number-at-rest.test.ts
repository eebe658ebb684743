import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reencryptAll } from '../../content-key-rotation';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { contentKeyIdsInUse } from '../../lib/encrypted-columns';
import { envelopeKeyId } from '../../lib/field-crypto';
import { buildPushedDeltas } from '../sync/live-deltas';
import { call, lendingWorld, type LendingWorld } from '../../../test/lending/lending-helpers';

// Pawners' ID numbers at rest (decision 0367): no stored row holds one in plain text (the customer, the reply kept for
// an idempotent repeat, a field conflict), the SQLite file neither; those who may view lending still read them in
// every reply (the routes, a repeat, the sync pull's delta and download, the live signal's delta, the conflicts); the start-up sweep seals
// numbers stored before, and migration 056 clears the plain copies in kept replies.

let w: LendingWorld;
const FIRST = `PH-PASSPORT-${randomUUID()}`;
const SECOND = `PH-UMID-${randomUUID()}`;
const ELSEWHERE = `PH-DRIVER-${randomUUID()}`;
const uuid = randomUUID();
const KEY = { 'idempotency-key': `create-${uuid}` };
const body = { uuid, first_name: 'Rosario', last_name: 'Bautista', id_type: 'Passport', id_number: FIRST };

beforeAll(async () => {
  w = await lendingWorld();
  expect((await call(w.t, w.admin, 'POST', '/api/customers', body, KEY)).statusCode).toBe(201);
  // Another device changed it to ELSEWHERE; this one, which still saw FIRST, sends SECOND: a conflict is recorded.
  expect((await call(w.t, w.admin, 'PUT', `/api/customers/${uuid}`, { id_number: ELSEWHERE }, { 'idempotency-key': `u1-${uuid}` })).statusCode).toBe(200);
  const update = await call(w.t, w.admin, 'PUT', `/api/customers/${uuid}`, { id_number: SECOND, was: { id_number: FIRST } }, { 'idempotency-key': `u2-${uuid}` });
  expect(update.statusCode, update.body).toBe(200);
  expect(update.json().data.id_number).toBe(SECOND);
});
afterAll(() => w?.t.close());

/** Every row of every table, as text. */
async function everyStoredRow(): Promise<string> {
  const names =
    w.t.config.database.kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(w.t.db)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(w.t.db);
  const parts: string[] = [];
  for (const { name } of names.rows) parts.push(JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(w.t.db)).rows));
  return parts.join('\n');
}

describe("pawners' ID numbers at rest (decision 0367)", () => {
  it('are in no stored row in plain text: customers, kept replies, field conflicts', async () => {
    const stored = await everyStoredRow();
    for (const number of [FIRST, SECOND, ELSEWHERE]) expect(stored.includes(number), number).toBe(false);
    const row = await w.t.db.selectFrom('customers').select('id_number').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(envelopeKeyId(row.id_number!)).toBe(w.t.app.contentKeys.current.id);
    const conflicts = await w.t.db.selectFrom('lending_field_conflicts').selectAll().where('record_uuid', '=', uuid).execute();
    expect(conflicts).toHaveLength(1);
    expect([conflicts[0].overwritten_value, conflicts[0].device_was_value, conflicts[0].new_value].every((v) => v!.startsWith('enc:v1:'))).toBe(true);
    expect([...(await contentKeyIdsInUse(w.t.db))]).toEqual([w.t.app.contentKeys.current.id]);
  });

  it('nor in the SQLite file and its write-ahead log', () => {
    if (w.t.config.database.kind !== 'sqlite') return;
    const file = w.t.config.database.file;
    const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    for (const number of [FIRST, SECOND, ELSEWHERE]) expect(bytes.includes(Buffer.from(number)), number).toBe(false);
  });

  it('are read in plain by those who may view lending: the customer, the list, a repeat of the create', async () => {
    for (const actor of [w.admin, w.viewer]) {
      expect((await call(w.t, actor, 'GET', `/api/customers/${uuid}`)).json().data.id_number).toBe(SECOND);
      const list = (await call(w.t, actor, 'GET', '/api/customers?search=Bautista')).json().data as { uuid: string; id_number: string }[];
      expect(list.find((c) => c.uuid === uuid)?.id_number).toBe(SECOND);
    }
    const repeat = await call(w.t, w.admin, 'POST', '/api/customers', body, KEY);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().data.id_number).toBe(FIRST);
    expect((await call(w.t, w.other, 'GET', `/api/customers/${uuid}`)).statusCode).toBe(404);
  });

  it('reach the device in plain: the sync delta, the download chunk and the conflicts list', async () => {
    const delta = await call(w.t, w.viewer, 'GET', '/api/sync');
    expect((delta.json().data.customers as { uuid: string; id_number: string }[]).find((c) => c.uuid === uuid)?.id_number).toBe(SECOND);
    const chunk = await call(w.t, w.viewer, 'GET', '/api/sync?table=customers');
    expect(chunk.statusCode, chunk.body).toBe(200);
    expect((chunk.json().data as { uuid: string; id_number: string }[]).find((c) => c.uuid === uuid)?.id_number).toBe(SECOND);
    const conflicts = await call(w.t, w.viewer, 'GET', `/api/sync/conflicts?record_uuid=${uuid}`);
    expect(conflicts.json().data).toMatchObject([{ field: 'id_number', overwritten_value: ELSEWHERE, device_was_value: FIRST, new_value: SECOND }]);
    expect((await call(w.t, w.other, 'GET', `/api/sync/conflicts?record_uuid=${uuid}`)).json().data).toEqual([]);
  });

  it('reach the device in plain in a delta carried by the live signal', async () => {
    const deltas = await buildPushedDeltas(w.t.db, w.admin.companyId, 0, [{ userId: w.viewer.user.id, branchIds: null, clerk: false }], w.t.app.contentKeys);
    const carried = JSON.parse(deltas.forReader({ userId: w.viewer.user.id, branchIds: null, clerk: false }) ?? 'null') as { data: { customers: { uuid: string; id_number: string }[] } };
    expect(carried.data.customers.find((c) => c.uuid === uuid)?.id_number).toBe(SECOND);
  });

  it('stored plain before are sealed by the start-up sweep and still read the same', async () => {
    const old = randomUUID();
    const plain = `PH-SSS-${randomUUID()}`;
    const now = new Date().toISOString();
    await w.t.db.insertInto('customers').values({ company_id: w.admin.companyId, uuid: old, first_name: 'Lito', last_name: 'Ramos', id_number: plain, version: 0, created_by: null, created_at: now, updated_at: now }).execute();
    expect((await call(w.t, w.admin, 'GET', `/api/customers/${old}`)).json().data.id_number).toBe(plain);
    expect((await reencryptAll(w.t.db, w.t.app.contentKeys, { info: () => undefined, warn: () => undefined })).failed).toBe(0);
    expect((await everyStoredRow()).includes(plain)).toBe(false);
    expect((await call(w.t, w.admin, 'GET', `/api/customers/${old}`)).json().data.id_number).toBe(plain);
  });
});

describe('migration 056-id-numbers-at-rest', () => {
  it("clears the plain numbers of kept customer replies (a repeat then answers with the customer as it is) and blank numbers", async () => {
    await migrateTo(w.t.db, '055-users-created-by');
    const legacy = randomUUID();
    const now = new Date().toISOString();
    await w.t.db.insertInto('customers').values({ company_id: w.admin.companyId, uuid: legacy, first_name: 'Nena', last_name: 'Cruz', id_number: '  ', version: 0, created_by: null, created_at: now, updated_at: now }).execute();
    const kept = { company_id: w.admin.companyId, user_id: w.admin.user.id, method: 'POST', request_hash: 'h', status_code: 201, created_at: now };
    await w.t.db.insertInto('idempotency_keys').values([
      { ...kept, key: 'legacy-customer', path: '/api/customers', reply: JSON.stringify({ data: { id_number: FIRST } }) },
      { ...kept, key: 'legacy-update', path: `/api/customers/${legacy}`, reply: JSON.stringify({ data: { id_number: FIRST } }) },
      { ...kept, key: 'legacy-loan', path: '/api/loans', reply: '{"data":{}}' },
    ]).execute();
    await migrateToLatest(w.t.db);
    const replies = await w.t.db.selectFrom('idempotency_keys').select(['key', 'reply']).where('key', 'like', 'legacy-%').orderBy('key').execute();
    expect(replies).toEqual([{ key: 'legacy-customer', reply: null }, { key: 'legacy-loan', reply: '{"data":{}}' }, { key: 'legacy-update', reply: null }]);
    expect((await w.t.db.selectFrom('customers').select('id_number').where('uuid', '=', legacy).executeTakeFirstOrThrow()).id_number).toBeNull();
  });
});
