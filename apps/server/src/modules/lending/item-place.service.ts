import type { Item } from '@kalinga/contracts/lending/schemas';
import type { ItemMove, ItemPlace } from '@kalinga/contracts/lending/vault';
import { IN_VAULT_STATUSES } from '@kalinga/contracts/lending/vault-rules';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { conflict, notFound } from '../../lib/http-errors';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { findItem, lockItem, updateItem } from './item.repository';
import { requireOwnBranch } from './branch-context';
import { toItem } from './lending-replies';
import type { OperationHandlers } from './operation-handler';
import { findTagHolder, insertMove, movesOfItem } from './vault.repository';

// An item's tag and place in the vault (docs/decisions/0308-vault-tags-and-places.md): set at intake and on every
// move through the queue's PLACE_ITEM, each one recorded in the item's history.

export const TAG_TAKEN = 'This tag number is already on another item: use another label.';
export const IN_TRANSIT = 'This item is on its way to another branch: it is placed when that branch receives it.';
export const LEFT_VAULT = (status: string) => `This item has left the vault (${status}): it cannot be tagged or moved.`;

const inVault = (status: Item['status']) => (IN_VAULT_STATUSES as readonly string[]).includes(status);

/** Tags an item or moves it; the same place and tag again changes nothing and records nothing. */
export function placeItem(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: ItemPlace): Promise<WriteReply<{ data: Item }>> {
  const companyId = auth.companyId;
  return runWrite(
    db,
    auth,
    wk,
    async ({ trx, version, now }) => {
      const item = await lockItem(trx, companyId, uuid);
      if (!item) throw notFound('Item');
      // Only the branch holding the item tags and moves it, and not while it travels to another (decisions 0302, 0303).
      await requireOwnBranch(trx, auth, item.branch_id);
      if (!inVault(item.status)) throw conflict(LEFT_VAULT(item.status));
      if (item.in_transit === 1) throw conflict(IN_TRANSIT);
      const tag = input.tag_number ?? item.tag_number;
      if (input.tag_number !== undefined && input.tag_number !== item.tag_number) {
        // A repeat racing this one fails the unique index instead; runWrite then runs again and lands here.
        const holder = await findTagHolder(trx, companyId, input.tag_number);
        if (holder && holder.uuid !== uuid) throw conflict(TAG_TAKEN);
      }
      if (tag === item.tag_number && input.place_kind === item.place_kind && input.place_name === item.place_name) {
        return { status: 200, body: { data: toItem(item) } };
      }
      const row = await updateItem(trx, companyId, uuid, { tag_number: tag, place_kind: input.place_kind, place_name: input.place_name, version, updated_at: now });
      if (!row) throw notFound('Item');
      await insertMove(trx, {
        company_id: companyId,
        item_id: item.id,
        item_uuid: item.uuid,
        tag_number: tag,
        from_kind: item.place_kind,
        from_name: item.place_name,
        to_kind: input.place_kind,
        to_name: input.place_name,
        moved_by: auth.user.id,
        moved_by_name: auth.user.name,
        moved_at: now,
      });
      return { status: 200, body: { data: toItem(row) } };
    },
    async (current) => {
      const row = await findItem(current, companyId, uuid);
      if (!row) throw notFound('Item');
      return { data: toItem(row) };
    },
  );
}

/** An item's recorded moves, newest first. */
export async function itemMoves(db: DB, auth: AuthContext, uuid: string): Promise<{ data: ItemMove[] }> {
  const item = await findItem(db, auth.companyId, uuid);
  if (!item) throw notFound('Item');
  const rows = await movesOfItem(db, auth.companyId, item.id);
  return {
    data: rows.map((r) => ({
      id: r.id,
      item_uuid: r.item_uuid,
      tag_number: r.tag_number,
      from_kind: r.from_kind as ItemMove['from_kind'],
      from_name: r.from_name,
      to_kind: r.to_kind as ItemMove['to_kind'],
      to_name: r.to_name,
      moved_by_name: r.moved_by_name,
      moved_at: r.moved_at,
    })),
  };
}

/** This file's lending operation, as its route and /api/sync/push call it (docs/architecture.md#lending-slice). */
export const itemPlaceHandlers = {
  PLACE_ITEM: ({ app, auth, wk, uuid, body }) => placeItem(app.db, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
