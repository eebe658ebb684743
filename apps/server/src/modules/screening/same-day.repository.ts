import type { DB } from '../../db/database';

// What booking a same-day slot (same-day.ts, decision 0165) reads and writes of the urgent cases, within one
// company; the counselors' weeks, the categories and the site settings are read through their areas' repositories.

export async function caseToBook(db: DB, companyId: number, caseId: number) {
  return db
    .selectFrom('urgent_cases as c')
    .innerJoin('users as u', 'u.id', 'c.client_id')
    .select(['c.id', 'c.client_id', 'c.appointment_id', 'u.user_type'])
    .where('c.id', '=', caseId)
    .where('c.company_id', '=', companyId)
    .executeTakeFirst();
}

/** Marks the case booked (acknowledged too when still open) unless it was booked first: true when this call did. */
export async function markCaseBooked(db: DB, companyId: number, caseId: number, appointmentId: number, userId: number, now: string): Promise<boolean> {
  const marked = await db
    .updateTable('urgent_cases')
    .set((eb) => ({
      appointment_id: appointmentId,
      acknowledged_at: eb.fn.coalesce('acknowledged_at', eb.val(now)),
      acknowledged_by: eb.fn.coalesce('acknowledged_by', eb.val(userId)),
    }))
    .where('id', '=', caseId)
    .where('company_id', '=', companyId)
    .where('appointment_id', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
