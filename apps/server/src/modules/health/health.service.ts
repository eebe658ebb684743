import type { DB } from '../../db/database';
import { pingDatabase } from './health.repository';

/** Throws when the database does not answer (the route then answers 500). */
export async function checkHealth(db: DB): Promise<{ status: 'ok' }> {
  await pingDatabase(db);
  return { status: 'ok' };
}
