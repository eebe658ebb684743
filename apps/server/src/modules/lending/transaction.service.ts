import { actingBranch } from './branch-context';
import type { TransactionListQuery, TransactionReverse, TransactionReverseReply } from '@kalinga/contracts/lending/schemas';
import { reversalProblem, reversalReason, REASON_NEEDED } from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import { paginationMeta } from '../../lib/pagination';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { counterDay, uuidTaken } from './lending-common';
import { toTransaction } from './lending-replies';
import {
  findReversalOf,
  findTransaction,
  findTransactionAnyCompany,
  insertReversal,
  listTransactions as listTransactionRows,
} from './transaction.repository';

// The register is append-only (docs/decisions/0187): nothing here updates or deletes a transaction, and the
// database refuses it too. A mistake is corrected by a reversing entry, dated the counter's today.

export async function listTransactions(db: DB, auth: AuthContext, query: TransactionListQuery) {
  const { rows, total } = await listTransactionRows(db, auth.companyId, { page: query.page, perPage: query.per_page, loanUuid: query.loan_uuid, type: query.type });
  return { data: rows.map(toTransaction), meta: paginationMeta(query.page, query.per_page, total) };
}

export function reverseTransaction(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: TransactionReverse): Promise<WriteReply<TransactionReverseReply>> {
  const companyId = auth.companyId;
  const reply = async (trx: DB, reversalUuid: string) => {
    const reversal = await findTransaction(trx, companyId, reversalUuid);
    const original = await findTransaction(trx, companyId, uuid);
    if (!reversal || !original) throw notFound('Transaction');
    return { data: toTransaction(reversal), original: toTransaction(original) };
  };
  return runWrite(
    db,
    auth,
    wk,
    async ({ trx, version, now }) => {
      const original = await findTransaction(trx, companyId, uuid);
      if (!original) throw notFound('Transaction');
      const existing = await findReversalOf(trx, companyId, uuid);
      const problem = reversalProblem(original, existing);
      if (problem) throw conflict(problem);
      if (await findTransactionAnyCompany(trx, input.uuid)) throw uuidTaken();
      const reason = reversalReason(input.reason);
      if (!reason) throw unprocessable({ reason: [REASON_NEEDED] });
      const writer = { companyId, userId: auth.user.id, userName: auth.user.name, version, now, date: counterDay(auth).today, branchId: (await actingBranch(trx, auth)).id };
      // A concurrent second reversal of the same entry fails the unique index on reverses_uuid; runWrite runs the
      // write again once the first is committed, and it then answers 409 'already reversed'.
      await insertReversal(trx, writer, original, input.uuid, reason);
      return { status: 201, body: await reply(trx, input.uuid) };
    },
    async (read) => {
      const existing = await findReversalOf(read, companyId, uuid);
      if (!existing) throw notFound('Transaction');
      return reply(read, existing.uuid);
    },
    // The same reversal again (its uuid): the first result, writing nothing (decision 0380).
    async (trx) => {
      const existing = await findReversalOf(trx, companyId, uuid);
      if (!existing || existing.uuid !== input.uuid) return null;
      // The first reversal's check again: the caller works at the branch they act at.
      await actingBranch(trx, auth);
      return { status: 200, body: await reply(trx, existing.uuid) };
    },
  );
}
