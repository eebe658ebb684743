import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addMember, insertCompany, setUserRoles } from '../src/modules/companies/company.repository';
import { createDatabase, type DB } from '../src/db/database';
import { migrateTo } from '../src/db/migrate';

export interface OldDatabase {
  db: DB;
  company: { id: number };
  /** The company's administrator (role 'admin'). */
  user: { id: number };
}

/**
 * A SQLite database migrated only up to `migration`, holding one company ('Old Co') with its administrator, as a
 * database made before a later migration would be; `permissions` are deleted first (that database's list lacked
 * them; their grants cascade away). `body` runs on it; the database is closed and removed after.
 */
export async function withOldDatabase(migration: string, permissions: string[], body: (old: OldDatabase) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-old-'));
  const db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'old.sqlite') });
  try {
    await migrateTo(db, migration);
    const company = await db.transaction().execute((trx) => insertCompany(trx, 'Old Co'));
    await db.deleteFrom('permissions').where('name', 'in', permissions).execute();
    const now = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({ name: 'Old Admin', email: 'old@example.test', password_hash: 'x', user_type: 'personnel', status: 'active', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMember(db, company.id, user.id, true);
    await setUserRoles(db, company.id, user.id, ['admin']);
    await body({ db, company, user });
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
