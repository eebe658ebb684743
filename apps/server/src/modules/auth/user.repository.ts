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
