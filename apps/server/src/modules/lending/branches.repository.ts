import type { Insertable, Selectable, Updateable } from 'kysely';
import { authChanged } from '../../db/auth-signals';
import type { DB } from '../../db/database';
import type { BranchesTable } from '../../db/tables';

// A company's branches and who works where (docs/decisions/0301-branches-schema.md).

export type BranchRow = Selectable<BranchesTable>;

/** The company's branch by id, closed ones included (an old ticket still names its branch). */
export async function findBranch(db: DB, companyId: number, branchId: number): Promise<BranchRow | undefined> {
  return db.selectFrom('branches').selectAll().where('company_id', '=', companyId).where('id', '=', branchId).executeTakeFirst();
}

/** The company's branch using this ticket prefix, if any. */
export async function findBranchByPrefix(db: DB, companyId: number, prefix: string): Promise<BranchRow | undefined> {
  return db.selectFrom('branches').selectAll().where('company_id', '=', companyId).where('ticket_prefix', '=', prefix).executeTakeFirst();
}

/** The company's branches, open ones first by name; closed ones only when asked. */
export async function listBranches(db: DB, companyId: number, opts: { withDeleted?: boolean } = {}): Promise<BranchRow[]> {
  let q = db.selectFrom('branches').selectAll().where('company_id', '=', companyId);
  if (!opts.withDeleted) q = q.where('deleted', '=', 0);
  return q.orderBy('deleted').orderBy('name').orderBy('id').execute();
}

/** The company's first branch (the one every company is made with): where a user assigned to none works. */
export async function firstBranch(db: DB, companyId: number): Promise<BranchRow> {
  return db.selectFrom('branches').selectAll().where('company_id', '=', companyId).where('deleted', '=', 0).orderBy('id').limit(1).executeTakeFirstOrThrow();
}

/** The open branches the user works at: those assigned, or the company's first branch when none is. */
export async function branchesOfUser(db: DB, companyId: number, userId: number): Promise<BranchRow[]> {
  const assigned = await db
    .selectFrom('user_branches as ub')
    .innerJoin('branches as b', 'b.id', 'ub.branch_id')
    .selectAll('b')
    .where('ub.company_id', '=', companyId)
    .where('b.company_id', '=', companyId)
    .where('ub.user_id', '=', userId)
    .where('b.deleted', '=', 0)
    .orderBy('b.name')
    .orderBy('b.id')
    .execute();
  if (assigned.length > 0) return assigned;
  const anyAssigned = await db.selectFrom('user_branches').select('branch_id').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
  // Assigned only to closed branches: no branch until a manager assigns an open one.
  if (anyAssigned) return [];
  return [await firstBranch(db, companyId)];
}

/** The user ids assigned to each of the company's branches. */
export async function usersOfBranches(db: DB, companyId: number): Promise<{ user_id: number; branch_id: number }[]> {
  return db.selectFrom('user_branches').select(['user_id', 'branch_id']).where('company_id', '=', companyId).execute();
}

export async function insertBranch(trx: DB, row: Insertable<BranchesTable>): Promise<BranchRow> {
  return trx.insertInto('branches').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Changes a branch. Closing or reopening one changes whose book its staff keep (and where the unassigned work):
 * the company's open change streams are looked up again (their reader kind, docs/decisions/0360-deltas-carried-in-the-signal.md).
 */
export async function updateBranch(trx: DB, companyId: number, branchId: number, changes: Updateable<BranchesTable>): Promise<BranchRow | undefined> {
  const row = await trx.updateTable('branches').set(changes).where('company_id', '=', companyId).where('id', '=', branchId).returningAll().executeTakeFirst();
  if (row && changes.deleted !== undefined) await authChanged(trx, { kind: 'company', id: companyId });
  return row;
}

/**
 * The branches a user works at become exactly these (ids of the company's branches, checked by the caller). The
 * user's open change streams are looked up again: their carried deltas follow the branches (decision 0360).
 */
export async function setUserBranches(trx: DB, companyId: number, userId: number, branchIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('user_branches').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  if (branchIds.length > 0) {
    await trx
      .insertInto('user_branches')
      .values(branchIds.map((branch_id) => ({ company_id: companyId, user_id: userId, branch_id })))
      .execute();
  }
  await authChanged(trx, { kind: 'user', id: userId });
}

/**
 * The branch's next ticket number (1, 2, ...): one conditional update that bumps and returns the counter, so two
 * tickets written at once never get the same number (the row is locked until the transaction ends).
 */
export async function nextBranchTicketNumber(trx: DB, companyId: number, branchId: number): Promise<{ prefix: string; n: number }> {
  const row = await trx
    .updateTable('branches')
    .set((eb) => ({ last_ticket_number: eb('last_ticket_number', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('id', '=', branchId)
    .returning(['ticket_prefix', 'last_ticket_number'])
    .executeTakeFirstOrThrow();
  return { prefix: row.ticket_prefix, n: Number(row.last_ticket_number) };
}

/** The register's entries of one day at the company's branches (or these), for the day's cash per branch. */
export async function entriesOfDayByBranch(db: DB, companyId: number, day: string, branchIds: readonly number[] | null) {
  let q = db
    .selectFrom('transactions')
    .select(['branch_id', 'type', 'amount', 'reverses_uuid', 'uuid'])
    .where('company_id', '=', companyId)
    .where('entry_date', '=', day);
  if (branchIds !== null) q = q.where('branch_id', 'in', branchIds.length > 0 ? [...branchIds] : [-1]);
  return q.execute();
}
