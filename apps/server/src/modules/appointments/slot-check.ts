import { SLOT_TAKEN_MESSAGE } from '@kalinga/contracts/appointments';
import type { DB } from '../../db/database';
import { conflict, unprocessable } from '../../lib/http-errors';
import { type AuthContext } from '../../lib/auth-context';
import { loadSlotContext, slotsFromContext } from '../schedule/schedule.service';
import { findBusyIntervals } from '../schedule/schedule.repository';
import { lockCounselors } from '../../db/locks';
import { isUniqueViolation } from '../../lib/db-errors';
import { localDateOf, todayIn } from '@kalinga/contracts/zone-time';

// Whether a time may be booked: shared by booking, rescheduling and the same-day booking of an urgent case.

/**
 * Checks that `instantIso` is one of the counselor's slots (422 otherwise) and that no live
 * appointment holds it (409). Returns the start in ms, the company-zone date and the slot length.
 */
export async function checkSlot(db: DB, auth: AuthContext, counselorId: number, instantIso: string, ignoreStart?: number, held: 'skip' | 'only' = 'skip'): Promise<{ startMs: number; localDate: string; duration: number }> {
  const startMs = Date.parse(instantIso);
  const timeZone = auth.company.timezone;
  const localDate = localDateOf(new Date(startMs), timeZone);
  if (localDate < todayIn(timeZone)) throw unprocessable({ appointment_date: ['The appointment date must be today or later.'] });
  const ctx = await loadSlotContext(db, auth.companyId, timeZone, counselorId, localDate, localDate);
  const now = Date.now();
  const onSchedule = slotsFromContext(ctx, localDate, { ignoreBusy: true, nowMs: now, held: 'include' }).some((s) => s.start === startMs);
  if (!onSchedule) throw unprocessable({ appointment_date: ["The selected time is not one of the counselor's available time slots."] });
  // A time held back for urgent cases is booked only from the Triage list; an urgent booking takes only those.
  const isHeld = slotsFromContext(ctx, localDate, { ignoreBusy: true, nowMs: now, held: 'only' }).some((s) => s.start === startMs);
  if (isHeld !== (held === 'only')) throw unprocessable({ appointment_date: [isHeld ? HELD_SLOT_MESSAGE : 'The selected time is not held for urgent cases.'] });
  const free = slotsFromContext(ctx, localDate, { nowMs: now, ignoreStart, held }).some((s) => s.start === startMs);
  if (!free) throw conflict(SLOT_TAKEN_MESSAGE);
  return { startMs, localDate, duration: ctx.durationMinutes };
}

/**
 * Inside the write's transaction: takes the counselor's row (and the client's, in the same id order a series and a
 * group's creation take them, so no two wait for each other in a circle) and checks again that nothing holds the
 * time. A group session is a busy time the live-slot unique index does not cover, and a group's creation takes the
 * facilitators' rows before it plans (decision 0277): holding the same row here makes a booking and a group for the
 * same counselor and time take turns, and the second sees the first (decision 0298). `ignoreStart`: the moved
 * appointment's own time.
 */
export async function holdCounselorTime(
  trx: DB,
  companyId: number,
  time: { counselorId: number; clientId: number | null; startMs: number; duration: number; ignoreStart?: number },
): Promise<void> {
  await lockCounselors(trx, companyId, time.clientId === null ? [time.counselorId] : [time.counselorId, time.clientId]);
  const end = time.startMs + time.duration * 60_000;
  const from = new Date(time.startMs - 24 * 60 * 60_000).toISOString();
  const busy = await findBusyIntervals(trx, companyId, time.counselorId, from, new Date(end).toISOString());
  if (busy.some((b) => b.start !== time.ignoreStart && b.start < end && b.end > time.startMs)) throw conflict(SLOT_TAKEN_MESSAGE);
}

export const HELD_SLOT_MESSAGE = 'This time is held for urgent cases and is booked from the Triage list.';

/** Maps the live-slot unique index (either driver) to the 409 of product-rules.md#appointments; rethrows anything else. */
export function slotRace(error: unknown): never {
  if (isUniqueViolation(error, 'appointments_live_slot_uq') || isUniqueViolation(error, 'appointments.appointment_date')) throw conflict(SLOT_TAKEN_MESSAGE);
  throw error;
}
