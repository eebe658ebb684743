import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

// What a group email reads when the worker sends it (group-emails.ts): the recipient, the session it is about and its
// group, the group's sessions, and whether the recipient still holds their place. Never another member.

type Conn = Kysely<Database>;

/** The recipient, the session the row points at, its group and the company; undefined when any is gone. */
export async function groupEmailContext(db: Conn, companyId: number, recipientId: number, sessionId: number | null) {
  if (sessionId === null) return undefined;
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .innerJoin('users as f', 'f.id', 'g.facilitator_id')
    .leftJoin('users as co', 'co.id', 'g.co_facilitator_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .leftJoin('settings as st', 'st.company_id', 's.company_id')
    .innerJoin('users as r', (j) => j.on('r.id', '=', recipientId))
    .select([
      'r.name as recipient_name',
      'r.email as recipient_email',
      'r.language as recipient_language',
      'st.default_language as company_language',
      'c.name as company_name',
      'c.timezone',
      'g.id as group_id',
      'g.name as group_name',
      'g.kind',
      'g.status as group_status',
      'g.facilitator_id',
      'g.co_facilitator_id',
      'g.location_type',
      'g.location',
      'f.name as facilitator_name',
      'co.name as co_facilitator_name',
      's.starts_at',
      's.status',
      's.session_index',
    ])
    .where('s.id', '=', sessionId)
    .where('s.company_id', '=', companyId)
    .executeTakeFirst();
}

/** Every session of the group, in order, with its calendar version. */
export async function groupSessionsForEmail(db: Conn, companyId: number, groupId: number) {
  return db
    .selectFrom('group_sessions')
    .select(['uuid', 'session_index', 'starts_at', 'duration_minutes', 'status', 'ics_sequence'])
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .orderBy('session_index')
    .execute();
}

/** Whether the client is an active member of the group. */
export async function stillMember(db: Conn, companyId: number, groupId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('group_members').select('id').where('company_id', '=', companyId).where('group_id', '=', groupId).where('client_id', '=', clientId).where('status', '=', 'active').executeTakeFirst();
  return row !== undefined;
}

/** The client's open offer of a seat in the group (its hold's end); undefined when none. */
export async function openSeatOffer(db: Conn, companyId: number, groupId: number, clientId: number) {
  return db.selectFrom('group_waitlist').select('expires_at').where('company_id', '=', companyId).where('group_id', '=', groupId).where('client_id', '=', clientId).where('status', '=', 'offered').executeTakeFirst();
}

/** The group's sessions still to come (a new member's reminders). */
export async function comingSessions(db: Conn, companyId: number, groupId: number, now: string) {
  return db.selectFrom('group_sessions').select(['id', 'starts_at']).where('company_id', '=', companyId).where('group_id', '=', groupId).where('status', '=', 'scheduled').where('starts_at', '>', now).orderBy('starts_at').execute();
}

/** The centre's reminder setting (hours before a session; 0: none). */
export async function reminderHours(db: Conn, companyId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('reminder_hours_before').where('company_id', '=', companyId).executeTakeFirst();
  return row?.reminder_hours_before ?? 0;
}
