import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { IdempotencyKeysTable } from '../../db/tables';

export type StoredReply = Selectable<IdempotencyKeysTable>;

/** A key is the user's own (decision 0105): another user's same key is another request. */
export async function findStoredReply(db: DB, companyId: number, userId: number, key: string): Promise<StoredReply | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
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
export async function storeReply(trx: DB, companyId: number, userId: number, key: string, statusCode: number, reply: string): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, reply })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/**
 * How long a write's stored reply is kept (decision 0102). A device keeps its session 7 days without the
 * network, and its queue resends a write until the server answers: 30 days leaves a wide margin. Only the reply's
 * body goes: the key row stays, so a repeat after that still answers as applied, with the record as it is now
 * (decision 0105).
 */
export const REPLY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Drops the stored reply bodies of writes made before `cutoffIso`, in every company (the key rows stay); returns how many. */
export async function pruneStoredReplies(db: DB, cutoffIso: string): Promise<number> {
  const result = await db.updateTable('idempotency_keys').set({ reply: null }).where('created_at', '<', cutoffIso).where('reply', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
