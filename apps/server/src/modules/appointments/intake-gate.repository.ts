import type { DB } from '../../db/database';

// What the intake gate (intake-gate.ts) reads: the site's intake mode and whether the client answered any screening.

export async function intakeModeOf(db: DB, companyId: number) {
  return db.selectFrom('safety_settings').select('intake_mode').where('company_id', '=', companyId).executeTakeFirst();
}

export async function hasScreening(db: DB, companyId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('screenings').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId).limit(1).executeTakeFirst();
  return !!row;
}
