import { TRANSFER_NOT_HERE, TRANSFER_NOT_SENT, TRANSFER_SAME_BRANCH, type Transfer } from '@kalinga/contracts/lending/branches';
import { bumpVersion } from '../../db/sync-version';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import { findBranch } from './branches.repository';
import { ownBranchIds, requireOwnBranch } from './branch-context';
import { findItem } from './item.repository';
import { findTransfer, insertTransfer, listTransfers, markReceived, putInVault, takeFromVault } from './transfer.repository';

// An item moves between vaults in two steps (docs/decisions/0303-item-transfers.md): sent by the branch holding it,
// received by the branch it was sent to; in between it is in transit and counted in no vault. Online only: each
// step is one conditional update, and a branch's vault is whatever the server says.

type Row = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;

const toTransfer = (r: Row): Transfer => ({
  uuid: r.uuid,
  item_uuid: r.item_uuid,
  item_description: r.item_description,
  from_branch_id: r.from_branch_id,
  to_branch_id: r.to_branch_id,
  status: r.status,
  note: r.note,
  sent_at: r.sent_at,
  received_at: r.received_at,
});

export async function sendItem(db: DB, auth: AuthContext, itemUuid: string, input: { uuid: string; to_branch_id: number; note?: string | null }): Promise<{ status: 200 | 201; body: { data: Transfer } }> {
  return db.transaction().execute(async (trx) => {
    const again = await findTransfer(trx, auth.companyId, input.uuid);
    if (again) {
      if (again.item_uuid !== itemUuid) throw unprocessable({ uuid: ['The uuid has already been taken.'] });
      // A repeat answers only a caller who could have sent it: one working at the branch it left from.
      await requireOwnBranch(trx, auth, again.from_branch_id);
      return { status: 200 as const, body: { data: toTransfer(again) } };
    }
    const version = await bumpVersion(trx, auth.companyId);
    const item = await findItem(trx, auth.companyId, itemUuid);
    if (!item) throw notFound('Item');
    await requireOwnBranch(trx, auth, item.branch_id);
    const to = await findBranch(trx, auth.companyId, input.to_branch_id);
    if (!to || Number(to.deleted) === 1) throw unprocessable({ to_branch_id: ['Choose a branch of this company.'] });
    if (item.branch_id === to.id) throw unprocessable({ to_branch_id: [TRANSFER_SAME_BRANCH] });
    const now = new Date().toISOString();
    if (item.branch_id === null || !(await takeFromVault(trx, auth.companyId, item.id, item.branch_id, version, now))) throw conflict(TRANSFER_NOT_HERE);
    await insertTransfer(trx, {
      company_id: auth.companyId,
      uuid: input.uuid,
      item_id: item.id,
      from_branch_id: item.branch_id,
      to_branch_id: to.id,
      status: 'sent',
      note: input.note || null,
      sent_by: auth.user.id,
      sent_at: now,
      received_by: null,
      received_at: null,
    });
    return { status: 201 as const, body: { data: toTransfer((await findTransfer(trx, auth.companyId, input.uuid))!) } };
  });
}

export async function receiveTransfer(db: DB, auth: AuthContext, uuid: string): Promise<{ data: Transfer }> {
  return db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, auth.companyId);
    const transfer = await findTransfer(trx, auth.companyId, uuid);
    if (!transfer) throw notFound('Transfer');
    await requireOwnBranch(trx, auth, transfer.to_branch_id);
    const now = new Date().toISOString();
    const done = await markReceived(trx, auth.companyId, uuid, transfer.to_branch_id, auth.user.id, now);
    if (!done) throw conflict(TRANSFER_NOT_SENT);
    await putInVault(trx, auth.companyId, done.item_id, done.to_branch_id, version, now);
    return { data: toTransfer((await findTransfer(trx, auth.companyId, uuid))!) };
  });
}

/** Transfers from or to the caller's branches (a manager: every branch), newest first. */
export async function transferList(db: DB, auth: AuthContext, status?: 'sent' | 'received'): Promise<{ data: Transfer[] }> {
  const rows = await listTransfers(db, auth.companyId, { branchIds: await ownBranchIds(db, auth), status });
  return { data: rows.map(toTransfer) };
}

