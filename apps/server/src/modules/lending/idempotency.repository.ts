import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { IdempotencyKeysTable } from '../../db/tables';

export type StoredReply = Selectable<IdempotencyKeysTable>;

export async function findStoredReply(db: DB, companyId: number, key: string): Promise<StoredReply | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('company_id', '=', companyId).where('key', '=', key).executeTakeFirst();
}

/**
 * Claims the key at the start of the writing transaction. A concurrent request with the same key waits
 * here (PostgreSQL: the uncommitted unique entry) and then fails with a unique violation once the first
 * commits, or goes on if the first rolled back.
 */
export async function claimKey(trx: DB, row: Insertable<IdempotencyKeysTable>): Promise<void> {
  await trx.insertInto('idempotency_keys').values(row).execute();
}

/** Stores the reply in the claimed row, in the same transaction as the effect. */
export async function storeReply(trx: DB, companyId: number, key: string, statusCode: number, reply: string): Promise<void> {
  await trx.updateTable('idempotency_keys').set({ status_code: statusCode, reply }).where('company_id', '=', companyId).where('key', '=', key).execute();
}
