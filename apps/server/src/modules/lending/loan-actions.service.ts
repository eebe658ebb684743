import { renewalRows } from '@kalinga/contracts/lending/effects';
import { loanFigures } from '@kalinga/contracts/lending/figures';
import type { LoanActionReply, LoanForfeit, LoanRedeem, LoanRenew } from '@kalinga/contracts/lending/schemas';
import { categoryTerms } from '@kalinga/contracts/lending/terms';
import {
  BACKDATE_PERMISSION,
  forfeitProblem,
  loanDateFloor,
  NOT_ACTIVE,
  planRedemption,
  redeemProblem,
  renewProblem,
  transitProblem,
} from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import type { LoanRow } from '../../db/tables';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { actingBranch, nextTicket, requireOwnBranch } from './branch-context';
import { runWrite, type WriteContext, type WriteKey, type WriteReply } from './idempotency';
import { itemsOfLoans, setItemsOfLoan } from './item.repository';
import { boundedDate, recordBackdating, uuidTaken } from './lending-common';
import { toTransaction } from './lending-replies';
import { findLendingCategory, findLoan, findLoanAnyCompany, insertLoan, updateActiveLoan } from './loan.repository';
import { loansWithItems } from './loan.service';
import { insertTransactions, transactionsOfLoans } from './transaction.repository';
import type { OperationHandlers } from './operation-handler';

// Renew, redeem and forfeit (docs/decisions/0060): each a conditional update of an active loan, so a
// replayed or concurrent action applies once; the rules module says what is allowed and what is due.

type ActionReply = WriteReply<LoanActionReply>;

/** The loan, the loan its renewal made, and the transactions of both. */
export async function actionReply(db: DB, loan: LoanRow, newLoan: LoanRow | null): Promise<LoanActionReply> {
  const rows = newLoan ? [loan, newLoan] : [loan];
  const [loans, transactions] = await Promise.all([
    loansWithItems(db, loan.company_id, rows),
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

/**
 * 409 while an item of the loan travels between vaults (decision 0323). Read after the write's counter bump, which a
 * transfer's send takes too, so a send and a redemption never interleave.
 */
async function refuseInTransit(trx: DB, loan: LoanRow): Promise<void> {
  const problem = transitProblem(await itemsOfLoans(trx, loan.company_id, [loan.id]));
  if (problem) throw conflict(problem);
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
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    if (await findLoanAnyCompany(trx, input.new_uuid)) throw uuidTaken('new_uuid');
    // Renewed at any branch (decision 0302): the register says where; the new ticket stays in the book and the
    // series of the branch whose vault holds the items.
    const acting = await actingBranch(trx, auth);
    const home = loan.branch_id ?? acting.id;
    const dated = await dateOfAction(trx, auth, loan, 'renewal_date', input.renewal_date);
    const asOf = dated.date;
    const category = await findLendingCategory(trx, companyId, { id: loan.category_id });
    if (!category) throw notFound('Category');
    const terms = categoryTerms(category);
    const problem = renewProblem(loanFigures(loan, 'centavos'), terms, asOf);
    if (problem) throw conflict(problem);
    // The renewed loan's changes and the new ticket's fields are the ones the device writes (the lending effects).
    const { plan, renewed, next: fields } = renewalRows(loan, terms, asOf, input.new_uuid, 'centavos');
    const old = await changeActive(ctx, auth, loan, renewed);
    const next = await insertLoan(trx, {
      ...fields,
      company_id: companyId,
      pawn_ticket_number: await nextTicket(trx, companyId, home, asOf),
      branch_id: home,
      customer_id: loan.customer_id,
      customer_uuid: loan.customer_uuid,
      category_id: loan.category_id,
      category_uuid: loan.category_uuid,
      category_version: category.version,
      notes: loan.notes,
      // The same principal against the same items: the pawner's written request for a low loan still holds.
      written_request: loan.written_request,
      version,
      created_by: auth.user.id,
      created_at: now,
      updated_at: now,
    });
    // The pawned items stay at the counter under the new ticket.
    await setItemsOfLoan(trx, auth.companyId, loan.id, 'pawned', { loan_id: next.id, loan_uuid: next.uuid, version, updated_at: now });
    await recordBackdating(trx, auth, dated, { action: 'renewal', loanUuid: loan.uuid, now });
    const tx = { companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: asOf, branchId: acting.id };
    await insertTransactions(trx, tx, [
      ...plan.transactions.oldLoan.map((t) => ({ ...t, loan: old })),
      ...plan.transactions.newLoan.map((t) => ({ ...t, loan: next })),
    ]);
    return { status: 200, body: await actionReply(trx, old, next) };
  }, currentAction(auth, uuid), async (trx) => {
    // The same renewal again (its new_uuid): the first result, writing nothing (decision 0380).
    const loan = await requireLoan(trx, auth, uuid);
    if (loan.status !== 'renewed' || loan.new_loan !== input.new_uuid) return null;
    // The first renewal's check again: the caller works at the branch they act at.
    await actingBranch(trx, auth);
    return { status: 200, body: await actionReply(trx, loan, (await findLoan(trx, companyId, input.new_uuid)) ?? null) };
  });
}

export function redeemLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanRedeem): Promise<ActionReply> {
  return runWrite(db, auth, wk, async (ctx) => {
    const { trx, version, now } = ctx;
    const loan = await requireLoan(trx, auth, uuid);
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    const dated = await dateOfAction(trx, auth, loan, 'redemption_date', input.redemption_date);
    const asOf = dated.date;
    const problem = redeemProblem(loanFigures(loan, 'centavos'), asOf);
    if (problem) throw conflict(problem);
    await refuseInTransit(trx, loan);
    const plan = planRedemption(loanFigures(loan, 'centavos'), asOf);
    const done = await changeActive(ctx, auth, loan, {
      status: 'redeemed',
      redemption_date: asOf,
      paid_interest_amount: Number(loan.paid_interest_amount) + plan.due.interest,
      paid_penalty_amount: Number(loan.paid_penalty_amount) + plan.due.penalty,
    });
    await setItemsOfLoan(trx, auth.companyId, loan.id, 'pawned', { status: 'redeemed', version, updated_at: now });
    await recordBackdating(trx, auth, dated, { action: 'redemption', loanUuid: loan.uuid, now });
    await insertTransactions(
      trx,
      { companyId: auth.companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: asOf, branchId: (await actingBranch(trx, auth)).id },
      plan.transactions.map((t) => ({ ...t, loan: done })),
    );
    return { status: 200, body: await actionReply(trx, done, null) };
  }, currentAction(auth, uuid));
}

export function forfeitLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanForfeit): Promise<ActionReply> {
  return runWrite(db, auth, wk, async (ctx) => {
    const { trx, version, now } = ctx;
    const loan = await requireLoan(trx, auth, uuid);
    await requireOwnBranch(trx, auth, loan.branch_id);
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    const dated = await dateOfAction(trx, auth, loan, 'forfeiture_date', input.forfeiture_date);
    const asOf = dated.date;
    // The notice is read after the write's counter bump, which a notice's own write takes too: they never interleave.
    const notice = { sent: loan.notice_sent_at !== null, mayOverride: auth.permissions.has(BACKDATE_PERMISSION), reason: input.no_notice_reason };
    const problem = forfeitProblem(loanFigures(loan, 'centavos'), asOf, notice);
    if (problem) throw conflict(problem);
    await refuseInTransit(trx, loan);
    const override = notice.sent ? {} : { forfeit_reason: input.no_notice_reason?.trim() ?? null, forfeit_override_by: auth.user.id };
    const done = await changeActive(ctx, auth, loan, { status: 'forfeited', forfeiture_date: asOf, ...override });
    await setItemsOfLoan(trx, auth.companyId, loan.id, 'pawned', { status: 'forfeited', version, updated_at: now });
    await recordBackdating(trx, auth, dated, { action: 'forfeiture', loanUuid: loan.uuid, now });
    return { status: 200, body: await actionReply(trx, done, null) };
  }, currentAction(auth, uuid));
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const loanActionHandlers = {
  RENEW_LOAN: ({ app, auth, wk, uuid, body }) => renewLoan(app.db, auth, wk, uuid, body),
  REDEEM_LOAN: ({ app, auth, wk, uuid, body }) => redeemLoan(app.db, auth, wk, uuid, body ?? {}),
  FORFEIT_LOAN: ({ app, auth, wk, uuid, body }) => forfeitLoan(app.db, auth, wk, uuid, body ?? {}),
} satisfies Partial<OperationHandlers>;
