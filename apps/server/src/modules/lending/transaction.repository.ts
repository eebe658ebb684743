import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import type { TransactionRow, TransactionsTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';
import { closedDayProblem } from '@kalinga/contracts/lending/rules';
import { conflict } from '../../lib/http-errors';

export interface NewTransaction {
  loan: { id: number; uuid: string };
  item_uuid?: string | null;
  type: TransactionsTable['type'];
  /** Centavos, > 0. */
  amount: number;
  /** The counter action that wrote it, when not told by the type alone ('extension'). */
  action?: string;
}

export interface TransactionWriter {
  companyId: number;
  userId: number;
  userName: string;
  version: number;
  now: string;
  /** The day the money moved: the action's date. */
  date: string;
  /** The branch that acted (decision 0302): a renewal at another branch is written in the register as there. */
  branchId: number;
}

/** Writes money movements (never updated or deleted afterwards: a database trigger refuses it); zero amounts write nothing. */
export async function insertTransactions(trx: DB, ctx: TransactionWriter, rows: readonly NewTransaction[]): Promise<void> {
  const kept = rows.filter((r) => r.amount > 0);
  if (kept.length > 0) await refuseClosedDay(trx, ctx.companyId, ctx.userId, ctx.date);
  const values = kept
    .map((r) => ({
      company_id: ctx.companyId,
      uuid: randomUUID(),
      loan_id: r.loan.id,
      loan_uuid: r.loan.uuid,
      item_uuid: r.item_uuid ?? null,
      type: r.type,
      amount: r.amount,
      entry_date: ctx.date,
      action: r.action ?? null,
      version: ctx.version,
      created_by: ctx.userId,
      created_by_name: ctx.userName,
      created_at: ctx.now,
      branch_id: ctx.branchId,
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

export async function findTransaction(db: DB, companyId: number, uuid: string): Promise<TransactionRow | undefined> {
  return db.selectFrom('transactions').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

export async function findTransactionAnyCompany(db: DB, uuid: string): Promise<{ company_id: number } | undefined> {
  return db.selectFrom('transactions').select('company_id').where('uuid', '=', uuid).executeTakeFirst();
}

/** The reversal of a row, if it has one (at most one: a unique index). */
export async function findReversalOf(db: DB, companyId: number, uuid: string): Promise<TransactionRow | undefined> {
  return db.selectFrom('transactions').selectAll().where('company_id', '=', companyId).where('reverses_uuid', '=', uuid).executeTakeFirst();
}

/** Writes the entry that reverses `original`: the same loan, item, type and amount, with the reason and the user. */
export async function insertReversal(trx: DB, ctx: TransactionWriter, original: TransactionRow, uuid: string, reason: string): Promise<TransactionRow> {
  await refuseClosedDay(trx, ctx.companyId, ctx.userId, ctx.date);
  return trx
    .insertInto('transactions')
    .values({
      company_id: ctx.companyId,
      uuid,
      loan_id: original.loan_id,
      loan_uuid: original.loan_uuid,
      item_uuid: original.item_uuid,
      type: original.type,
      amount: Number(original.amount),
      entry_date: ctx.date,
      reverses_uuid: original.uuid,
      reason,
      action: 'reversal',
      version: ctx.version,
      created_by: ctx.userId,
      created_by_name: ctx.userName,
      created_at: ctx.now,
      branch_id: ctx.branchId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Refuses an entry dated in a day its clerk has closed (409); every writer of the register calls it. */
export async function refuseClosedDay(trx: DB, companyId: number, userId: number, date: string): Promise<void> {
  const closed = await trx
    .selectFrom('cash_days')
    .select('day')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '=', date)
    .where('status', '=', 'closed')
    .execute();
  const problem = closedDayProblem(date, new Set(closed.map((r) => r.day)));
  if (problem) throw conflict(problem);
}
