import { CATEGORY_DEFAULTS } from '../category-constants';
import { extendProblem, planExtension } from './extension';
// Only the operation's type: the operations table carries every lending zod schema, which the device's local book
// (and with it Categories' first chunks) must not load (decision 0232).
import type { SyncOperation } from './operations';
import { loanFigures, type LoanFiguresRow, type MoneyUnit } from './figures';
import { newLoanFigures, planRedemption, planRenewal, toCentavos, toPesos, type LendingTerms } from './rules';
import { categoryTerms } from './terms';

// The rows each queued lending operation makes, built once from the operation's body and the rows it acts on.
// The device applies them when the action is taken, and again when it replays its unsent operations on top of
// the server's rows (after a refusal, a correction or a pull): the same function both times, so a replay shows
// exactly what the action showed (docs/decisions/0111). Money is pesos here, as in the API's rows.

export type Row = Record<string, unknown> & { uuid: string };

export type EffectTable = 'customers' | 'loans' | 'items' | 'categories' | 'cashDays';

/** What an effect reads and writes: the device's rows as they are at that point of the replay. */
export interface RowStore {
  get(table: EffectTable, uuid: string): Promise<Row | undefined>;
  /** Writes a row (a loan's nested items are kept in step by the store). */
  put(table: EffectTable, row: Row): Promise<void>;
  /** The items of a loan (the items table). */
  itemsOf(loanUuid: string): Promise<Row[]>;
}

export interface EffectContext {
  /** When the action was taken (ISO); a replay passes the entry's created_at. */
  now: string;
  /**
   * The branch the action was written at (the device's acting branch; a replay passes the entry's, decision 0322):
   * a new or renewed ticket is the branch's from the start, so it prints its branch's name before the server answers.
   */
  branchId?: number | null;
}

/** An update's body without what is not a field of the row (the uuid in the path, the values the device had). */
function fieldsOf(data: Row): Record<string, unknown> {
  const { uuid: _uuid, was: _was, ...fields } = data;
  return fields;
}

async function newLoan(data: Row, store: RowStore, now: string, branchId: number | null): Promise<void> {
  const category = await store.get('categories', String(data.category_uuid));
  const customer = await store.get('customers', String(data.customer_uuid));
  if (!category || !customer) return;
  const printed = data.terms as (LendingTerms & { category_version?: number }) | undefined;
  const terms = printed ?? categoryTerms(category);
  const drafts = (data.items as Row[] | undefined) ?? [];
  const appraisal = drafts.reduce((sum, item) => sum + toCentavos(Number(item.appraisal_value)), 0);
  const figures = newLoanFigures({ loan_date: String(data.loan_date), loan_amount: toCentavos(Number(data.loan_amount)), appraisal_value: appraisal, terms });
  const items = drafts.map((item) => ({
    ...item,
    category_uuid: item.category_uuid ?? category.uuid,
    loan_uuid: data.uuid,
    customer_uuid: customer.uuid,
    status: 'pawned',
    created_at: now,
    updated_at: now,
  }));
  await store.put('loans', {
    uuid: data.uuid,
    pawn_ticket_number: null,
    ...(branchId !== null && { branch_id: branchId }),
    customer_uuid: customer.uuid,
    category_id: category.id ?? category.server_id,
    category_uuid: category.uuid,
    status: 'active',
    loan_date: data.loan_date,
    maturity_date: figures.maturity_date,
    expiry_date: figures.expiry_date,
    appraisal_value: toPesos(appraisal),
    loan_amount: data.loan_amount,
    service_charge: toPesos(figures.service_charge),
    interest_rate: terms.interest_rate,
    penalty_rate: terms.penalty_rate,
    amount_disbursed: toPesos(figures.amount_disbursed),
    advance_interest: toPesos(figures.advance_interest),
    paid_interest_amount: 0,
    paid_penalty_amount: 0,
    notes: data.notes,
    written_request: Boolean(data.written_request),
    interest_from: figures.interest_paid_to,
    extensions: 0,
    items,
    created_at: now,
    updated_at: now,
  });
  for (const item of items) await store.put('items', item);
}

/** The loan a renewal reads: its figures, what it paid so far and its uuid. */
export type RenewedLoan = (LoanFiguresRow | Readonly<Record<string, unknown>>) & { uuid: string; paid_interest_amount?: unknown; paid_penalty_amount?: unknown };

/**
 * What a renewal writes (decision 0060), in the money of the rows it reads (the server's centavos, the device's
 * pesos): the renewed loan's changes and the new ticket's fields, the same on the server and on the device; each side
 * adds what only it has (ids and ticket number on the server, nested items on the device). `plan` is the rules'.
 */
export function renewalRows(loan: RenewedLoan, terms: LendingTerms, asOf: string, newUuid: string, money: MoneyUnit) {
  const plan = planRenewal(loanFigures(loan, money), terms, asOf);
  const toUnit = (centavos: number) => (money === 'pesos' ? toPesos(centavos) : centavos);
  const inCentavos = (value: unknown) => (money === 'pesos' ? toCentavos(Number(value ?? 0)) : Number(value ?? 0));
  const figures = loanFigures(loan, money);
  const renewed = {
    status: 'renewed' as const,
    renewal_date: asOf,
    new_loan: newUuid,
    paid_interest_amount: toUnit(inCentavos(loan.paid_interest_amount) + plan.due.interest),
    paid_penalty_amount: toUnit(inCentavos(loan.paid_penalty_amount) + plan.due.penalty),
  };
  const next = {
    uuid: newUuid,
    status: 'active' as const,
    loan_date: asOf,
    maturity_date: plan.next.maturity_date,
    expiry_date: plan.next.expiry_date,
    appraisal_value: toUnit(figures.appraisal_value),
    loan_amount: toUnit(figures.loan_amount),
    service_charge: toUnit(plan.next.service_charge),
    // A renewal is written at the category's current terms (decision 0104).
    interest_rate: terms.interest_rate,
    penalty_rate: terms.penalty_rate,
    amount_disbursed: toUnit(plan.next.amount_disbursed),
    // Its interest in advance, when the category takes one, is paid at the counter with the interest due.
    advance_interest: toUnit(plan.next.advance_interest),
    interest_from: plan.next.interest_paid_to,
    paid_interest_amount: 0,
    paid_penalty_amount: 0,
    renewed_from: loan.uuid,
  };
  return { plan, renewed, next };
}

async function renew(data: Row, store: RowStore, now: string, branchId: number | null): Promise<void> {
  const loan = await store.get('loans', data.uuid);
  if (!loan || loan.status !== 'active') return;
  const category = await store.get('categories', String(loan.category_uuid));
  if (!category) return;
  const newUuid = String(data.new_uuid);
  const { renewed, next } = renewalRows(loan, categoryTerms(category), String(data.renewal_date), newUuid, 'pesos');
  const items = await store.itemsOf(loan.uuid);
  await store.put('loans', { ...loan, ...renewed, new_uuid: newUuid, items: [], updated_at: now });
  const moved = items.map((item) => ({ ...item, loan_uuid: newUuid, updated_at: now }));
  await store.put('loans', {
    ...next,
    pawn_ticket_number: null,
    // Recorded at the branch where the renewal was written (decision 0322), else the old ticket's.
    branch_id: branchId ?? loan.branch_id ?? null,
    customer_uuid: loan.customer_uuid,
    category_id: loan.category_id,
    category_uuid: loan.category_uuid,
    notes: loan.notes,
    // The same principal against the same items: the pawner's written request for a low loan still holds.
    written_request: Boolean(loan.written_request),
    extensions: 0,
    items: moved,
    created_at: now,
    updated_at: now,
  });
  for (const item of moved) await store.put('items', item);
}

/**
 * What paying the interest due to extend a loan changes on it (decision 0189), in the money of the rows it reads;
 * the device writes it and so does the server, which also counts the extension in its conditional update.
 */
export function extensionChanges(loan: RenewedLoan, terms: LendingTerms, asOf: string, money: MoneyUnit) {
  const plan = planExtension(loanFigures(loan, money), terms, asOf);
  const toUnit = (centavos: number) => (money === 'pesos' ? toPesos(centavos) : centavos);
  const inCentavos = (value: unknown) => (money === 'pesos' ? toCentavos(Number(value ?? 0)) : Number(value ?? 0));
  const changes = {
    maturity_date: plan.maturity_date,
    expiry_date: plan.expiry_date,
    interest_from: plan.interest_from,
    paid_interest_amount: toUnit(inCentavos(loan.paid_interest_amount) + plan.due.interest),
    paid_penalty_amount: toUnit(inCentavos(loan.paid_penalty_amount) + plan.due.penalty),
  };
  return { plan, changes };
}

/**
 * The loan runs one term more on the same ticket (decision 0189): only from the maturity the device extended from,
 * as the server does, so a replay on rows where another extension got there first leaves them as they are.
 */
async function extend(data: Row, store: RowStore, now: string): Promise<void> {
  const loan = await store.get('loans', data.uuid);
  if (!loan || loan.status !== 'active' || loan.maturity_date !== data.from_maturity_date) return;
  const category = await store.get('categories', String(loan.category_uuid));
  if (!category) return;
  const asOf = String(data.extension_date);
  const terms = categoryTerms(category);
  if (extendProblem(loanFigures(loan, 'pesos'), terms, asOf)) return;
  const { changes } = extensionChanges(loan, terms, asOf, 'pesos');
  await store.put('loans', { ...loan, ...changes, extensions: Number(loan.extensions ?? 0) + 1, updated_at: now });
}

async function close(data: Row, store: RowStore, now: string, status: 'redeemed' | 'forfeited'): Promise<void> {
  const loan = await store.get('loans', data.uuid);
  if (!loan || loan.status !== 'active') return;
  const fields: Record<string, unknown> = {};
  if (status === 'redeemed') {
    const { due } = planRedemption(loanFigures(loan, 'pesos'), String(data.redemption_date));
    fields.redemption_date = data.redemption_date;
    fields.paid_interest_amount = toPesos(toCentavos(Number(loan.paid_interest_amount ?? 0)) + due.interest);
    fields.paid_penalty_amount = toPesos(toCentavos(Number(loan.paid_penalty_amount ?? 0)) + due.penalty);
  } else {
    fields.forfeiture_date = data.forfeiture_date;
    // A manager's forfeiture without a notice keeps its reason on the ticket (decision 0217).
    if (typeof data.no_notice_reason === 'string' && !loan.notice_sent_at) fields.forfeit_reason = data.no_notice_reason.trim();
  }
  const items = (await store.itemsOf(loan.uuid)).map((item) => ({ ...item, status, updated_at: now }));
  await store.put('loans', { ...loan, ...fields, status, items, updated_at: now });
  for (const item of items) await store.put('items', item);
}

async function change(table: EffectTable, data: Row, store: RowStore, now: string, extra: Record<string, unknown> = {}): Promise<void> {
  const row = await store.get(table, data.uuid);
  if (!row) return;
  await store.put(table, { ...row, ...fieldsOf(data), ...extra, updated_at: now });
}

/** What one operation does to the device's rows, given its data (the body plus the record's uuid). */
export type Effect = (data: Row, store: RowStore, now: string, branchId: number | null) => Promise<void>;

/** Each operation's effect, one per entry of the operations table (docs/architecture.md#lending-slice). */
export const LENDING_EFFECTS: Record<SyncOperation, Effect> = {
  CREATE_CUSTOMER: async (data, store, now) => {
    if (!(await store.get('customers', data.uuid))) await store.put('customers', { ...fieldsOf(data), uuid: data.uuid, created_at: now, updated_at: now });
  },
  UPDATE_CUSTOMER: (data, store, now) => change('customers', data, store, now),
  CREATE_LOAN: async (data, store, now, branchId) => {
    if (!(await store.get('loans', data.uuid))) await newLoan(data, store, now, branchId);
  },
  UPDATE_LOAN: (data, store, now) => change('loans', data, store, now),
  RENEW_LOAN: renew,
  EXTEND_LOAN: extend,
  REDEEM_LOAN: (data, store, now) => close(data, store, now, 'redeemed'),
  FORFEIT_LOAN: (data, store, now) => close(data, store, now, 'forfeited'),
  RECORD_TICKET_PRINT: async (data, store, now) => {
    // The print counts here at once: a second print on this device says REPRINT before the first is synced.
    const loan = await store.get('loans', data.uuid);
    if (!loan) return;
    const first = typeof loan.first_printed_at === 'string' && loan.first_printed_at ? loan.first_printed_at : data.printed_at;
    await store.put('loans', { ...loan, prints: Number(loan.prints ?? 0) + 1, first_printed_at: first, updated_at: now });
  },
  CREATE_ITEM: async (data, store, now) => {
    const loan = await store.get('loans', String(data.loan_uuid));
    if (!loan || loan.status !== 'active' || (await store.get('items', data.uuid))) return;
    await store.put('items', { ...data, customer_uuid: loan.customer_uuid, status: 'pawned', created_at: now, updated_at: now });
  },
  UPDATE_ITEM: (data, store, now) => change('items', data, store, now),
  PROCESS_FORFEITED_ITEM: async (data, store, now) => {
    const item = await store.get('items', data.uuid);
    if (item?.status !== 'forfeited') return;
    await change('items', data, store, now, { status: 'for_sale' });
  },
  // Tagging and moving an item changes only its tag and place (decision 0308).
  PLACE_ITEM: (data, store, now) =>
    change('items', { uuid: data.uuid, place_kind: data.place_kind, place_name: data.place_name, ...(data.tag_number !== undefined && { tag_number: data.tag_number }) }, store, now),
  MARK_ITEM_SOLD: async (data, store, now) => {
    const item = await store.get('items', data.uuid);
    if (item?.status !== 'for_sale') return;
    await change('items', data, store, now, { status: 'sold' });
  },
  CREATE_CATEGORY: async (data, store, now) => {
    if (await store.get('categories', data.uuid)) return;
    const { image, ...fields } = fieldsOf(data);
    await store.put('categories', { ...CATEGORY_DEFAULTS, ...fields, uuid: data.uuid, localId: data.uuid, image_data_url: image, resources_count: 0, created_at: now, updated_at: now });
  },
  UPDATE_CATEGORY: (data, store, now) => {
    const { image } = data;
    return change('categories', { ...data, image: undefined }, store, now, image ? { image_data_url: image, image_path: undefined } : {});
  },
  OPEN_CASH_DAY: async (data, store, now) => {
    if (!(await store.get('cashDays', data.uuid))) await store.put('cashDays', { ...fieldsOf(data), uuid: data.uuid, day: data.day, status: 'open', opened_at: now, created_at: now, updated_at: now });
  },
  CLOSE_CASH_DAY: async (data, store, now) => {
    const day = await store.get('cashDays', data.uuid);
    if (day?.status !== 'open') return;
    // The position and the difference are the server's: it counts the entries when the close reaches it.
    await store.put('cashDays', { ...day, status: 'closed', counted: data.counted, close_note: data.note ?? null, closed_at: now, updated_at: now });
  },
};

/**
 * Applies one queued operation to the device's rows. A row it needs that is not there (refused meanwhile, or
 * changed by the server so that the operation no longer applies) leaves the rows as they are: the server will
 * refuse the operation, and the device shows the server's rows. An operation this build does not know changes nothing.
 */
export async function applyOperation(operation: string, data: Row, store: RowStore, ctx: EffectContext): Promise<void> {
  if (Object.hasOwn(LENDING_EFFECTS, operation)) await LENDING_EFFECTS[operation as SyncOperation](data, store, ctx.now, ctx.branchId ?? null);
}
