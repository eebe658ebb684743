import type { Item, ItemCreate, ItemListQuery, ItemUpdate, MarkSold, ProcessForfeited } from '@kalinga/contracts/lending/schemas';
import { dateBefore, loanDateFloor, NOT_ACTIVE, processForfeitedProblem, sellProblem, toCentavos, transitProblem } from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import type { ItemRow } from '../../db/tables';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import type { AuthContext } from '../../lib/auth-context';
import { recordFieldConflicts, sentFields } from './field-merge';
import { actingBranch, requireOwnBranch } from './branch-context';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { findItem, findItemsAnyCompany, insertItems, listItems as listItemRows, lockItem, updateItem as updateItemRow, updateItemIf } from './item.repository';
import { boundedDate, recordBackdating, uuidTaken } from './lending-common';
import { toItem } from './lending-replies';
import { addToAppraisal, findLoan } from './loan.repository';
import { requireCategory } from './loan.service';
import { insertTransactions } from './transaction.repository';
import { todayIn } from '@kalinga/contracts/zone-time';
import type { OperationHandlers } from './operation-handler';
import { metalColumns } from './metal-rate.service';

export const NO_LOAN = 'The selected loan does not exist.';
const SALE_DATE = { field: 'sold_at', label: 'sale date' };

type ItemReply = WriteReply<{ data: Item }>;

async function requireItem(db: DB, auth: AuthContext, uuid: string): Promise<ItemRow> {
  const item = await findItem(db, auth.companyId, uuid);
  if (!item) throw notFound('Item');
  return item;
}

/** The item as it is now, for a late repeat of a write whose stored reply was pruned (decision 0105). */
const currentItem = (auth: AuthContext, uuid: string) => async (db: DB) => ({ data: toItem(await requireItem(db, auth, uuid)) });

/** The same item again (its uuid): the first one (200), writing nothing (decision 0380). */
const repeatedItem = (auth: AuthContext, uuid: string) => async (trx: DB): Promise<ItemReply | null> => {
  const [existing] = await findItemsAnyCompany(trx, [uuid]);
  if (!existing) return null;
  if (existing.company_id !== auth.companyId) throw uuidTaken();
  // A repeat passes the first request's check: the caller works at the branch of the item's loan.
  await requireOwnBranch(trx, auth, (await findLoan(trx, auth.companyId, existing.loan_uuid))?.branch_id ?? existing.branch_id);
  return { status: 200, body: { data: toItem(existing) } };
};

/** Adds an item to an active loan (its appraised value grows); keyed by the client's uuid. */
export function createItem(db: DB, auth: AuthContext, wk: WriteKey, input: ItemCreate): Promise<ItemReply> {
  const companyId = auth.companyId;
  return runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const loan = await findLoan(trx, companyId, input.loan_uuid);
    if (!loan) throw unprocessable({ loan_uuid: [NO_LOAN] });
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    await requireOwnBranch(trx, auth, loan.branch_id);
    const named = input.category_id !== undefined || input.category_uuid !== undefined;
    const category = named ? await requireCategory(trx, companyId, input, 'category_id') : { id: loan.category_id, uuid: loan.category_uuid };
    const appraisal = toCentavos(input.appraisal_value);
    const metal = await metalColumns(trx, companyId, input, 'item');
    const [item] = await insertItems(trx, [
      {
        company_id: companyId,
        uuid: input.uuid,
        loan_id: loan.id,
        loan_uuid: loan.uuid,
        customer_uuid: loan.customer_uuid,
        category_id: category.id,
        category_uuid: category.uuid,
        description: input.description,
        status: 'pawned',
        appraisal_value: appraisal,
        market_value: input.market_value == null ? null : toCentavos(input.market_value),
        // In the vault of the branch that holds the loan's other items (decision 0303).
        branch_id: loan.branch_id,
        ...metal,
        version,
        created_at: now,
        updated_at: now,
      },
    ]);
    await addToAppraisal(trx, companyId, loan.id, appraisal, version, now);
    return { status: 201, body: { data: toItem(item) } };
  }, currentItem(auth, input.uuid), repeatedItem(auth, input.uuid));
}

/** Changes an item's sent description or market value (its appraisal is part of the ticket and stays); a field changed meanwhile elsewhere is recorded (decision 0103). */
export function updateItem(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: ItemUpdate): Promise<ItemReply> {
  return runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const { was, ...fields } = input;
    const before = await lockItem(trx, auth.companyId, uuid);
    if (!before) throw notFound('Item');
    await requireOwnBranch(trx, auth, before.branch_id);
    await recordFieldConflicts(trx, auth, now, { table: 'items', uuid }, toItem(before), sentFields(fields), was);
    const row = await updateItemRow(trx, auth.companyId, uuid, {
      ...(fields.description !== undefined && { description: fields.description }),
      ...(fields.market_value !== undefined && { market_value: fields.market_value === null ? null : toCentavos(fields.market_value) }),
      version,
      updated_at: now,
    });
    if (!row) throw notFound('Item');
    return { status: 200, body: { data: toItem(row) } };
  }, currentItem(auth, uuid));
}

/** A forfeited item is put up for sale at a price. */
export function processForfeited(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: ProcessForfeited): Promise<ItemReply> {
  return runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const item = await requireItem(trx, auth, uuid);
    await requireOwnBranch(trx, auth, item.branch_id);
    const problem = processForfeitedProblem(item) ?? transitProblem([item]);
    if (problem) throw conflict(problem);
    const row = await updateItemIf(trx, auth.companyId, uuid, 'forfeited', { status: 'for_sale', selling_price: toCentavos(input.selling_price), version, updated_at: now });
    if (!row) throw conflict(processForfeitedProblem((await requireItem(trx, auth, uuid)))!);
    return { status: 200, body: { data: toItem(row) } };
  }, currentItem(auth, uuid));
}

/** An item for sale is sold: the sale is recorded with its money movement. */
export function markAsSold(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: MarkSold): Promise<ItemReply> {
  return runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const item = await requireItem(trx, auth, uuid);
    await requireOwnBranch(trx, auth, item.branch_id);
    const problem = sellProblem(item) ?? transitProblem([item]);
    if (problem) throw conflict(problem);
    const soldAt = input.sold_at === undefined ? now : new Date(input.sold_at).toISOString();
    // The sale's counter date meets the bound of every lending action (decision 0120): not before the forfeiture.
    const loan = await findLoan(trx, auth.companyId, item.loan_uuid);
    const dated = await boundedDate(trx, auth, SALE_DATE, todayIn(auth.company.timezone, new Date(soldAt)), [
      ...(loan ? [loanDateFloor(loan)] : []),
      { date: loan?.forfeiture_date, message: dateBefore(SALE_DATE.label, 'the forfeiture', loan?.forfeiture_date ?? '') },
    ]);
    const price = toCentavos(input.final_selling_price);
    const row = await updateItemIf(trx, auth.companyId, uuid, 'for_sale', {
      status: 'sold',
      final_selling_price: price,
      buyer_name: input.buyer_name,
      buyer_contact: input.buyer_contact ?? null,
      sale_notes: input.sale_notes ?? null,
      sold_at: soldAt,
      version,
      updated_at: now,
    });
    if (!row) throw conflict(sellProblem(await requireItem(trx, auth, uuid))!);
    await insertTransactions(trx, { companyId: auth.companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: dated.date, branchId: (await actingBranch(trx, auth)).id }, [
      { loan: { id: row.loan_id, uuid: row.loan_uuid }, item_uuid: row.uuid, type: 'sale', amount: price },
    ]);
    await recordBackdating(trx, auth, dated, { action: 'sale', loanUuid: row.loan_uuid, itemUuid: row.uuid, now });
    return { status: 200, body: { data: toItem(row) } };
  }, currentItem(auth, uuid));
}

export async function listItems(db: DB, auth: AuthContext, query: ItemListQuery) {
  const { rows, total } = await listItemRows(db, auth.companyId, {
    page: query.page,
    perPage: query.per_page,
    status: query.status,
    loanUuid: query.loan_uuid,
    customerUuid: query.customer_uuid,
  });
  return { data: rows.map(toItem), meta: paginationMeta(query.page, query.per_page, total) };
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const itemHandlers = {
  CREATE_ITEM: ({ app, auth, wk, body }) => createItem(app.db, auth, wk, body),
  UPDATE_ITEM: ({ app, auth, wk, uuid, body }) => updateItem(app.db, auth, wk, uuid, body),
  PROCESS_FORFEITED_ITEM: ({ app, auth, wk, uuid, body }) => processForfeited(app.db, auth, wk, uuid, body),
  MARK_ITEM_SOLD: ({ app, auth, wk, uuid, body }) => markAsSold(app.db, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
