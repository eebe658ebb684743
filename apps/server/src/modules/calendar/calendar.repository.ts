import type { Kysely } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/tables';

type Conn = DB | Kysely<Database>;

/** Ids of a counselor's appointments (every status) starting in [fromIso, toIso), soonest first. */
export async function findCounselorAppointmentIds(db: Conn, companyId: number, counselorId: number, fromIso: string, toIso: string): Promise<number[]> {
  const rows = await db
    .selectFrom('appointments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('counselor_id', '=', counselorId)
    .where('appointment_date', '>=', fromIso)
    .where('appointment_date', '<', toIso)
    .orderBy('appointment_date')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
