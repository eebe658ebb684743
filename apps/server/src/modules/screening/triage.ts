import { type Gad7Band, type Phq9Band, PHQ9_BANDS, type TriageItem, worseBand } from '@kalinga/contracts/screening/schemas';
import type { DB } from '../../db/database';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { isClinician, recordListView } from '../client-record/client-access';
import { acknowledgeCase } from './urgent-cases.repository';
import { bookingsOf } from '../appointments/appointment.repository';
import { memberNames } from '../users/users.repository';
import { waitingForCounselor } from '../waitlist/waitlist.repository';
import { acknowledgerOf, caseOfCompany, recentIntakes, triageCases } from './triage.repository';

// The Triage list (decision 0164): open urgent cases first (oldest first), then intakes of the last 14 days by
// severity (worst first, then oldest), then the clients on the waitlist for this counselor or any (oldest first,
// decision 0153), then the urgent cases acknowledged in the last 7 days (what was done, newest first).
// Triage is every clinician's duty, so it lists clients outside the reader's care team, by name and band only; it is
// for clinicians alone (never an administrator), and each client shown is one access-log row (decision 0200).
// Screening reads its own rows; the names and bookings they point at come through the users' and appointments'
// repositories, one query each for the whole list, and a row whose client is no longer a member is left out
// (decision 0261).

const DAY = 86_400_000;

export async function triageList(db: DB, auth: AuthContext, nowMs = Date.now()): Promise<TriageItem[]> {
  if (!isClinician(auth)) throw forbidden('Only counselors can read the Triage list.');
  return db.transaction().execute(async (trx) => {
    const items = await triageItems(trx, auth, nowMs);
    await recordListView(trx, auth, items.map((i) => i.client_id), 'triage_list');
    return items;
  });
}

async function triageItems(db: DB, auth: AuthContext, nowMs: number): Promise<TriageItem[]> {
  const weekAgo = new Date(nowMs - 7 * DAY).toISOString();
  const [cases, intakes] = await Promise.all([
    triageCases(db, auth.companyId, weekAgo),
    recentIntakes(db, auth.companyId, new Date(nowMs - 14 * DAY).toISOString()),
  ]);
  const [names, bookings] = await Promise.all([
    memberNames(db, auth.companyId, [...cases.flatMap((c) => (c.acknowledged_by === null ? [c.client_id] : [c.client_id, c.acknowledged_by])), ...intakes.map((s) => s.client_id)]),
    bookingsOf(db, auth.companyId, cases.flatMap((c) => (c.appointment_id === null ? [] : [c.appointment_id]))),
  ]);
  const urgent: TriageItem[] = cases.flatMap((c) => {
    const clientName = names.get(c.client_id);
    if (clientName === undefined) return [];
    const acknowledgedBy = c.acknowledged_by === null ? null : (names.get(c.acknowledged_by) ?? null);
    const booking = c.appointment_id === null ? undefined : bookings.get(c.appointment_id);
    const bookedWith = booking?.counselor_name ?? null;
    const item: TriageItem = {
      kind: 'urgent',
      id: c.id,
      client_id: c.client_id,
      client_name: clientName,
      at: c.created_at,
      source: c.source,
      band: null,
      acknowledged_by: acknowledgedBy,
      acknowledged_at: c.acknowledged_at,
      escalated_at: c.escalated_at,
      booked_at: booking?.appointment_date ?? null,
      booked_with: bookedWith,
      action: bookedWith
        ? `Same-day session booked with ${bookedWith}`
        : c.acknowledged_at
        ? `Acknowledged by ${acknowledgedBy ?? 'a former counselor'}`
        : c.escalated_at
          ? 'Escalated to all counselors; waiting for a counselor'
          : 'Counselors on call told; waiting for a counselor',
    };
    return [item];
  });
  const open = urgent.filter((u) => u.acknowledged_at === null);
  const done = urgent.filter((u) => u.acknowledged_at !== null).reverse();

  const ranked = intakes
    .flatMap((s) => {
      const clientName = names.get(s.client_id);
      if (clientName === undefined) return [];
      const band = worseBand(s.phq9_band as Phq9Band, s.gad7_band as Gad7Band);
      return [{ s, clientName, rank: PHQ9_BANDS.indexOf(band), band }];
    })
    .sort((a, b) => b.rank - a.rank || a.s.created_at.localeCompare(b.s.created_at));
  const intakeItems: TriageItem[] = ranked.map(({ s, clientName, band }) => ({
    kind: 'intake',
    id: s.id,
    client_id: s.client_id,
    client_name: clientName,
    at: s.created_at,
    source: null,
    band,
    acknowledged_by: null,
    acknowledged_at: null,
    escalated_at: null,
    booked_at: null,
    booked_with: null,
    action: 'Intake answered',
  }));
  return [...open, ...intakeItems, ...(await waitlistItems(db, auth)), ...done];
}

/** Everyone waiting for this counselor or any counselor, oldest first, and whether a time is held for them now. */
async function waitlistItems(db: DB, auth: AuthContext): Promise<TriageItem[]> {
  const rows = await waitingForCounselor(db, auth.companyId, auth.user.id);
  return rows.map((r) => ({
    kind: 'waitlist',
    id: r.id,
    client_id: r.client_id,
    client_name: r.client_name,
    at: r.created_at,
    source: null,
    band: null,
    acknowledged_by: null,
    acknowledged_at: null,
    escalated_at: null,
    booked_at: null,
    booked_with: null,
    action: r.offer_id === null ? `On the waitlist for ${r.counselor_id === null ? 'any counselor' : 'you'}; no time offered yet` : 'A freed time is held for them now; waiting for their answer',
  }));
}

/**
 * A counselor acknowledges an open case of the company; 404 for another company's, 409 when another counselor did.
 * Their own again (a double click, a resend after a lost reply) is done already: 204.
 */
export async function acknowledge(db: DB, auth: AuthContext, caseId: number): Promise<void> {
  if (!isClinician(auth)) throw forbidden('Only counselors can acknowledge urgent cases.');
  const row = await caseOfCompany(db, auth.companyId, caseId);
  if (!row) throw notFound('Urgent case');
  if (await acknowledgeCase(db, auth.companyId, caseId, auth.user.id, new Date().toISOString())) return;
  const by = await acknowledgerOf(db, auth.companyId, caseId);
  if (by.acknowledged_by !== auth.user.id) throw conflict('Another counselor has already acknowledged this case.');
}
