import { CLINICAL_PERMISSIONS } from '@kalinga/contracts/client-access-constants';
import type { DB } from './database';

// Who the company's clinicians are, asked in one place: the access model names them (a group's co-facilitator,
// decisions 0340, 0352) and the notices of grants and set passwords reach them when the company has no privacy
// officer (decision 0358). Both areas read this query; neither may import the other's repository
// (docs/architecture.md#keep-clean), so it lives here, below both.

/**
 * The company's active clinicians by name, as the access model's isClinician says of a caller: user type counselor,
 * active, a member of the company, and holding a clinical permission through a role of this company (decision 0200).
 * `only` checks one user.
 */
export async function activeClinicians(db: DB, companyId: number, only?: number): Promise<{ id: number; name: string }[]> {
  let query = db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select(['users.id', 'users.name'])
    .where('users.user_type', '=', 'counselor')
    .where('users.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_user')
          .innerJoin('roles', 'roles.id', 'role_user.role_id')
          .innerJoin('role_permission', 'role_permission.role_id', 'roles.id')
          .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
          .select('role_user.user_id')
          .whereRef('role_user.user_id', '=', 'users.id')
          .where('roles.company_id', '=', companyId)
          .where('permissions.name', 'in', [...CLINICAL_PERMISSIONS]),
      ),
    );
  if (only !== undefined) query = query.where('users.id', '=', only);
  return query.orderBy('users.name').orderBy('users.id').execute();
}
