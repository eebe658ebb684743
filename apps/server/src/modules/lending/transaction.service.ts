import type { TransactionListQuery } from '@kalinga/contracts/lending';
import type { DB } from '../../db/database';
import { paginationMeta } from '../../lib/pagination';
import type { AuthContext } from '../../plugins/auth';
import { toTransaction } from './lending-replies';
import { listTransactions as listTransactionRows } from './transaction.repository';

export async function listTransactions(db: DB, auth: AuthContext, query: TransactionListQuery) {
  const { rows, total } = await listTransactionRows(db, auth.companyId, { page: query.page, perPage: query.per_page, loanUuid: query.loan_uuid, type: query.type });
  return { data: rows.map(toTransaction), meta: paginationMeta(query.page, query.per_page, total) };
}
