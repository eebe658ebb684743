import { itemCreateSchema, itemUpdateSchema, markSoldSchema, processForfeitedSchema } from '@kalinga/contracts/lending/schemas';
import { NOT_ACTIVE, processForfeitedProblem, sellProblem, transitProblem } from '@kalinga/contracts/lending/rules';
import { changedFields, checked, counterToday, mustGet, refuse } from './lending-checks';
import { refuseClosedDay } from './cash-day-actions';
import { writeWithEntries } from '../../../offline/action-support';
import { db } from '../../../offline/database';
import type { LocalItem } from '../../../offline/db';

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
    await queue('CREATE_ITEM', body);
    return (await db.items.get(body.uuid))!;
  });
}

/** An item's description or market value (null clears the market value): only the fields that changed travel. */
export async function updateItem(uuid: string, changes: { description?: string; market_value?: number | null }): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    const body = checked(itemUpdateSchema, changes) as Record<string, unknown>;
    const { changes: sent, was } = changedFields(item as unknown as Record<string, unknown>, body);
    if (Object.keys(sent).length) await queue('UPDATE_ITEM', { ...sent, was, uuid });
    return (await db.items.get(uuid))!;
  });
}

/** A forfeited item put up for sale at a price. */
export async function processForfeitedItem(uuid: string, selling_price: number): Promise<LocalItem> {
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    refuse(processForfeitedProblem(item) ?? transitProblem([item]));
    const body = checked(processForfeitedSchema, { selling_price });
    await queue('PROCESS_FORFEITED_ITEM', { ...body, uuid });
    return (await db.items.get(uuid))!;
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
  await refuseClosedDay(await counterToday());
  return writeWithEntries(async (queue) => {
    const item = await mustGet(db.items.get(uuid), 'item');
    refuse(sellProblem(item) ?? transitProblem([item]));
    const body = checked(markSoldSchema, { ...sale, sold_at: new Date().toISOString() });
    await queue('MARK_ITEM_SOLD', { ...body, uuid });
    return (await db.items.get(uuid))!;
  });
}
