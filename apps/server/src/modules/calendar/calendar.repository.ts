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

/**
 * Sessions starting in [fromIso, toIso) of the active groups the counselor leads or co-facilitates, scheduled and
 * cancelled, soonest first, with each group's session count (decision 0319). No member is read.
 */
export async function findFacilitatorSessions(db: Conn, companyId: number, counselorId: number, fromIso: string, toIso: string) {
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .select(['g.uuid as group_uuid', 'g.name as group_name', 'g.kind', 'g.location_type', 'g.location', 's.uuid as session_uuid', 's.session_index', 's.starts_at', 's.duration_minutes', 's.status'])
    .select((eb) => eb.selectFrom('group_sessions as t').select((e) => e.fn.countAll<number>().as('n')).whereRef('t.group_id', '=', 'g.id').as('total'))
    .where('s.company_id', '=', companyId)
    .where('g.status', '=', 'active')
    .where((eb) => eb.or([eb('g.facilitator_id', '=', counselorId), eb('g.co_facilitator_id', '=', counselorId)]))
    .where('s.starts_at', '>=', fromIso)
    .where('s.starts_at', '<', toIso)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .execute();
}
