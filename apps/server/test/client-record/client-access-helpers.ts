import type { DB } from '../../src/db/database';

/** Puts a counselor in a client's care team the way a referral does (decision 0200), for tests. */
export async function referTo(db: DB, companyId: number, counselorId: number, clientId: number): Promise<void> {
  await db
    .insertInto('client_referrals')
    .values({ company_id: companyId, client_id: clientId, from_counselor_id: null, to_counselor_id: counselorId, reason: 'Test referral', created_at: new Date().toISOString() })
    .execute();
}

/** The access-log rows of a client, oldest first. */
export async function accessRows(db: DB, clientId: number) {
  return db.selectFrom('client_access_log').selectAll().where('client_id', '=', clientId).orderBy('id').execute();
}
