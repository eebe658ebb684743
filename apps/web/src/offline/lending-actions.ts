import { customerCreateSchema, customerUpdateSchema, loanCreateSchema, loanUpdateSchema } from '@kalinga/contracts/lending';
import {
  forfeitProblem,
  newLoanFigures,
  newLoanProblem,
  planRedemption,
  planRenewal,
  redeemProblem,
  renewProblem,
  toCentavos,
  toPesos,
} from '@kalinga/contracts/pawn-rules';
import { checked, counterToday, figuresOf, mustGet, nowIso, pendingRow, putItem, refuse, termsOf, writeWithEntries } from './action-support';
import { refuseOutOfBoundDate } from './action-date-bound';
import { db } from './database';
import type { LocalCustomer, LocalItem, LocalLoan } from './db';

// THE write API of the lending screens (OFFLINE-INTERFACES.md). Every function is one Dexie transaction that
// writes the rows and their queue entry; the local state mirrors what the server will do (pawn-rules.ts), and
// the server's reply replaces it when the queue has sent the change. Ticket numbers stay null until then.
// Illegal changes throw Error(sentence) with the rules' own sentences.

export { addItem, markItemSold, processForfeitedItem, updateItem } from './item-actions';

export interface CustomerInput {
  uuid?: string;
  first_name: string;
  last_name: string;
  phone_number?: string | null;
  address?: string | null;
  id_type?: string | null;
  id_number?: string | null;
  birth_date?: string | null;
}

/** Creates a customer (no uuid, or one not on this device) or changes one. */
export async function saveCustomer(input: CustomerInput): Promise<LocalCustomer> {
  return writeWithEntries(async (queue) => {
    const existing = input.uuid ? await db.customers.get(input.uuid) : undefined;
    const now = nowIso();
    if (existing) {
      const { uuid: _uuid, ...fields } = input;
      const changes = checked(customerUpdateSchema, fields);
      const row = pendingRow<LocalCustomer>('customers', { ...existing, ...changes, updated_at: now });
      await db.customers.put(row);
      await queue('UPDATE_CUSTOMER', { ...changes, uuid: existing.uuid });
      return row;
    }
    const body = checked(customerCreateSchema, { ...input, uuid: input.uuid ?? crypto.randomUUID() });
    const row = pendingRow<LocalCustomer>('customers', { ...body, created_at: now, updated_at: now });
    await db.customers.put(row);
    await queue('CREATE_CUSTOMER', body);
    return row;
  });
}

export interface LoanItemDraft {
  description: string;
  appraisal_value: number;
  market_value?: number;
  category_uuid?: string;
}

export interface LoanInput {
  customer_uuid: string;
  category_uuid: string;
  loan_date: string;
  /** Pesos. */
  loan_amount: number;
  notes?: string;
  items: LoanItemDraft[];
}

/** Writes a new pawn ticket with its items (ticket number from the server later). */
export async function createLoan(input: LoanInput): Promise<LocalLoan> {
  const today = await counterToday();
  await refuseOutOfBoundDate(input.loan_date, 'loan date');
  return writeWithEntries(async (queue) => {
    const customer = await mustGet(db.customers.get(input.customer_uuid), 'customer');
    const category = await mustGet(db.categories.get(input.category_uuid), 'category');
    const body = checked(loanCreateSchema, {
      uuid: crypto.randomUUID(),
      customer_uuid: customer.uuid,
      category_uuid: category.uuid,
      loan_date: input.loan_date,
      loan_amount: input.loan_amount,
      notes: input.notes,
      items: input.items.map((item) => ({ ...item, uuid: crypto.randomUUID() })),
    });
    const appraisal = body.items.reduce((sum, item) => sum + toCentavos(item.appraisal_value), 0);
    const amount = toCentavos(body.loan_amount);
    refuse(newLoanProblem({ loan_date: body.loan_date, loan_amount: amount, appraisal_value: appraisal, today }));
    const figures = newLoanFigures({ loan_date: body.loan_date, loan_amount: amount, appraisal_value: appraisal, terms: termsOf(category) });
    const now = nowIso();
    const categoryId = category.id ?? category.server_id;
    const items = body.items.map((item) =>
      pendingRow<LocalItem>('items', {
        ...item,
        category_uuid: item.category_uuid ?? category.uuid,
        loan_uuid: body.uuid,
        customer_uuid: customer.uuid,
        status: 'pawned',
        created_at: now,
        updated_at: now,
      }),
    );
    const loan = pendingRow<LocalLoan>('loans', {
      uuid: body.uuid,
      pawn_ticket_number: null,
      customer_uuid: customer.uuid,
      category_id: categoryId,
      category_uuid: category.uuid,
      status: 'active',
      loan_date: body.loan_date,
      maturity_date: figures.maturity_date,
      expiry_date: figures.expiry_date,
      appraisal_value: toPesos(appraisal),
      loan_amount: body.loan_amount,
      service_charge: toPesos(figures.service_charge),
      interest_rate: category.interest_rate,
      penalty_rate: category.penalty_rate,
      amount_disbursed: toPesos(figures.amount_disbursed),
      paid_interest_amount: 0,
      paid_penalty_amount: 0,
      notes: body.notes,
      items,
      created_at: now,
      updated_at: now,
    });
    await db.loans.put(loan);
    await db.items.bulkPut(loan.items);
    await queue('CREATE_LOAN', body);
    return loan;
  });
}

/** An issued ticket's amounts and dates never change: only its remarks. */
export async function updateLoanNotes(uuid: string, notes: string | null): Promise<LocalLoan> {
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    const body = checked(loanUpdateSchema, { notes: notes ?? '' });
    const row = pendingRow<LocalLoan>('loans', { ...loan, notes: body.notes, updated_at: nowIso() });
    await db.loans.put(row);
    await queue('UPDATE_LOAN', { uuid, notes: body.notes ?? null });
    return row;
  });
}

/** Renews an active loan: the old one becomes renewed, a new ticket (new uuid) takes the same principal and items. */
export async function renewLoan(uuid: string, renewal_date?: string): Promise<LocalLoan> {
  const asOf = renewal_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'renewal date');
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    const category = await mustGet(db.categories.get(loan.category_uuid), 'category');
    const terms = termsOf(category);
    refuse(renewProblem(figuresOf(loan), terms, asOf));
    const plan = planRenewal(figuresOf(loan), terms, asOf);
    const newUuid = crypto.randomUUID();
    const now = nowIso();
    const moved = (loan.items ?? []).map((item) => ({ ...item, loan_uuid: newUuid, sync_status: 'pending' as const, updated_at: now }));
    const old: LocalLoan = {
      ...loan,
      status: 'renewed',
      renewal_date: asOf,
      new_loan: newUuid,
      new_uuid: newUuid,
      paid_interest_amount: toPesos(toCentavos(loan.paid_interest_amount ?? 0) + plan.due.interest),
      paid_penalty_amount: toPesos(toCentavos(loan.paid_penalty_amount ?? 0) + plan.due.penalty),
      updated_at: now,
      sync_status: 'pending',
    };
    const next = pendingRow<LocalLoan>('loans', {
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
      created_at: now,
      updated_at: now,
    });
    next.items = moved;
    await db.loans.bulkPut([old, next]);
    await db.items.bulkPut(moved);
    await queue('RENEW_LOAN', { uuid, new_uuid: newUuid, renewal_date: asOf });
    return next;
  });
}

/** Closes a loan whose pawner paid principal, interest and penalty; its items go back to the pawner. */
export async function redeemLoan(uuid: string, redemption_date?: string): Promise<LocalLoan> {
  const asOf = redemption_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'redemption date');
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    refuse(redeemProblem(figuresOf(loan), asOf));
    const { due } = planRedemption(figuresOf(loan), asOf);
    const row = await closeLoan(loan, 'redeemed', {
      redemption_date: asOf,
      paid_interest_amount: toPesos(toCentavos(loan.paid_interest_amount ?? 0) + due.interest),
      paid_penalty_amount: toPesos(toCentavos(loan.paid_penalty_amount ?? 0) + due.penalty),
    });
    await queue('REDEEM_LOAN', { uuid, redemption_date: asOf });
    return row;
  });
}

/** After expiry the shop keeps the items: loan and items forfeited. */
export async function forfeitLoan(uuid: string, forfeiture_date?: string): Promise<LocalLoan> {
  const asOf = forfeiture_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'forfeiture date');
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    refuse(forfeitProblem(figuresOf(loan), asOf));
    const row = await closeLoan(loan, 'forfeited', { forfeiture_date: asOf });
    await queue('FORFEIT_LOAN', { uuid, forfeiture_date: asOf });
    return row;
  });
}

async function closeLoan(loan: LocalLoan, status: 'redeemed' | 'forfeited', fields: Partial<LocalLoan>): Promise<LocalLoan> {
  const now = nowIso();
  const items = (loan.items ?? []).map((item) => ({ ...item, status, updated_at: now, sync_status: 'pending' as const }));
  const row: LocalLoan = { ...loan, ...fields, status, items, updated_at: now, sync_status: 'pending' };
  await db.loans.put(row);
  // The items table may hold items added after the loan row was last written: close them all.
  const stored = await db.items.where('loan_uuid').equals(loan.uuid).toArray();
  for (const item of stored) await putItem({ ...item, status, updated_at: now, sync_status: 'pending' });
  return (await db.loans.get(loan.uuid)) ?? row;
}
