import { randomUUID } from 'node:crypto';
import type { Weekday } from '@kalinga/contracts/schedule';
import { INTAKE_REQUIRED } from '@kalinga/contracts/screening/items';
import { ALREADY_WAITING, type JoinWaitlistBody, WAITLIST_MAX_DAYS, type WaitlistEntry } from '@kalinga/contracts/waitlist';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { categoryExists } from '../appointments/appointment.repository';
import { scopeOf } from '../appointments/appointment-view';
import { findCounselor, readBookingSettings } from '../schedule/schedule.repository';
import { intakeMissing } from '../appointments/intake-gate';
import { addDaysToDate, todayIn } from '@kalinga/contracts/zone-time';
import { clientEntries, closeEntryAsLeft, type EntryRow, findEntry, insertEntry, waitingEntries, withdrawOpenOffers } from './waitlist.repository';

// Joining, leaving and reading the waitlist (decision 0151). Offers are made by waitlist-match.ts and answered in
// waitlist-offers.ts.

/** A client of the company (not a counselor, not someone booking for others); 403 otherwise. */
export function requireClient(auth: AuthContext, what: string): void {
  if (scopeOf(auth).kind !== 'client' || auth.user.user_type === 'counselor') throw forbidden(what);
}

export async function joinWaitlist(db: DB, auth: AuthContext, body: JoinWaitlistBody): Promise<string> {
  requireClient(auth, 'Clients join the waitlist themselves.');
  const settings = await readBookingSettings(db, auth.companyId);
  if (auth.user.user_type === 'student' && !settings.studentsCanBook) throw forbidden('Students cannot book appointments.');
  if (await intakeMissing(db, auth.companyId, auth.user.id)) throw unprocessable({ intake: [INTAKE_REQUIRED] }, INTAKE_REQUIRED);
  const errors: Record<string, string[]> = {};
  const today = todayIn(auth.company.timezone);
  if (body.from_date < today) errors.from_date = ['The first date must be today or later.'];
  if (body.to_date > addDaysToDate(today, WAITLIST_MAX_DAYS)) errors.to_date = [`The last date may be at most ${WAITLIST_MAX_DAYS} days from today.`];
  if (body.counselor_id !== null && !(await findCounselor(db, auth.companyId, body.counselor_id))) errors.counselor_id = ['The selected counselor is invalid.'];
  if (!(await categoryExists(db, auth.companyId, body.category_id))) errors.category_id = ['The selected category is invalid.'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const uuid = randomUUID();
  try {
    await insertEntry(db, {
      uuid,
      company_id: auth.companyId,
      client_id: auth.user.id,
      counselor_id: body.counselor_id,
      from_date: body.from_date,
      to_date: body.to_date,
      days: JSON.stringify([...new Set(body.days)]),
      time_from: body.time_from,
      time_to: body.time_to,
      reason: body.reason,
      category_id: body.category_id,
      location_type: body.location_type,
      location: body.location_type === 'on-site' ? (body.location ?? null) : null,
      created_at: nowIso(),
      closed_at: null,
      appointment_id: null,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'waitlist_entries')) throw conflict(ALREADY_WAITING);
    throw error;
  }
  return uuid;
}

/** Leaving by oneself: the entry closes and a slot held for it is let go (the next pass offers it to the next). */
export async function leaveWaitlist(db: DB, auth: AuthContext, uuid: string): Promise<void> {
  const entry = await findEntry(db, auth.companyId, uuid);
  if (!entry) throw notFound('Waitlist entry');
  requireClient(auth, 'Clients leave the waitlist themselves.');
  if (entry.client_id !== auth.user.id) throw notFound('Waitlist entry');
  const now = nowIso();
  const left = await db.transaction().execute(async (trx) => {
    // The offer's row before the entry's, in the order an accept takes them: the other order deadlocked on
    // PostgreSQL when a leave and an accept of its offer ran at once (a 500 for one of them).
    await withdrawOpenOffers(trx, auth.companyId, entry.id, now);
    return closeEntryAsLeft(trx, auth.companyId, entry.id, now);
  });
  if (!left) throw conflict('You are no longer on this waitlist.');
}

function toEntry(r: EntryRow): WaitlistEntry {
  return {
    uuid: r.uuid,
    status: r.status,
    client: { id: r.client_id, name: r.client_name },
    counselor: r.counselor_id === null ? null : { id: r.counselor_id, name: r.counselor_name ?? '' },
    from_date: r.from_date,
    to_date: r.to_date,
    days: JSON.parse(r.days) as Weekday[],
    time_from: r.time_from,
    time_to: r.time_to,
    created_at: r.created_at,
    offer:
      r.offer_uuid === null
        ? null
        : { uuid: r.offer_uuid, status: 'open', appointment_date: r.start_at ?? '', counselor: { id: r.offer_counselor_id ?? 0, name: r.offer_counselor_name ?? '' }, offered_at: r.offered_at ?? '', expires_at: r.expires_at ?? '' },
    appointment_uuid: r.appointment_uuid,
  };
}

/** Counselors and managers: everyone waiting, oldest first (a counselor: those waiting for them or for anyone). */
export async function listWaiting(db: DB, auth: AuthContext): Promise<WaitlistEntry[]> {
  const scope = scopeOf(auth);
  if (scope.kind === 'client') throw forbidden('Counselors and managers see the waitlist.');
  return (await waitingEntries(db, auth.companyId, scope.kind === 'counselor' ? auth.user.id : null)).map(toEntry);
}

/** A client's own entries, newest first: the one waiting (with its offer) and the last few closed ones. */
export async function listMine(db: DB, auth: AuthContext): Promise<WaitlistEntry[]> {
  requireClient(auth, 'Counselors and managers see the waitlist at /api/waitlist.');
  const rows = await clientEntries(db, auth.companyId, auth.user.id);
  return rows.map(toEntry);
}
