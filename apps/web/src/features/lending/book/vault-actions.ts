import { itemPlaceSchema } from '@kalinga/contracts/lending/vault';
import { IN_VAULT_STATUSES, type PlaceKind } from '@kalinga/contracts/lending/vault-rules';
import { writeWithEntries } from '../../../offline/action-support';
import { db } from '../../../offline/database';
import type { LocalItem } from '../../../offline/db';
import { checked, mustGet, refuse } from './lending-checks';

// The vault's queued write (docs/decisions/0308-vault-tags-and-places.md): an item's tag and place, set at intake
// and on every move, offline like every lending write.

export const LEFT_VAULT = 'This item has left the vault: it cannot be tagged or moved.';

export interface PlaceInput {
  tag_number?: string;
  place_kind: PlaceKind;
  place_name: string;
}

/** Tags an item and/or puts it in a place; nothing is queued when nothing changes. */
export async function placeItem(uuid: string, input: PlaceInput): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    refuse((IN_VAULT_STATUSES as readonly string[]).includes(item.status) ? null : LEFT_VAULT);
    const body = checked(itemPlaceSchema, input);
    const tagChanges = body.tag_number !== undefined && body.tag_number !== item.tag_number;
    if (!tagChanges && body.place_kind === item.place_kind && body.place_name === item.place_name) return item;
    await queue('PLACE_ITEM', { place_kind: body.place_kind, place_name: body.place_name, ...(tagChanges && { tag_number: body.tag_number }), uuid });
    return (await db.items.get(uuid))!;
  });
}
