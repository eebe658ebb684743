import type { SyncTable } from '@kalinga/contracts/sync';
import { signalChange } from './change-signals';
import { prepareShape } from './prepared-statements';
import type { DB } from './database';

// The per-company change counter behind the sync cursor (docs/decisions/0060, 0065).
// Every writing transaction that touches lending rows or categories bumps it once, first, and stamps
// every row it writes with the value. The counter row stays locked until the transaction ends
// (PostgreSQL), so a company's lending writes commit in version order: a pull that has seen version N
// can never later meet a commit with a version <= N. SQLite runs one write transaction at a time.

/** Bumps the company's change counter inside `trx` and returns the new value. Call once per writing transaction. */
export async function bumpVersion(trx: DB, companyId: number): Promise<number> {
  await trx.insertInto('lending_counters').values({ company_id: companyId }).onConflict((oc) => oc.column('company_id').doNothing()).execute();
  const row = await trx
    .updateTable('lending_counters')
    .set((eb) => ({ sync_version: eb('sync_version', '+', 1) }))
    .where('company_id', '=', companyId)
    .returning('sync_version')
    .executeTakeFirstOrThrow();
  // Devices online hear of it once the transaction commits (decision 0325).
  await signalChange(trx, companyId, 'lending');
  return Number(row.sync_version);
}

/** The company's current counter value (0 before its first lending write); what a pull's cursor names. */
export async function currentVersion(db: DB, companyId: number): Promise<number> {
  // Every pull reads it first (decision 0333): one text, a named prepared statement on PostgreSQL (decision 0348).
  const query = db.selectFrom('lending_counters').select('sync_version').where('company_id', '=', companyId).compile();
  prepareShape(query.sql);
  const row = (await db.executeQuery(query)).rows[0];
  return row ? Number(row.sync_version) : 0;
}

/** Records a deleted row so that a pull after `version` learns of its deletion. Call in the deleting transaction. */
export async function writeTombstone(trx: DB, companyId: number, table: SyncTable, uuid: string, version: number): Promise<void> {
  await trx.insertInto('sync_tombstones').values({ company_id: companyId, table_name: table, uuid, version }).execute();
}
