import { sql } from 'kysely';
import type { DB } from '../../db/database';

/** Asks the database the smallest question it can answer; throws when it cannot. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
