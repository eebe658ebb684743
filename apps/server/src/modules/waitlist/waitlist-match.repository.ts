import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { isPostgresDb } from '../../db/locks';
import type { Database, WaitlistEntriesTable, WaitlistOffersTable } from '../../db/tables';
import { notify } from '../notifications/notify.repository';
import type { BusyInterval } from '../schedule/slots';
import { addDaysToDate } from '@kalinga/contracts/zone-time';
import { expireLapsedOffers } from '../offers/held-offer.repository';

// What a waitlist pass (waitlist-match.ts, decision 0152) reads and writes, all within one company.

type Conn = Kysely<Database>;
const MINUTE = 60_000;

/** A lock namespace of our own for pg_advisory_xact_lock(namespace, company). */
const WAITLIST_LOCK = 7151;

export type WaitingEntry = Pick<Selectable<WaitlistEntriesTable>, 'id' | 'client_id' | 'counselor_id' | 'from_date' | 'to_date' | 'days' | 'time_from' | 'time_to'>;

export async function lockWaitlist(db: Conn, companyId: number): Promise<void> {
  if (isPostgresDb(db)) await sql`select pg_advisory_xact_lock(${WAITLIST_LOCK}, ${companyId})`.execute(db);
}

/** The client's own live appointments over the entry's range: a time that overlaps one is no time for them. */
export async function clientBusy(db: Conn, companyId: number, e: WaitingEntry, today: string): Promise<BusyInterval[]> {
  const rows = await db
    .selectFrom('appointments')
    .select(['appointment_date', 'duration_minutes'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', e.client_id)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('local_date', '>=', addDaysToDate(e.from_date < today ? today : e.from_date, -1))
    .where('local_date', '<=', addDaysToDate(e.to_date, 1))
    .execute();
  return rows.map((r) => ({ start: Date.parse(r.appointment_date), end: Date.parse(r.appointment_date) + r.duration_minutes * MINUTE }));
}

/**
 * Every offer the client was made, under any of their entries, each saying whether the client let it go (declined it,
 * let it lapse, or left the waitlist holding it) and when.
 */
export async function offersToClient(db: Conn, companyId: number, clientId: number) {
  const rows = await db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as pe', 'pe.id', 'o.entry_id')
    .select(['o.counselor_id', 'o.start_at', 'o.status', 'o.answered_at', 'pe.status as entry_status'])
    .where('pe.company_id', '=', companyId)
    .where('pe.client_id', '=', clientId)
    .execute();
  return rows.map((r) => ({ ...r, let_go: r.status === 'declined' || r.status === 'expired' || (r.status === 'withdrawn' && r.entry_status === 'left') }));
}

/** Tells the client of the held slot: an in-app row and an email, written with the offer. */
export async function tellClient(db: Conn, companyId: number, clientId: number, startIso: string, now: string): Promise<void> {
  await notify(db, companyId, { kind: 'waitlist_offer', appointment_date: startIso }, { inApp: [clientId], email: [clientId] }, now);
}

/** Closes what no longer waits: holds past their time, ranges past their end, clients booked another way. */
export async function tidy(db: Conn, companyId: number, today: string, now: string): Promise<void> {
  await expireLapsedOffers(db, 'waitlist_offers', companyId, now);
  await db.updateTable('waitlist_entries').set({ status: 'ended', closed_at: now }).where('company_id', '=', companyId).where('status', '=', 'waiting').where('to_date', '<', today).execute();
  // Booked another way (the client or a counselor booked a matching time): they leave the waitlist.
  await db
    .updateTable('waitlist_entries as e')
    .set({ status: 'booked', closed_at: now })
    .where('e.company_id', '=', companyId)
    .where('e.status', '=', 'waiting')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('appointments as a')
          .select('a.id')
          .whereRef('a.company_id', '=', 'e.company_id')
          .whereRef('a.client_id', '=', 'e.client_id')
          .where('a.status', 'in', ['pending', 'confirmed'])
          .whereRef('a.created_at', '>=', 'e.created_at')
          .whereRef('a.local_date', '>=', 'e.from_date')
          .whereRef('a.local_date', '<=', 'e.to_date')
          .where((w) => w.or([w('e.counselor_id', 'is', null), w('a.counselor_id', '=', w.ref('e.counselor_id'))])),
      ),
    )
    .execute();
  await db
    .updateTable('waitlist_offers')
    .set({ status: 'withdrawn', answered_at: now })
    .where('company_id', '=', companyId)
    .where('status', '=', 'open')
    .where('entry_id', 'in', (q) => q.selectFrom('waitlist_entries').select('id').where('company_id', '=', companyId).where('status', '!=', 'waiting'))
    .execute();
}

export async function companyZone(db: Conn, companyId: number) {
  return db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst();
}

/** The entries waiting without an open offer, oldest first, at most `limit`. */
export async function waitingForPass(db: Conn, companyId: number, limit: number): Promise<WaitingEntry[]> {
  return db
    .selectFrom('waitlist_entries as e')
    .select(['e.id', 'e.client_id', 'e.counselor_id', 'e.from_date', 'e.to_date', 'e.days', 'e.time_from', 'e.time_to'])
    .where('e.company_id', '=', companyId)
    .where('e.status', '=', 'waiting')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('waitlist_offers as o').select('o.id').whereRef('o.entry_id', '=', 'e.id').where('o.status', '=', 'open'))))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

export async function holdSettings(db: Conn, companyId: number) {
  return db.selectFrom('settings').select(['waitlist_hold_minutes', 'waitlist_cooldown_hours']).where('company_id', '=', companyId).executeTakeFirst();
}

/** Writes the offer unless its entry or slot already has one (the unique indexes); undefined when nothing was written. */
export async function insertOfferOnce(db: Conn, values: Insertable<WaitlistOffersTable>) {
  return db.insertInto('waitlist_offers').values(values).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
}

/** The companies with someone waiting or a hold that ran out. */
export async function companiesToMatch(db: Conn, now: string): Promise<number[]> {
  const companies = await db.selectFrom('waitlist_entries').select('company_id').distinct().where('status', '=', 'waiting').execute();
  const due = await db.selectFrom('waitlist_offers').select('company_id').distinct().where('status', '=', 'open').where('expires_at', '<=', now).execute();
  return [...new Set([...companies, ...due].map((c) => c.company_id))];
}
