import type { SetupStatus } from '@kalinga/contracts/setup';
import type { DB } from '../../db/database';

/** The first-run checklist of a company: four existence checks, each an indexed lookup stopping at one row. */
export async function readSetupStatus(db: DB, companyId: number): Promise<SetupStatus> {
  const members = db.selectFrom('company_user').innerJoin('users', 'users.id', 'company_user.user_id').where('company_user.company_id', '=', companyId);
  const [counselor, schedule, category, clients] = await Promise.all([
    members.select('users.id').where('users.user_type', '=', 'counselor').limit(1).executeTakeFirst(),
    db.selectFrom('counselor_schedules').select('id').where('company_id', '=', companyId).where('is_available', '=', 1).limit(1).executeTakeFirst(),
    db.selectFrom('categories').select('id').where('company_id', '=', companyId).where('kind', '=', 'counselling').limit(1).executeTakeFirst(),
    // A client is a student or personnel member who is not an administrator of this company.
    members
      .select('users.id')
      .where('users.user_type', 'in', ['student', 'personnel'])
      .where(({ not, exists, selectFrom }) =>
        not(exists(
          selectFrom('role_user')
            .innerJoin('roles', 'roles.id', 'role_user.role_id')
            .select('role_user.user_id')
            .whereRef('role_user.user_id', '=', 'users.id')
            .where('roles.company_id', '=', companyId)
            .where('roles.name', '=', 'admin'),
        )),
      )
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { counselor: !!counselor, schedule: !!schedule, category: !!category, clients: !!clients };
}
