import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { ItemTransfersTable } from '../../db/tables';

// Items sent between branches' vaults in two steps (docs/decisions/0303-item-transfers.md). Each step is one
// conditional update, so two sends (or two receipts) of one item never both apply: an item is never in two vaults.

export type TransferRow = Selectable<ItemTransfersTable>;
type TransferWithItem = TransferRow & { item_uuid: string; item_description: string };

/** Only an item in a vault travels: pawned, forfeited or for sale (not redeemed or sold). */
const IN_VAULT = ['pawned', 'forfeited', 'for_sale'] as const;

/** Marks the item as in transit if it is still in `fromBranch`'s vault; false when it is not (sent meanwhile, or elsewhere). */
export async function takeFromVault(trx: DB, companyId: number, itemId: number, fromBranch: number, version: number, now: string): Promise<boolean> {
  const row = await trx
    .updateTable('items')
    .set({ in_transit: 1, version, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', itemId)
    .where('branch_id', '=', fromBranch)
    .where('in_transit', '=', 0)
    .where('status', 'in', [...IN_VAULT])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTransfer(trx: DB, row: Omit<TransferRow, 'id'>): Promise<TransferRow> {
  return trx.insertInto('item_transfers').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Marks the transfer received if it is still on its way to `atBranch`; undefined otherwise. */
export async function markReceived(trx: DB, companyId: number, uuid: string, atBranch: number, userId: number, now: string): Promise<TransferRow | undefined> {
  return trx
    .updateTable('item_transfers')
    .set({ status: 'received', received_by: userId, received_at: now })
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('status', '=', 'sent')
    .where('to_branch_id', '=', atBranch)
    .returningAll()
    .executeTakeFirst();
}

/** Puts the travelling item in the receiving branch's vault. */
export async function putInVault(trx: DB, companyId: number, itemId: number, branchId: number, version: number, now: string): Promise<void> {
  await trx.updateTable('items').set({ branch_id: branchId, in_transit: 0, version, updated_at: now }).where('company_id', '=', companyId).where('id', '=', itemId).where('in_transit', '=', 1).execute();
}

const withItem = (db: DB) =>
  db.selectFrom('item_transfers as t').innerJoin('items as i', 'i.id', 't.item_id').selectAll('t').select(['i.uuid as item_uuid', 'i.description as item_description']);

export async function findTransfer(db: DB, companyId: number, uuid: string): Promise<TransferWithItem | undefined> {
  return withItem(db).where('t.company_id', '=', companyId).where('t.uuid', '=', uuid).executeTakeFirst();
}

/** The company's transfers, newest first: those from or to these branches (null: every branch), of a status if given. */
export async function listTransfers(db: DB, companyId: number, opts: { branchIds: number[] | null; status?: 'sent' | 'received' }): Promise<TransferWithItem[]> {
  let q = withItem(db).where('t.company_id', '=', companyId);
  const ids = opts.branchIds;
  if (ids !== null) {
    if (ids.length === 0) return [];
    q = q.where((eb) => eb.or([eb('t.from_branch_id', 'in', ids), eb('t.to_branch_id', 'in', ids)]));
  }
  if (opts.status) q = q.where('t.status', '=', opts.status);
  return q.orderBy('t.sent_at', 'desc').orderBy('t.id', 'desc').limit(200).execute();
}
