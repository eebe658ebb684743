import type { LoanActionReply, LoanExtend } from '@kalinga/contracts/lending/schemas';
import { extensionChanges } from '@kalinga/contracts/lending/effects';
import { EXTENDED_MEANWHILE, extendProblem } from '@kalinga/contracts/lending/extension';
import { loanFigures } from '@kalinga/contracts/lending/figures';
import { categoryTerms } from '@kalinga/contracts/lending/terms';
import { NOT_ACTIVE } from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { actingBranch } from './branch-context';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { recordBackdating } from './lending-common';
import { actionReply, currentAction, dateOfAction, requireLoan } from './loan-actions.service';
import { extendActiveLoan, findLendingCategory, findLoan } from './loan.repository';
import { insertTransactions } from './transaction.repository';
import type { OperationHandlers } from './operation-handler';

// Paying the interest due extends a loan by one term on the same ticket (docs/decisions/0189). The rules
// module says what is due and the new dates; the loan is changed by one statement conditional on its status and on
// the maturity the device extended from, so a repeat or a second extension from the same state never extends twice;
// the money goes into the register as its own entries (action 'extension'), which a closed cash day refuses.

export const FROM_MATURITY_WRONG = (maturity: string) => `The maturity date to extend from must be this loan's (${maturity}).`;

export function extendLoan(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: LoanExtend): Promise<WriteReply<LoanActionReply>> {
  const companyId = auth.companyId;
  return runWrite(db, auth, wk, async (ctx) => {
    const { trx, version, now } = ctx;
    const loan = await requireLoan(trx, auth, uuid);
    if (loan.status !== 'active') throw conflict(NOT_ACTIVE(loan.status));
    if (loan.maturity_date !== input.from_maturity_date) {
      // A loan never extended has had one maturity: the client sent a wrong date. Else it was extended meanwhile.
      if (Number(loan.extensions) === 0) throw unprocessable({ from_maturity_date: [FROM_MATURITY_WRONG(loan.maturity_date)] });
      throw conflict(EXTENDED_MEANWHILE(loan.maturity_date));
    }
    const dated = await dateOfAction(trx, auth, loan, 'extension_date', input.extension_date);
    const asOf = dated.date;
    const category = await findLendingCategory(trx, companyId, { id: loan.category_id });
    if (!category) throw notFound('Category');
    const terms = categoryTerms(category);
    const problem = extendProblem(loanFigures(loan, 'centavos'), terms, asOf);
    if (problem) throw conflict(problem);
    // The loan's changes are the ones the device writes (the lending effects); the update counts the extension.
    const { plan, changes } = extensionChanges(loan, terms, asOf, 'centavos');
    const done = await extendActiveLoan(trx, companyId, uuid, loan.maturity_date, { ...changes, version, updated_at: now });
    if (!done) {
      // Another write got there first (PostgreSQL re-reads the row after waiting for its lock).
      const current = await findLoan(trx, companyId, uuid);
      throw conflict(current?.status === 'active' ? EXTENDED_MEANWHILE(current.maturity_date) : NOT_ACTIVE(current?.status ?? loan.status));
    }
    await recordBackdating(trx, auth, dated, { action: 'extension', loanUuid: loan.uuid, now });
    await insertTransactions(
      trx,
      // Extended at any branch (decision 0302): the register says where.
      { companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: asOf, branchId: (await actingBranch(trx, auth)).id },
      plan.transactions.map((t) => ({ ...t, loan: done, action: 'extension' })),
    );
    return { status: 200, body: await actionReply(trx, done, null) };
  }, currentAction(auth, uuid));
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const loanExtensionHandlers = {
  EXTEND_LOAN: ({ app, auth, wk, uuid, body }) => extendLoan(app.db, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
