import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

// What a group session's reminder reads when it falls due (decision 0321): the session, its group, and whether the
// recipient still takes part (an active member, or one of its facilitators). Never another member.

type Conn = Kysely<Database>;

/** The session and its group as the reminder needs them; undefined when either is gone. */
export async function groupReminderSession(db: Conn, companyId: number, sessionId: number, recipientId: number) {
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', 'g.id', 's.group_id')
    .leftJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.id').on('m.client_id', '=', recipientId).on('m.status', '=', 'active'))
    .select(['s.starts_at', 's.status', 'g.status as group_status', 'g.name as group_name', 'g.facilitator_id', 'g.co_facilitator_id', 'm.id as member_id'])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}
