import type { DB } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/tables';

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: DB, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values({ ...user, email: user.email.toLowerCase() }).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: DB, id: number, changes: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Whether the user is the clinical supervisor of a counselor who belongs to the company (decision 0208). */
export async function supervisesIn(db: DB, companyId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select('users.id')
    .where('users.clinical_supervisor_id', '=', userId)
    .where('users.user_type', '=', 'counselor')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
