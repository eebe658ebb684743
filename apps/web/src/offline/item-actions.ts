import { itemCreateSchema, itemUpdateSchema, markSoldSchema, processForfeitedSchema } from '@kalinga/contracts/lending';
import { NOT_ACTIVE, processForfeitedProblem, sellProblem } from '@kalinga/contracts/pawn-rules';
import { checked, mustGet, nowIso, pendingRow, putItem, refuse, writeWithEntries } from './action-support';
import { db } from './database';
import type { LocalItem } from './db';

// Item writes of the lending screens (re-exported by lending-actions.ts): one transaction each, rows and queue entry.

export interface ItemDraft {
  description: string;
  appraisal_value: number;
  market_value?: number;
  category_uuid?: string;
}

/** Another item on an active loan. */
export async function addItem(loan_uuid: string, item: ItemDraft): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(loan_uuid), 'loan');
    refuse(loan.status === 'active' ? null : NOT_ACTIVE(loan.status));
    const body = checked(itemCreateSchema, { ...item, uuid: crypto.randomUUID(), loan_uuid, category_uuid: item.category_uuid ?? loan.category_uuid });
    const now = nowIso();
    const row = pendingRow<LocalItem>('items', { ...body, customer_uuid: loan.customer_uuid, status: 'pawned', created_at: now, updated_at: now });
    await putItem(row);
    await queue('CREATE_ITEM', body);
    return row;
  });
}

/** An item's description or market value (null clears the market value). */
export async function updateItem(uuid: string, changes: { description?: string; market_value?: number | null }): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    const body = checked(itemUpdateSchema, changes);
    const row = pendingRow<LocalItem>('items', { ...item, ...body, updated_at: nowIso() });
    await putItem(row);
    await queue('UPDATE_ITEM', { ...body, uuid });
    return row;
  });
}

/** A forfeited item put up for sale at a price. */
export async function processForfeitedItem(uuid: string, selling_price: number): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    refuse(processForfeitedProblem(item));
    const body = checked(processForfeitedSchema, { selling_price });
    const row = pendingRow<LocalItem>('items', { ...item, status: 'for_sale', selling_price: body.selling_price, updated_at: nowIso() });
    await putItem(row);
    await queue('PROCESS_FORFEITED_ITEM', { ...body, uuid });
    return row;
  });
}

export interface SaleInput {
  final_selling_price: number;
  buyer_name: string;
  buyer_contact?: string;
  sale_notes?: string;
}

/** An item for sale sold at the counter (now). */
export async function markItemSold(uuid: string, sale: SaleInput): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    refuse(sellProblem(item));
    const now = nowIso();
    const body = checked(markSoldSchema, { ...sale, sold_at: now });
    const row = pendingRow<LocalItem>('items', { ...item, ...body, status: 'sold', updated_at: now });
    await putItem(row);
    await queue('MARK_ITEM_SOLD', { ...body, uuid });
    return row;
  });
}
