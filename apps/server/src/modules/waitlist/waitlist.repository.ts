import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { WaitlistEntriesTable } from '../../db/tables';

// The waitlist's entries (decision 0151): joining, leaving, and the lists waitlist.service.ts answers with.

export async function insertEntry(db: DB, values: Insertable<WaitlistEntriesTable>): Promise<void> {
  await db.insertInto('waitlist_entries').values(values).execute();
}

export async function findEntry(db: DB, companyId: number, uuid: string) {
  return db.selectFrom('waitlist_entries').select(['id', 'client_id']).where('uuid', '=', uuid).where('company_id', '=', companyId).executeTakeFirst();
}

/** The entry's open offer is withdrawn (run in the leave's transaction, before the entry's row). */
export async function withdrawOpenOffers(db: DB, companyId: number, entryId: number, now: string): Promise<void> {
  await db
    .updateTable('waitlist_offers')
    .set({ status: 'withdrawn', answered_at: now })
    .where('entry_id', '=', entryId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'open')
    .execute();
}

/** Closes a waiting entry as left; false when it was no longer waiting (one conditional statement). */
export async function closeEntryAsLeft(db: DB, companyId: number, entryId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('waitlist_entries')
    .set({ status: 'left', closed_at: now })
    .where('id', '=', entryId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

function entryQuery(db: DB, companyId: number) {
  return db
    .selectFrom('waitlist_entries as e')
    .innerJoin('users as cl', 'cl.id', 'e.client_id')
    .leftJoin('users as co', 'co.id', 'e.counselor_id')
    .leftJoin('appointments as a', 'a.id', 'e.appointment_id')
    .leftJoin('waitlist_offers as o', (j) => j.onRef('o.entry_id', '=', 'e.id').on('o.status', '=', 'open'))
    .leftJoin('users as oc', 'oc.id', 'o.counselor_id')
    .select([
      'e.uuid',
      'e.status',
      'e.client_id',
      'cl.name as client_name',
      'e.counselor_id',
      'co.name as counselor_name',
      'e.from_date',
      'e.to_date',
      'e.days',
      'e.time_from',
      'e.time_to',
      'e.created_at',
      'a.uuid as appointment_uuid',
      'o.uuid as offer_uuid',
      'o.start_at',
      'o.counselor_id as offer_counselor_id',
      'oc.name as offer_counselor_name',
      'o.offered_at',
      'o.expires_at',
    ])
    .where('e.company_id', '=', companyId);
}

export type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['execute']>>[number];

/** Everyone waiting, oldest first; for a counselor (`counselorId`) those waiting for them or for anyone. */
export async function waitingEntries(db: DB, companyId: number, counselorId: number | null): Promise<EntryRow[]> {
  let q = entryQuery(db, companyId).where('e.status', '=', 'waiting');
  if (counselorId !== null) q = q.where((w) => w.or([w('e.counselor_id', 'is', null), w('e.counselor_id', '=', counselorId)]));
  return q.orderBy('e.created_at').orderBy('e.id').limit(500).execute();
}

/** A client's own entries, newest first (at most 10). */
export async function clientEntries(db: DB, companyId: number, clientId: number): Promise<EntryRow[]> {
  return entryQuery(db, companyId).where('e.client_id', '=', clientId).orderBy('e.id', 'desc').limit(10).execute();
}

/** Everyone waiting for the counselor or for any counselor, oldest first, with their open offer's id (at most 200; the Triage list's rows). */
export async function waitingForCounselor(db: DB, companyId: number, counselorId: number) {
  return db
    .selectFrom('waitlist_entries as e')
    .innerJoin('users as u', 'u.id', 'e.client_id')
    .leftJoin('waitlist_offers as o', (j) => j.onRef('o.entry_id', '=', 'e.id').on('o.status', '=', 'open'))
    .select(['e.id', 'e.client_id', 'u.name as client_name', 'e.created_at', 'e.counselor_id', 'o.id as offer_id'])
    .where('e.company_id', '=', companyId)
    .where('e.status', '=', 'waiting')
    .where((w) => w.or([w('e.counselor_id', 'is', null), w('e.counselor_id', '=', counselorId)]))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(200)
    .execute();
}
