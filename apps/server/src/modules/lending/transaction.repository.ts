import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import type { TransactionRow, TransactionsTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';

export interface NewTransaction {
  loan: { id: number; uuid: string };
  item_uuid?: string | null;
  type: TransactionsTable['type'];
  /** Centavos, > 0. */
  amount: number;
}

/** Writes money movements (never updated or deleted afterwards); zero amounts write nothing. */
export async function insertTransactions(
  trx: DB,
  ctx: { companyId: number; userId: number; version: number; now: string },
  rows: readonly NewTransaction[],
): Promise<void> {
  const values = rows
    .filter((r) => r.amount > 0)
    .map((r) => ({
      company_id: ctx.companyId,
      uuid: randomUUID(),
      loan_id: r.loan.id,
      loan_uuid: r.loan.uuid,
      item_uuid: r.item_uuid ?? null,
      type: r.type,
      amount: r.amount,
      version: ctx.version,
      created_by: ctx.userId,
      created_at: ctx.now,
    }));
  if (values.length > 0) await trx.insertInto('transactions').values(values).execute();
}

export async function transactionsOfLoans(db: DB, companyId: number, loanIds: readonly number[]): Promise<TransactionRow[]> {
  if (loanIds.length === 0) return [];
  return db.selectFrom('transactions').selectAll().where('company_id', '=', companyId).where('loan_id', 'in', [...loanIds]).orderBy('id').execute();
}

/** One page of a company's transactions, newest first. */
export async function listTransactions(db: DB, companyId: number, opts: { page: number; perPage: number; loanUuid?: string; type?: TransactionsTable['type'] }) {
  let base = db.selectFrom('transactions').where('company_id', '=', companyId);
  if (opts.loanUuid) base = base.where('loan_uuid', '=', opts.loanUuid);
  if (opts.type) base = base.where('type', '=', opts.type);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(opts.perPage).offset(offsetOf(opts.page, opts.perPage)).execute(),
  ]);
  return { rows, total: Number(n) };
}
