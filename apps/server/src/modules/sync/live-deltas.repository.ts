import type { DB } from '../../db/database';

/**
 * The branches each of `userIds` is assigned to in the company, as (user, branch, whether it is open) rows: what a
 * pushed delta (decision 0360) checks its readers' branches against on the snapshot it is built on.
 */
export async function branchAssignmentsOfUsers(db: DB, companyId: number, userIds: readonly number[]): Promise<{ user_id: number; branch_id: number; deleted: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_branches as ub')
    .innerJoin('branches as b', 'b.id', 'ub.branch_id')
    .select(['ub.user_id', 'ub.branch_id', 'b.deleted'])
    .where('ub.company_id', '=', companyId)
    .where('b.company_id', '=', companyId)
    .where('ub.user_id', 'in', userIds)
    .execute();
}
