import { randomUUID } from 'node:crypto';
import { type BookSameDayBody, type BookSameDayReply, CASE_ALREADY_BOOKED, type SameDaySlot, type SameDaySlotsReply } from '@kalinga/contracts/screening/same-day';
import type { DB } from '../../db/database';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { isClinician } from '../client-record/client-access';
import { checkSlot, slotRace } from '../appointments/slot-check';
import { insertAppointment, insertStatusChange } from '../appointments/appointment.repository';
import { recordAppointmentEvent } from '../notifications/notification-events';
import { counselorsHoldingTimes, findCounselor } from '../schedule/schedule.repository';
import { loadSlotContext, slotsFromContext } from '../schedule/schedule.service';
import { todayIn, weekdayOf } from '@kalinga/contracts/zone-time';
import { firstCategoryOfKind } from '../categories/category.repository';
import { findSettings } from '../settings/settings.repository';
import { caseToBook, markCaseBooked } from './same-day.repository';

// Same-day slots (decision 0165). Each counselor's week may hold back slot times for urgent cases; they are left out
// of every normal listing and refused by every normal booking, and are booked here, from an urgent case on the
// Triage list, today only. Any counselor may book a case into any counselor's held slot: the centre's same-day slots
// are one pool. The booking and the case's 'booked' mark are one transaction: two counselors taking the last slot
// meet at the live-slot unique index (one 409), two booking the same case meet at the case's conditional update.

/** Today's free held slots of the company's active counselors, from now on: the asking counselor's first. */
export async function sameDaySlots(db: DB, auth: AuthContext): Promise<SameDaySlotsReply> {
  if (!isClinician(auth)) throw forbidden('Only counselors book same-day slots.');
  const timeZone = auth.company.timezone;
  const today = todayIn(timeZone);
  const holders = await counselorsHoldingTimes(db, auth.companyId, weekdayOf(today));
  const nowMs = Date.now();
  const slots: SameDaySlot[] = [];
  for (const c of holders) {
    const ctx = await loadSlotContext(db, auth.companyId, timeZone, c.id, today, today);
    for (const s of slotsFromContext(ctx, today, { nowMs, held: 'only' })) {
      slots.push({ counselor_id: c.id, counselor_name: c.name, time: s.time, appointment_date: new Date(s.start).toISOString() });
    }
  }
  const own = (s: SameDaySlot) => (s.counselor_id === auth.user.id ? 0 : 1);
  slots.sort((a, b) => own(a) - own(b) || a.appointment_date.localeCompare(b.appointment_date) || a.counselor_name.localeCompare(b.counselor_name));
  return { slots, timezone: timeZone };
}

/** Where a same-day session is held: the centre's address from Site Settings, else its name. */
async function centreLocation(db: DB, companyId: number): Promise<string> {
  const row = await findSettings(db, companyId);
  return row?.business_address || row?.business_name || row?.site_name || 'The counselling centre';
}

/**
 * Books the urgent case's client into a held slot of today, confirmed, and marks the case booked (acknowledging it
 * when still open). 404 for another company's case, 409 when the case was booked or the slot taken first.
 */
export async function bookSameDay(db: DB, auth: AuthContext, caseId: number, body: BookSameDayBody): Promise<BookSameDayReply> {
  if (!isClinician(auth)) throw forbidden('Only counselors book same-day slots.');
  const found = await caseToBook(db, auth.companyId, caseId);
  if (!found) throw notFound('Urgent case');
  if (found.appointment_id !== null) throw conflict(CASE_ALREADY_BOOKED);
  const counselor = await findCounselor(db, auth.companyId, body.counselor_id);
  if (!counselor) throw unprocessable({ counselor_id: ['The selected counselor is invalid.'] });
  const slot = await checkSlot(db, auth, body.counselor_id, body.appointment_date, undefined, 'only');
  if (slot.localDate !== todayIn(auth.company.timezone)) throw unprocessable({ appointment_date: ['A same-day slot is booked on its own day.'] });
  const category = await firstCategoryOfKind(db, auth.companyId, 'counselling');
  if (!category) throw unprocessable({ category_id: ['Add a counselling category first: every session has one.'] });
  const location = await centreLocation(db, auth.companyId);
  const now = new Date().toISOString();
  const start = new Date(slot.startMs).toISOString();
  const uuid = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      const id = await insertAppointment(trx, {
        uuid,
        company_id: auth.companyId,
        counselor_id: body.counselor_id,
        client_id: found.client_id,
        category_id: category.id,
        appointment_date: start,
        local_date: slot.localDate,
        duration_minutes: slot.duration,
        // The reason says what the session is, as a booking of its category would, never why nor that it is a
        // same-day session: held slots are booked only for urgent cases, so those words would tell anyone who sees
        // the appointment (a manager, the calendar) of the case (decision 0376). The Triage list says it from the case.
        reason: category.title,
        status: 'confirmed',
        location_type: 'on-site',
        location,
        user_type: found.user_type === 'personnel' ? 'personnel' : 'student',
        notes: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await insertStatusChange(trx, auth.companyId, id, null, 'confirmed', auth.user.id, now);
      if (!(await markCaseBooked(trx, auth.companyId, caseId, id, auth.user.id, now))) throw conflict(CASE_ALREADY_BOOKED);
      await recordAppointmentEvent(trx, {
        kind: 'booked',
        companyId: auth.companyId,
        appointment: { id, counselorId: body.counselor_id, clientId: found.client_id, start },
        actorId: auth.user.id,
        now,
      });
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    slotRace(error);
  }
  return { appointment_uuid: uuid, appointment_date: start, counselor_name: counselor.name };
}
