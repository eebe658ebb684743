import type { DB } from '../../db/database';

// A member's view of the group notes (docs/decisions/0296-group-notes-in-the-record.md): the SQL reads only the
// member's own part and the addenda about the whole group or about them; another member's part, id or name is
// never selected. Every query takes the company.

/** The group notes past draft with a part of this member, oldest session first (only signed ones if asked). */
export async function memberNoteRows(db: DB, companyId: number, clientId: number, onlySigned = false) {
  let q = db
    .selectFrom('group_note_parts as p')
    .innerJoin('group_notes as n', (j) => j.onRef('n.id', '=', 'p.note_id').onRef('n.company_id', '=', 'p.company_id'))
    .innerJoin('groups as g', 'g.id', 'n.group_id')
    .select([
      'n.id', 'n.company_id', 'n.uuid', 'n.body', 'n.session_date', 'n.status', 'n.author_id', 'n.author_name', 'n.signed_at', 'n.signed_by_name',
      'n.cosigned_at', 'n.cosigned_by_name', 'n.late_entry', 'n.created_at', 'g.name as group_name', 'p.uuid as part_uuid', 'p.body as part_body',
    ])
    .where('p.company_id', '=', companyId)
    .where('p.client_id', '=', clientId);
  q = onlySigned ? q.where('n.status', '=', 'signed') : q.where('n.status', '<>', 'draft');
  return q.orderBy('n.session_date').orderBy('n.id').execute();
}

/** The addenda under these notes about the whole group or about this member, oldest first. */
export async function memberAddendaRows(db: DB, companyId: number, clientId: number, noteIds: readonly number[]) {
  if (noteIds.length === 0) return [];
  return db
    .selectFrom('group_note_addenda')
    .select(['id', 'company_id', 'uuid', 'note_id', 'author_id', 'author_name', 'body', 'signed_at'])
    .where('company_id', '=', companyId)
    .where('note_id', 'in', noteIds)
    .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
    .orderBy('id')
    .execute();
}

/** Removes the member's parts and the addenda about them (the purge's transaction: the triggers let them go then). */
export async function purgeMemberParts(db: DB, companyId: number, clientId: number): Promise<{ parts: number; addenda: number }> {
  const addenda = await db.deleteFrom('group_note_addenda').where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  const parts = await db.deleteFrom('group_note_parts').where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  return { parts: Number(parts.numDeletedRows), addenda: Number(addenda.numDeletedRows) };
}
