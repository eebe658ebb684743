import type { LoanActionReply, LoanForfeit, LoanRedeem, LoanRenew } from '@kalinga/contracts/lending';
import {
  forfeitProblem,
  loanDateFloor,
  type LoanFigures,
  NOT_ACTIVE,
  planRedemption,
  planRenewal,
  redeemProblem,
  renewProblem,
} from '@kalinga/contracts/pawn-rules';
import type { DB } from '../../db/database';
import type { LoanRow } from '../../db/tables';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { runWrite, type WriteContext, type WriteKey, type WriteReply } from './idempotency';
import { setItemsOfLoan } from './item.repository';
import { boundedDate, recordBackdating, uuidTaken } from './lending-common';
import { toTransaction } from './lending-replies';
import { findLendingCategory, findLoan, findLoanAnyCompany, insertLoan, nextTicketNumber, ticketNumber, updateActiveLoan } from './loan.repository';
import { loansWithItems, termsOf } from './loan.service';
import { insertTransactions, transactionsOfLoans } from './transaction.repository';

// Renew, redeem and forfeit (docs/decisions/0060): each a conditional update of an active loan, so a
// replayed or concurrent action applies once; the rules module says what is allowed and what is due.

type ActionReply = WriteReply<LoanActionReply>;

export function figuresOf(row: LoanRow): LoanFigures {
  return {
    status: row.status,
    loan_date: row.loan_date,
    maturity_date: row.maturity_date,
    expiry_date: row.expiry_date,
    loan_amount: Number(row.loan_amount),
    interest_rate: Number(row.interest_rate),
    penalty_rate: Number(row.penalty_rate),
    interest_from: row.interest_from,
  };
}

/** The loan, the loan its renewal made, and the transactions of both. */
export async function actionReply(db: DB, loan: LoanRow, newLoan: LoanRow | null): Promise<LoanActionReply> {
  const rows = newLoan ? [loan, newLoan] : [loan];
  const [loans, transactions] = await Promise.all([
    loansWithItems(db, rows),
    transactionsOfLoans(
      db,
      loan.company_id,
      rows.map((r) => r.id),
    ),
  ]);
  return { data: loans[0], new_loan: loans[1] ?? null, transactions: transactions.map(toTransaction) };
}

export async function requireLoan(db: DB, auth: AuthContext, uuid: string): Promise<LoanRow> {
  const loan = await findLoan(db, auth.companyId, uuid);
  if (!loan) throw notFound('Loan');
  return loan;
}

/**
 * The loan as it is now (with the loan its renewal made, if any), for a late repeat of an action whose stored
 * reply was pruned (decision 0105).
 */
export const currentAction = (auth: AuthContext, uuid: string) => async (db: DB) => {
  const loan = await requireLoan(db, auth, uuid);
  const next = loan.new_loan === null ? undefined : await findLoan(db, auth.companyId, loan.new_loan);
  return actionReply(db, loan, next ?? null);
};

/** The client's date of an action on the loan, within the bound (422 on the field; decision 0120), and its bound. */
export function dateOfAction(trx: DB, auth: AuthContext, loan: LoanRow, field: string, sent: string | undefined) {
  return boundedDate(trx, auth, { field, label: field.replace(/_/g, ' ') }, sent, [loanDateFloor(loan)]);
}

/** Applies a change to a loan that was active when read; if another write got there first, 409 with its state. */
async function changeActive(ctx: WriteContext, auth: AuthContext, loan: LoanRow, changes: Partial<LoanRow>): Promise<LoanRow> {
  const updated = await updateActiveLoan(ctx.trx, auth.companyId, loan.uuid, { ...changes, version: ctx.version, updated_at: ctx.now });
  if (updated) return updated;
  const now = await findLoan(ctx.trx, auth.companyId, loan.uuid);
  throw conflict(NOT_ACTIVE(now?.status ?? loan.status));
}

export function renewLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanRenew): Promise<ActionReply> {
  const companyId = auth.companyId;
  return runWrite(db, auth, wk, async (ctx) => {
    const { trx, version, now } = ctx;
    const loan = await requireLoan(trx, auth, uuid);
    // The same renewal again (its new_uuid): the first result.
    if (loan.status === 'renewed' && loan.new_loan === input.new_uuid) {
      return { status: 200, body: await actionReply(trx, loan, (await findLoan(trx, companyId, input.new_uuid)) ?? null) };
    }
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    if (await findLoanAnyCompany(trx, input.new_uuid)) throw uuidTaken('new_uuid');
    const dated = await dateOfAction(trx, auth, loan, 'renewal_date', input.renewal_date);
    const asOf = dated.date;
    const category = await findLendingCategory(trx, companyId, { id: loan.category_id });
    if (!category) throw notFound('Category');
    const terms = termsOf(category);
    const problem = renewProblem(figuresOf(loan), terms, asOf);
    if (problem) throw conflict(problem);
    const plan = planRenewal({ ...figuresOf(loan), appraisal_value: Number(loan.appraisal_value) }, terms, asOf);
    const old = await changeActive(ctx, auth, loan, {
      status: 'renewed',
      renewal_date: asOf,
      new_loan: input.new_uuid,
      paid_interest_amount: Number(loan.paid_interest_amount) + plan.due.interest,
      paid_penalty_amount: Number(loan.paid_penalty_amount) + plan.due.penalty,
    });
    const next = await insertLoan(trx, {
      company_id: companyId,
      uuid: input.new_uuid,
      pawn_ticket_number: ticketNumber(asOf, await nextTicketNumber(trx, companyId)),
      customer_id: loan.customer_id,
      customer_uuid: loan.customer_uuid,
      category_id: loan.category_id,
      category_uuid: loan.category_uuid,
      status: 'active',
      loan_date: asOf,
      maturity_date: plan.next.maturity_date,
      expiry_date: plan.next.expiry_date,
      appraisal_value: Number(loan.appraisal_value),
      loan_amount: Number(loan.loan_amount),
      service_charge: plan.next.service_charge,
      interest_rate: terms.interest_rate,
      penalty_rate: terms.penalty_rate,
      // A renewal is written at the category's current terms (decision 0104).
      category_version: category.version,
      amount_disbursed: plan.next.amount_disbursed,
      paid_interest_amount: 0,
      paid_penalty_amount: 0,
      renewed_from: loan.uuid,
      notes: loan.notes,
      // The same principal against the same items: the pawner's written request for a low loan still holds.
      written_request: loan.written_request,
      version,
      created_by: auth.user.id,
      created_at: now,
      updated_at: now,
    });
    // The pawned items stay at the counter under the new ticket.
    await setItemsOfLoan(trx, loan.id, 'pawned', { loan_id: next.id, loan_uuid: next.uuid, version, updated_at: now });
    await recordBackdating(trx, auth, dated, { action: 'renewal', loanUuid: loan.uuid, now });
    const tx = { companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: asOf };
    await insertTransactions(trx, tx, [
      ...plan.transactions.oldLoan.map((t) => ({ ...t, loan: old })),
      ...plan.transactions.newLoan.map((t) => ({ ...t, loan: next })),
    ]);
    return { status: 200, body: await actionReply(trx, old, next) };
  }, currentAction(auth, uuid));
}

export function redeemLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanRedeem): Promise<ActionReply> {
  return runWrite(db, auth, wk, async (ctx) => {
    const { trx, version, now } = ctx;
    const loan = await requireLoan(trx, auth, uuid);
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    const dated = await dateOfAction(trx, auth, loan, 'redemption_date', input.redemption_date);
    const asOf = dated.date;
    const problem = redeemProblem(figuresOf(loan), asOf);
    if (problem) throw conflict(problem);
    const plan = planRedemption(figuresOf(loan), asOf);
    const done = await changeActive(ctx, auth, loan, {
      status: 'redeemed',
      redemption_date: asOf,
      paid_interest_amount: Number(loan.paid_interest_amount) + plan.due.interest,
      paid_penalty_amount: Number(loan.paid_penalty_amount) + plan.due.penalty,
    });
    await setItemsOfLoan(trx, loan.id, 'pawned', { status: 'redeemed', version, updated_at: now });
    await recordBackdating(trx, auth, dated, { action: 'redemption', loanUuid: loan.uuid, now });
    await insertTransactions(
      trx,
      { companyId: auth.companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: asOf },
      plan.transactions.map((t) => ({ ...t, loan: done })),
    );
    return { status: 200, body: await actionReply(trx, done, null) };
  }, currentAction(auth, uuid));
}

export function forfeitLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanForfeit): Promise<ActionReply> {
  return runWrite(db, auth, wk, async (ctx) => {
    const { trx, version, now } = ctx;
    const loan = await requireLoan(trx, auth, uuid);
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    const dated = await dateOfAction(trx, auth, loan, 'forfeiture_date', input.forfeiture_date);
    const asOf = dated.date;
    const problem = forfeitProblem(figuresOf(loan), asOf);
    if (problem) throw conflict(problem);
    const done = await changeActive(ctx, auth, loan, { status: 'forfeited', forfeiture_date: asOf });
    await setItemsOfLoan(trx, loan.id, 'pawned', { status: 'forfeited', version, updated_at: now });
    await recordBackdating(trx, auth, dated, { action: 'forfeiture', loanUuid: loan.uuid, now });
    return { status: 200, body: await actionReply(trx, done, null) };
  }, currentAction(auth, uuid));
}
