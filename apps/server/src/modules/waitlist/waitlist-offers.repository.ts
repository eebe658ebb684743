import type { DB } from '../../db/database';
import { endOffer } from '../offers/held-offer.repository';

// The offers' rows as answering one reads and changes them (waitlist-offers.ts, decision 0152): every change is one
// conditional statement on the offer's status, the one a workshop's held seat ends by too (offers/, decision 0300).

/** The offer with its entry, within the company; undefined when there is none. */
export async function offerForClient(db: DB, companyId: number, uuid: string) {
  return db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
    .select(['o.id', 'o.status', 'o.counselor_id', 'o.start_at', 'o.duration_minutes', 'o.expires_at', 'e.id as entry_id', 'e.client_id', 'e.reason', 'e.category_id', 'e.location_type', 'e.location'])
    .where('o.uuid', '=', uuid)
    .where('o.company_id', '=', companyId)
    .executeTakeFirst();
}

/** The company's offer's status and hold; undefined when it is gone. */
export async function offerStatus(db: DB, companyId: number, offerId: number) {
  return db.selectFrom('waitlist_offers').select(['status', 'expires_at']).where('id', '=', offerId).where('company_id', '=', companyId).executeTakeFirst();
}

/** The company's offer's status and hold, which must exist. */
export async function offerState(db: DB, companyId: number, offerId: number) {
  return db.selectFrom('waitlist_offers').select(['status', 'expires_at']).where('id', '=', offerId).where('company_id', '=', companyId).executeTakeFirstOrThrow();
}

/** An open offer of the company is withdrawn (its slot was taken meanwhile). */
export async function withdrawOffer(db: DB, companyId: number, offerId: number, now: string): Promise<void> {
  await endOffer(db, 'waitlist_offers', companyId, offerId, 'withdrawn', now, 'any');
}

/** The appointment an entry booked, when it booked one. */
export async function bookedByEntry(db: DB, companyId: number, entryId: number) {
  return db
    .selectFrom('waitlist_entries as e')
    .innerJoin('appointments as a', 'a.id', 'e.appointment_id')
    .select(['a.uuid', 'a.approval_reason'])
    .where('e.id', '=', entryId)
    .where('e.company_id', '=', companyId)
    .executeTakeFirst();
}

/** Accepts the offer when it is still open and within its hold; false otherwise. */
export async function takeOffer(db: DB, companyId: number, offerId: number, now: string): Promise<boolean> {
  return endOffer(db, 'waitlist_offers', companyId, offerId, 'accepted', now, 'within');
}

export async function closeEntryAsBooked(db: DB, companyId: number, entryId: number, appointmentId: number, now: string): Promise<void> {
  await db
    .updateTable('waitlist_entries')
    .set({ status: 'booked', appointment_id: appointmentId, closed_at: now })
    .where('id', '=', entryId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'waiting')
    .execute();
}

/** Declines the offer when it is still open; false otherwise. */
export async function declineOpenOffer(db: DB, companyId: number, offerId: number, now: string): Promise<boolean> {
  return endOffer(db, 'waitlist_offers', companyId, offerId, 'declined', now, 'any');
}
