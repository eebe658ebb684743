import { randomUUID } from 'node:crypto';
import { OFFER_EXPIRED, OFFER_GONE, OFFER_TAKEN } from '@kalinga/contracts/waitlist';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { insertAppointment, insertStatusChange } from '../appointments/appointment.repository';
import { approvalReason } from '../appointments/attendance';
import { lockClient } from '../appointments/attendance.repository';
import { recordAppointmentEvent } from '../notifications/notification-events';
import { loadSlotContext, slotsFromContext } from '../schedule/schedule.service';
import { requireClient } from './waitlist.service';
import { bookedByEntry, closeEntryAsBooked, declineOpenOffer, offerForClient, offerState, offerStatus, takeOffer, withdrawOffer } from './waitlist-offers.repository';
import { localDateOf } from '@kalinga/contracts/zone-time';

// Answering an offer (decision 0152). Accepting is one conditional update of the offer (open and not past its hold)
// in the same transaction as the booking, so of two accepts of one offer exactly one books it; the live-slot unique
// index keeps a booking made elsewhere meanwhile from being doubled (the offer is then withdrawn and the client stays
// on the waitlist).

async function findOffer(db: DB, auth: AuthContext, uuid: string) {
  const offer = await offerForClient(db, auth.companyId, uuid);
  if (!offer) throw notFound('Offer');
  requireClient(auth, 'Only the client it is held for can answer an offer.');
  // Another client's offer is as invisible as another company's.
  if (offer.client_id !== auth.user.id) throw notFound('Offer');
  return offer;
}

/** The 409 for an offer that is not open (or whose hold ran out) when answered. */
async function notOpen(db: DB, companyId: number, offerId: number, now: string): Promise<HttpError> {
  const row = await offerState(db, companyId, offerId);
  if (row.status === 'accepted') return conflict('You have already accepted this offer.');
  if (row.status === 'expired' || (row.status === 'open' && row.expires_at <= now)) return conflict(OFFER_EXPIRED);
  return conflict(OFFER_GONE);
}

type Accepted = { appointment_uuid: string; approval_reason: string | null };

/** What accepting booked, for an offer already accepted: a client's repeat (a lost reply, a second tab) gets it again. */
async function acceptedBefore(db: DB, companyId: number, entryId: number): Promise<Accepted | null> {
  const booked = await bookedByEntry(db, companyId, entryId);
  return booked ? { appointment_uuid: booked.uuid, approval_reason: booked.approval_reason ?? null } : null;
}

/**
 * Books the held slot for the client, once. Returns the appointment's uuid and why it waits for approval, if it does.
 * Accepting an offer the client has already accepted answers the first booking again, with nothing written.
 */
export async function acceptOffer(db: DB, auth: AuthContext, uuid: string): Promise<Accepted> {
  const offer = await findOffer(db, auth, uuid);
  const now = nowIso();
  if (offer.status === 'accepted') {
    const before = await acceptedBefore(db, auth.companyId, offer.entry_id);
    if (before) return before;
  }
  if (offer.status !== 'open' || offer.expires_at <= now) throw await notOpen(db, auth.companyId, offer.id, now);
  const startMs = Date.parse(offer.start_at);
  const timeZone = auth.company.timezone;
  const localDate = localDateOf(new Date(startMs), timeZone);
  // Still one of the counselor's times (hours, breaks, days off may have changed) and not taken by another
  // appointment; its own hold (and a booking at the very same start, caught by the unique index below) aside.
  const ctx = await loadSlotContext(db, auth.companyId, timeZone, offer.counselor_id, localDate, localDate);
  if (!slotsFromContext(ctx, localDate, { ignoreStart: startMs }).some((s) => s.start === startMs)) {
    await withdrawOffer(db, auth.companyId, offer.id, now);
    throw conflict(OFFER_TAKEN);
  }
  const appointmentUuid = randomUUID();
  let approval: string | null = null;
  try {
    approval = await db.transaction().execute(async (trx) => {
      // Like any booking of the client's own: after missed sessions it waits for the counselor (the no-show policy),
      // the client's row held first as a booking holds it.
      await lockClient(trx, auth.companyId, auth.user.id);
      const held = await approvalReason(trx, auth.companyId, auth.user.id);
      if (!(await takeOffer(trx, auth.companyId, offer.id, now))) throw await notOpen(trx, auth.companyId, offer.id, now);
      const id = await insertAppointment(trx, {
        uuid: appointmentUuid,
        company_id: auth.companyId,
        counselor_id: offer.counselor_id,
        client_id: auth.user.id,
        category_id: offer.category_id,
        appointment_date: offer.start_at,
        local_date: localDate,
        duration_minutes: offer.duration_minutes,
        reason: offer.reason,
        status: 'pending',
        location_type: offer.location_type,
        location: offer.location,
        user_type: auth.user.user_type === 'personnel' ? 'personnel' : 'student',
        notes: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        approval_reason: held,
      });
      await insertStatusChange(trx, auth.companyId, id, null, 'pending', auth.user.id, now);
      await recordAppointmentEvent(trx, {
        kind: 'booked',
        companyId: auth.companyId,
        appointment: { id, counselorId: offer.counselor_id, clientId: auth.user.id, start: offer.start_at },
        actorId: auth.user.id,
        now,
      });
      await closeEntryAsBooked(trx, auth.companyId, offer.entry_id, id, now);
      return held;
    });
  } catch (error) {
    if (error instanceof HttpError) {
      // Two accepts of one offer at once by its client: the second answers what the first booked.
      const current = error.statusCode === 409 ? await offerStatus(db, auth.companyId, offer.id) : undefined;
      const before = current?.status === 'accepted' ? await acceptedBefore(db, auth.companyId, offer.entry_id) : null;
      if (before) return before;
      throw error;
    }
    if (isUniqueViolation(error, 'appointments_live_slot_uq') || isUniqueViolation(error, 'appointments.appointment_date')) {
      await withdrawOffer(db, auth.companyId, offer.id, now);
      throw conflict(OFFER_TAKEN);
    }
    throw error;
  }
  return { appointment_uuid: appointmentUuid, approval_reason: approval };
}

/** Declining lets the slot go to the next person waiting; the client stays on the waitlist. */
export async function declineOffer(db: DB, auth: AuthContext, uuid: string): Promise<void> {
  const offer = await findOffer(db, auth, uuid);
  const now = nowIso();
  if (!(await declineOpenOffer(db, auth.companyId, offer.id, now))) throw await notOpen(db, auth.companyId, offer.id, now);
}
