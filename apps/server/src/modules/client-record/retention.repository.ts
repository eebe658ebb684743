import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { ClientFilePurgesTable } from '../../db/tables';
import { purgeMemberParts } from './group-note-record.repository';

// Retention's SQL (docs/decisions/0236-retention-and-purge.md): the monthly claim, the due files, the purge list and
// the purge itself. Every state change is one conditional statement.

export type PurgeRow = Selectable<ClientFilePurgesTable>;

/** What a purged screening's answers read as: nothing. */
const PURGED_ANSWERS = JSON.stringify({ phq9: [], gad7: [], difficulty: null });

export async function companiesToList(db: DB, month: string) {
  return db.selectFrom('settings').select(['company_id', 'retention_years']).where((eb) => eb.or([eb('retention_listed_month', 'is', null), eb('retention_listed_month', '<>', month)])).execute();
}

/** Claims the company's listing for the month; false when another run has it. */
export async function claimMonth(db: DB, companyId: number, month: string): Promise<boolean> {
  const res = await db
    .updateTable('settings')
    .set({ retention_listed_month: month })
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('retention_listed_month', 'is', null), eb('retention_listed_month', '<>', month)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Closed, unpurged files of the company closed before `cutoff`. */
export async function filesClosedBefore(db: DB, companyId: number, cutoff: string) {
  return db
    .selectFrom('client_files as f')
    .innerJoin('users as u', 'u.id', 'f.client_id')
    .select(['f.client_id', 'f.closed_at', 'u.name'])
    .where('f.company_id', '=', companyId)
    .where('f.status', '=', 'closed')
    .where('f.purged_at', 'is', null)
    .where('f.closed_at', '<', cutoff)
    .$narrowType<{ closed_at: string }>()
    .execute();
}

/** Lists a file to purge once per closing; false when it was listed already. */
export async function insertListed(db: DB, row: Insertable<ClientFilePurgesTable>): Promise<boolean> {
  const res = await db.insertInto('client_file_purges').values(row).onConflict((oc) => oc.columns(['company_id', 'client_id', 'closed_at']).doNothing()).returning('id').executeTakeFirst();
  return res !== undefined;
}

export async function purgesOf(db: DB, companyId: number): Promise<PurgeRow[]> {
  return db.selectFrom('client_file_purges').selectAll().where('company_id', '=', companyId).orderBy('listed_at', 'desc').orderBy('id', 'desc').limit(500).execute();
}

export async function retentionYears(db: DB, companyId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('retention_years').where('company_id', '=', companyId).executeTakeFirst();
  return row?.retention_years ?? 10;
}

export async function findPurge(db: DB, companyId: number, id: number): Promise<PurgeRow | undefined> {
  return db.selectFrom('client_file_purges').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/** listed -> approved (conditional); false when another approval came first. */
export async function markApproved(db: DB, companyId: number, id: number, by: { id: number; name: string }): Promise<boolean> {
  const res = await db.updateTable('client_file_purges').set({ status: 'approved', approved_by: by.id, approved_by_name: by.name }).where('company_id', '=', companyId).where('id', '=', id).where('status', '=', 'listed').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function markPurged(db: DB, companyId: number, id: number, at: string, counts: Record<string, number>): Promise<PurgeRow> {
  return db.updateTable('client_file_purges').set({ status: 'purged', purged_at: at, counts: JSON.stringify(counts) }).where('company_id', '=', companyId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Removes the client's content: case notes and addenda (the delete triggers let them go while the purge is
 * 'approved'), screening answers (scores stay), urgent cases' acknowledger and session link (dates stay), correction
 * requests, and the closing summary and reasons. Returns what went, by kind.
 */
export async function purgeContent(db: DB, companyId: number, clientId: number, now: string): Promise<Record<string, number>> {
  const notes = db.selectFrom('case_notes').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId);
  const addenda = await db.deleteFrom('case_note_addenda').where('company_id', '=', companyId).where('note_id', 'in', notes).executeTakeFirst();
  const deletedNotes = await db.deleteFrom('case_notes').where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  const group = await purgeMemberParts(db, companyId, clientId); // their parts of group notes (decision 0296)
  const screenings = await db.updateTable('screenings').set({ answers: PURGED_ANSWERS }).where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  const cases = await db.updateTable('urgent_cases').set({ acknowledged_by: null, appointment_id: null }).where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  const corrections = await db.deleteFrom('correction_requests').where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  await db.updateTable('client_file_events').set({ text: null }).where('company_id', '=', companyId).where('client_id', '=', clientId).execute();
  await db.updateTable('client_files').set({ closing_summary: null, purged_at: now, updated_at: now }).where('company_id', '=', companyId).where('client_id', '=', clientId).execute();
  return {
    case_notes: Number(deletedNotes.numDeletedRows),
    addenda: Number(addenda.numDeletedRows) + group.addenda,
    group_note_parts: group.parts,
    screening_answers: Number(screenings.numUpdatedRows),
    urgent_cases: Number(cases.numUpdatedRows),
    correction_requests: Number(corrections.numDeletedRows),
  };
}
