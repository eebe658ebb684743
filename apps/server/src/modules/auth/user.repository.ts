import type { DB } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/tables';
import { authChanged } from '../../db/auth-signals';

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: DB, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values({ ...user, email: user.email.toLowerCase() }).returningAll().executeTakeFirstOrThrow();
}

/** Every column of the row is in the session's auth (its status, its name, its language): kept sessions are dropped. */
export async function updateUser(db: DB, id: number, changes: UserUpdate): Promise<UserRow> {
  const row = await db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  await authChanged(db, { kind: 'user', id });
  return row;
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
