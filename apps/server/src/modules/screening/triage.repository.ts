import type { DB } from '../../db/database';

// What the Triage list (triage.ts, decision 0164) reads of screening's own tables, within one company; the names
// and bookings they point at come from the users and appointments areas (decision 0261).

/** Urgent cases open, or acknowledged since `weekAgo`, oldest first (at most 200). */
export async function triageCases(db: DB, companyId: number, weekAgo: string) {
  return db
    .selectFrom('urgent_cases as c')
    .select(['c.id', 'c.client_id', 'c.source', 'c.created_at', 'c.escalated_at', 'c.acknowledged_at', 'c.acknowledged_by', 'c.appointment_id'])
    .where('c.company_id', '=', companyId)
    .where((w) => w.or([w('c.acknowledged_at', 'is', null), w('c.acknowledged_at', '>=', weekAgo)]))
    .orderBy('c.created_at')
    .limit(200)
    .execute();
}

/** Intakes answered since `since`, oldest first (at most 200). */
export async function recentIntakes(db: DB, companyId: number, since: string) {
  return db
    .selectFrom('screenings as s')
    .select(['s.id', 's.client_id', 's.created_at', 's.phq9_band', 's.gad7_band'])
    .where('s.company_id', '=', companyId)
    .where('s.kind', '=', 'intake')
    .where('s.created_at', '>=', since)
    .orderBy('s.created_at')
    .limit(200)
    .execute();
}

export async function caseOfCompany(db: DB, companyId: number, caseId: number) {
  return db.selectFrom('urgent_cases').select('id').where('id', '=', caseId).where('company_id', '=', companyId).executeTakeFirst();
}

export async function acknowledgerOf(db: DB, companyId: number, caseId: number) {
  return db.selectFrom('urgent_cases').select('acknowledged_by').where('id', '=', caseId).where('company_id', '=', companyId).executeTakeFirstOrThrow();
}
