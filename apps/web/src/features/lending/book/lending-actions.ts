import { customerCreateSchema, customerUpdateSchema, loanCreateSchema, loanUpdateSchema } from '@kalinga/contracts/lending/schemas';
import { forfeitProblem, newLoanProblem, redeemProblem, renewProblem, toCentavos, transitProblem } from '@kalinga/contracts/lending/rules';
import { extendProblem } from '@kalinga/contracts/lending/extension';
import { kycProblem } from '@kalinga/contracts/lending/kyc-rules';
import { kycThresholdHere } from './kyc-threshold';
import { changedFields, checked, counterToday, figuresOf, forfeitNoticeOf, mustGet, refuse, termsOf } from './lending-checks';
import { writeWithEntries } from '../../../offline/action-support';
import { refuseOutOfBoundDate } from './action-date-bound';
import { refuseClosedDay } from './cash-day-actions';
import { bookOwner, db } from '../../../offline/database';
import { BOOK_LOCKED } from '../../../offline/sealed';
import type { LocalCustomer, LocalLoan } from '../../../offline/db';
import type { Language } from '@kalinga/contracts/languages';

// The write API of the lending screens. Every function checks the change against the rules (pawn-rules.ts, with
// their own sentences), then, in one Dexie transaction, applies the operation's effect to the device's rows and
// queues the entry (action-support.ts): the rows stand on the server's copy until the server has answered, and a
// replay after a refusal makes them again with the same effect (decision 0111). Ticket numbers stay null until then.

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
  email?: string | null;
  nationality?: string | null;
  occupation?: string | null;
  source_of_funds?: string | null;
  /** The pawner's language; null: the site's default (decision 0291). */
  language?: Language | null;
}

/** Creates a customer (no uuid, or one not on this device) or changes the fields that changed. */
export async function saveCustomer(input: CustomerInput): Promise<LocalCustomer> {
  // The book's key first (decision 0375): a save right after sign-in does not wait for the sync engine to open it.
  // A book that stays locked reads its numbers as none: a save from that could clear one, so it is refused.
  const opened = await import('../../../offline/book-key').then((m) => m.openBook());
  if (!opened && bookOwner()) refuse(BOOK_LOCKED);
  return writeWithEntries(async (queue) => {
    const existing = input.uuid ? await db.customers.get(input.uuid) : undefined;
    if (existing) {
      const { uuid: _uuid, ...fields } = input;
      const checkedFields = checked(customerUpdateSchema, fields) as Record<string, unknown>;
      const { changes, was } = changedFields(existing as unknown as Record<string, unknown>, checkedFields);
      // Only what this device changed travels: another device's change of another field is kept (defect 3).
      if (Object.keys(changes).length) await queue('UPDATE_CUSTOMER', { ...changes, was, uuid: existing.uuid });
      return (await db.customers.get(existing.uuid))!;
    }
    const body = checked(customerCreateSchema, { ...input, uuid: input.uuid ?? crypto.randomUUID() });
    await queue('CREATE_CUSTOMER', body);
    return (await db.customers.get(body.uuid))!;
  });
}

export interface LoanItemDraft {
  /** The item's uuid when the form made it (photos taken at intake are kept under it); else made on saving. */
  uuid?: string;
  description: string;
  appraisal_value: number;
  market_value?: number;
  category_uuid?: string;
  /** A piece of metal (decision 0305): its metal, purity, grams and the kept rate its appraisal used. */
  metal?: string;
  purity?: string;
  weight_grams?: number;
  metal_rate_id?: number;
}

export interface LoanInput {
  customer_uuid: string;
  category_uuid: string;
  loan_date: string;
  /** Pesos. */
  loan_amount: number;
  notes?: string;
  items: LoanItemDraft[];
  /** The pawner asked in writing for a loan below 30 % of the appraised value (decision 0182). */
  written_request?: boolean;
}

/** Writes a new pawn ticket with its items (ticket number from the server later). */
export async function createLoan(input: LoanInput): Promise<LocalLoan> {
  const today = await counterToday();
  await refuseOutOfBoundDate(input.loan_date, 'loan date');
  await refuseClosedDay(input.loan_date);
  const kycThreshold = await kycThresholdHere();
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
      // An item's uuid may come with it (its photos taken at intake are kept under it), else it is made here.
      items: input.items.map((item) => ({ ...item, uuid: item.uuid ?? crypto.randomUUID() })),
      ...(input.written_request && { written_request: true }),
    });
    const appraisal = body.items.reduce((sum, item) => sum + toCentavos(item.appraisal_value), 0);
    refuse(newLoanProblem({ loan_date: body.loan_date, loan_amount: toCentavos(body.loan_amount), appraisal_value: appraisal, today, written_request: body.written_request }));
    const earlierLoans = await db.loans.where('customer_uuid').equals(customer.uuid).count();
    refuse(kycProblem({ customer, loanAmount: toCentavos(body.loan_amount), threshold: kycThreshold, earlierLoans }));
    // The terms printed on the ticket are the contract: they travel with it, with the category version they came
    // from, so a rate changed before the ticket reaches the server does not change it (defect 5).
    // A category made on this device and not on the server yet has no version: 0, with the terms it was made with.
    const terms = { ...termsOf(category), category_version: category.version ?? 0 };
    await queue('CREATE_LOAN', { ...body, terms });
    return (await db.loans.get(body.uuid))!;
  });
}

/** An issued ticket's amounts and dates never change: only its remarks. */
export async function updateLoanNotes(uuid: string, notes: string | null): Promise<LocalLoan> {
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    const body = checked(loanUpdateSchema, { notes: notes ?? '' });
    const next = body.notes ?? null;
    if ((loan.notes ?? null) !== next) await queue('UPDATE_LOAN', { uuid, notes: next, was: { notes: loan.notes ?? null } });
    return (await db.loans.get(uuid))!;
  });
}

/** Renews an active loan: the old one becomes renewed, a new ticket (new uuid) takes the same principal and items. */
export async function renewLoan(uuid: string, renewal_date?: string): Promise<LocalLoan> {
  const asOf = renewal_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'renewal date');
  await refuseClosedDay(asOf);
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    const category = await mustGet(db.categories.get(loan.category_uuid), 'category');
    refuse(renewProblem(figuresOf(loan), termsOf(category), asOf));
    const newUuid = crypto.randomUUID();
    await queue('RENEW_LOAN', { uuid, new_uuid: newUuid, renewal_date: asOf });
    return (await db.loans.get(newUuid))!;
  });
}

/**
 * The pawner pays the interest due and the same ticket runs one term more (decision 0189). The entry carries the
 * maturity it extends from: the server extends only a loan that still has it, so it never extends twice.
 */
export async function extendLoan(uuid: string, extension_date?: string): Promise<LocalLoan> {
  const asOf = extension_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'extension date');
  await refuseClosedDay(asOf);
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    const category = await mustGet(db.categories.get(loan.category_uuid), 'category');
    refuse(extendProblem(figuresOf(loan), termsOf(category), asOf));
    await queue('EXTEND_LOAN', { uuid, from_maturity_date: loan.maturity_date, extension_date: asOf });
    return (await db.loans.get(uuid))!;
  });
}

/** Closes a loan whose pawner paid principal, interest and penalty; its items go back to the pawner. */
export async function redeemLoan(uuid: string, redemption_date?: string): Promise<LocalLoan> {
  const asOf = redemption_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'redemption date');
  await refuseClosedDay(asOf);
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    refuse(redeemProblem(figuresOf(loan), asOf) ?? transitProblem(await db.items.where('loan_uuid').equals(uuid).toArray()));
    await queue('REDEEM_LOAN', { uuid, redemption_date: asOf });
    return (await db.loans.get(uuid))!;
  });
}

/**
 * After expiry the shop keeps the items: loan and items forfeited. Its pawner must have been sent the notice (the
 * book learns it by the pull), or a manager gives `noNoticeReason` (decision 0217): refused here as on the server.
 */
export async function forfeitLoan(uuid: string, forfeiture_date?: string, noNoticeReason?: string): Promise<LocalLoan> {
  const asOf = forfeiture_date ?? (await counterToday());
  await refuseOutOfBoundDate(asOf, 'forfeiture date');
  return writeWithEntries(async (queue) => {
    const loan = await mustGet(db.loans.get(uuid), 'loan');
    refuse(forfeitProblem(figuresOf(loan), asOf, forfeitNoticeOf(loan, noNoticeReason)) ?? transitProblem(await db.items.where('loan_uuid').equals(uuid).toArray()));
    const reason = loan.notice_sent_at ? undefined : noNoticeReason?.trim();
    await queue('FORFEIT_LOAN', { uuid, forfeiture_date: asOf, ...(reason && { no_notice_reason: reason }) });
    return (await db.loans.get(uuid))!;
  });
}
