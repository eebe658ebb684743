import type { DB } from '../../db/database';

// What the supervisor's "Notes to review" reads of group notes (decision 0320): the notes their trainees signed that
// wait for their co-signature. Who wrote it, which group and session, when it was signed: no note text, no member.

/** The company's group notes awaiting the supervisor's co-signature, the longest waiting first. */
export async function groupNotesAwaitingCosignOf(db: DB, companyId: number, supervisorId: number) {
  return db
    .selectFrom('group_notes as n')
    .innerJoin('groups as g', 'g.id', 'n.group_id')
    .innerJoin('group_sessions as s', 's.id', 'n.group_session_id')
    .select(['n.uuid', 'g.uuid as group_uuid', 'g.name as group_name', 's.uuid as session_uuid', 's.session_index', 's.starts_at', 's.local_date', 'n.author_id', 'n.author_name', 'n.signed_at', 'n.signed_by_name', 'n.updated_at', 'n.late_entry'])
    .where('n.company_id', '=', companyId)
    .where('n.supervisor_id', '=', supervisorId)
    .where('n.status', '=', 'awaiting_cosign')
    .orderBy('n.signed_at')
    .orderBy('n.id')
    .execute();
}
