import { CATEGORY_DEFAULTS } from './category-constants';
import { extendProblem, planExtension } from './pawn-extension';
import { newLoanFigures, planRedemption, planRenewal, toCentavos, toPesos, type LendingTerms, type LoanFigures } from './pawn-rules';

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
}

/** The figures the pawn rules take, in centavos, from a loan row in pesos. */
export function loanFiguresOf(loan: Row): LoanFigures & { appraisal_value: number } {
  return {
    status: loan.status as LoanFigures['status'],
    loan_date: String(loan.loan_date),
    maturity_date: String(loan.maturity_date),
    expiry_date: String(loan.expiry_date),
    loan_amount: toCentavos(Number(loan.loan_amount)),
    interest_rate: Number(loan.interest_rate),
    penalty_rate: Number(loan.penalty_rate),
    interest_from: typeof loan.interest_from === 'string' ? loan.interest_from : null,
    appraisal_value: toCentavos(Number(loan.appraisal_value ?? 0)),
  };
}

/** A category's lending terms, as printed on a ticket. */
export function termsOfCategory(category: Row): LendingTerms {
  return {
    interest_rate: Number(category.interest_rate),
    penalty_rate: Number(category.penalty_rate),
    loan_period: Number(category.loan_period),
    loan_period_type: category.loan_period_type as LendingTerms['loan_period_type'],
    loan_period_expiry: Number(category.loan_period_expiry),
    is_renewable: Boolean(category.is_renewable),
    fast_depreciating: Boolean(category.fast_depreciating),
    // A copy of the category from before the setting existed has none: mayExtend then follows is_renewable.
    ...(typeof category.is_extendable === 'boolean' && { is_extendable: category.is_extendable }),
  };
}

/** An update's body without what is not a field of the row (the uuid in the path, the values the device had). */
function fieldsOf(data: Row): Record<string, unknown> {
  const { uuid: _uuid, was: _was, ...fields } = data;
  return fields;
}

async function newLoan(data: Row, store: RowStore, now: string): Promise<void> {
  const category = await store.get('categories', String(data.category_uuid));
  const customer = await store.get('customers', String(data.customer_uuid));
  if (!category || !customer) return;
  const printed = data.terms as (LendingTerms & { category_version?: number }) | undefined;
  const terms = printed ?? termsOfCategory(category);
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
    paid_interest_amount: 0,
    paid_penalty_amount: 0,
    notes: data.notes,
    written_request: Boolean(data.written_request),
    interest_from: null,
    extensions: 0,
    items,
    created_at: now,
    updated_at: now,
  });
  for (const item of items) await store.put('items', item);
}

async function renew(data: Row, store: RowStore, now: string): Promise<void> {
  const loan = await store.get('loans', data.uuid);
  if (!loan || loan.status !== 'active') return;
  const category = await store.get('categories', String(loan.category_uuid));
  if (!category) return;
  const asOf = String(data.renewal_date);
  const newUuid = String(data.new_uuid);
  const plan = planRenewal(loanFiguresOf(loan), termsOfCategory(category), asOf);
  const items = await store.itemsOf(loan.uuid);
  await store.put('loans', {
    ...loan,
    status: 'renewed',
    renewal_date: asOf,
    new_loan: newUuid,
    new_uuid: newUuid,
    paid_interest_amount: toPesos(toCentavos(Number(loan.paid_interest_amount ?? 0)) + plan.due.interest),
    paid_penalty_amount: toPesos(toCentavos(Number(loan.paid_penalty_amount ?? 0)) + plan.due.penalty),
    items: [],
    updated_at: now,
  });
  const moved = items.map((item) => ({ ...item, loan_uuid: newUuid, updated_at: now }));
  await store.put('loans', {
    uuid: newUuid,
    pawn_ticket_number: null,
    customer_uuid: loan.customer_uuid,
    category_id: loan.category_id,
    category_uuid: loan.category_uuid,
    status: 'active',
    loan_date: asOf,
    maturity_date: plan.next.maturity_date,
    expiry_date: plan.next.expiry_date,
    appraisal_value: loan.appraisal_value,
    loan_amount: loan.loan_amount,
    service_charge: toPesos(plan.next.service_charge),
    interest_rate: category.interest_rate,
    penalty_rate: category.penalty_rate,
    amount_disbursed: 0,
    paid_interest_amount: 0,
    paid_penalty_amount: 0,
    renewed_from: loan.uuid,
    notes: loan.notes,
    written_request: Boolean(loan.written_request),
    interest_from: null,
    extensions: 0,
    items: moved,
    created_at: now,
    updated_at: now,
  });
  for (const item of moved) await store.put('items', item);
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
  const terms = termsOfCategory(category);
  if (extendProblem(loanFiguresOf(loan), terms, asOf)) return;
  const plan = planExtension(loanFiguresOf(loan), terms, asOf);
  await store.put('loans', {
    ...loan,
    maturity_date: plan.maturity_date,
    expiry_date: plan.expiry_date,
    interest_from: plan.interest_from,
    extensions: Number(loan.extensions ?? 0) + 1,
    paid_interest_amount: toPesos(toCentavos(Number(loan.paid_interest_amount ?? 0)) + plan.due.interest),
    paid_penalty_amount: toPesos(toCentavos(Number(loan.paid_penalty_amount ?? 0)) + plan.due.penalty),
    updated_at: now,
  });
}

async function close(data: Row, store: RowStore, now: string, status: 'redeemed' | 'forfeited'): Promise<void> {
  const loan = await store.get('loans', data.uuid);
  if (!loan || loan.status !== 'active') return;
  const fields: Record<string, unknown> = {};
  if (status === 'redeemed') {
    const { due } = planRedemption(loanFiguresOf(loan), String(data.redemption_date));
    fields.redemption_date = data.redemption_date;
    fields.paid_interest_amount = toPesos(toCentavos(Number(loan.paid_interest_amount ?? 0)) + due.interest);
    fields.paid_penalty_amount = toPesos(toCentavos(Number(loan.paid_penalty_amount ?? 0)) + due.penalty);
  } else fields.forfeiture_date = data.forfeiture_date;
  const items = (await store.itemsOf(loan.uuid)).map((item) => ({ ...item, status, updated_at: now }));
  await store.put('loans', { ...loan, ...fields, status, items, updated_at: now });
  for (const item of items) await store.put('items', item);
}

async function change(table: EffectTable, data: Row, store: RowStore, now: string, extra: Record<string, unknown> = {}): Promise<void> {
  const row = await store.get(table, data.uuid);
  if (!row) return;
  await store.put(table, { ...row, ...fieldsOf(data), ...extra, updated_at: now });
}

/**
 * Applies one queued operation to the device's rows. A row it needs that is not there (refused meanwhile, or
 * changed by the server so that the operation no longer applies) leaves the rows as they are: the server will
 * refuse the operation, and the device shows the server's rows.
 */
export async function applyOperation(operation: string, data: Row, store: RowStore, ctx: EffectContext): Promise<void> {
  const { now } = ctx;
  switch (operation) {
    case 'CREATE_CUSTOMER':
      if (!(await store.get('customers', data.uuid))) await store.put('customers', { ...fieldsOf(data), uuid: data.uuid, created_at: now, updated_at: now });
      return;
    case 'UPDATE_CUSTOMER':
      return change('customers', data, store, now);
    case 'CREATE_LOAN':
      if (!(await store.get('loans', data.uuid))) await newLoan(data, store, now);
      return;
    case 'UPDATE_LOAN':
      return change('loans', data, store, now);
    case 'RENEW_LOAN':
      return renew(data, store, now);
    case 'EXTEND_LOAN':
      return extend(data, store, now);
    case 'REDEEM_LOAN':
      return close(data, store, now, 'redeemed');
    case 'FORFEIT_LOAN':
      return close(data, store, now, 'forfeited');
    case 'CREATE_ITEM': {
      const loan = await store.get('loans', String(data.loan_uuid));
      if (!loan || loan.status !== 'active' || (await store.get('items', data.uuid))) return;
      await store.put('items', { ...data, customer_uuid: loan.customer_uuid, status: 'pawned', created_at: now, updated_at: now });
      return;
    }
    case 'UPDATE_ITEM':
      return change('items', data, store, now);
    case 'PROCESS_FORFEITED_ITEM': {
      const item = await store.get('items', data.uuid);
      if (item?.status !== 'forfeited') return;
      return change('items', data, store, now, { status: 'for_sale' });
    }
    case 'MARK_ITEM_SOLD': {
      const item = await store.get('items', data.uuid);
      if (item?.status !== 'for_sale') return;
      return change('items', data, store, now, { status: 'sold' });
    }
    case 'CREATE_CATEGORY': {
      if (await store.get('categories', data.uuid)) return;
      const { image, ...fields } = fieldsOf(data);
      await store.put('categories', { ...CATEGORY_DEFAULTS, ...fields, uuid: data.uuid, localId: data.uuid, image_data_url: image, resources_count: 0, created_at: now, updated_at: now });
      return;
    }
    case 'UPDATE_CATEGORY': {
      const { image } = data;
      return change('categories', { ...data, image: undefined }, store, now, image ? { image_data_url: image, image_path: undefined } : {});
    }
    case 'OPEN_CASH_DAY':
      if (!(await store.get('cashDays', data.uuid))) await store.put('cashDays', { ...fieldsOf(data), uuid: data.uuid, day: data.day, status: 'open', opened_at: now, created_at: now, updated_at: now });
      return;
    case 'CLOSE_CASH_DAY': {
      const day = await store.get('cashDays', data.uuid);
      if (day?.status !== 'open') return;
      // The position and the difference are the server's: it counts the entries when the close reaches it.
      await store.put('cashDays', { ...day, status: 'closed', counted: data.counted, close_note: data.note ?? null, closed_at: now, updated_at: now });
      return;
    }
  }
}
