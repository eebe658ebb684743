import { type Gad7Band, type Phq9Band, PHQ9_BANDS, type TriageItem, worseBand } from '@kalinga/contracts/screening';
import type { DB } from '../../db/database';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { acknowledgeCase } from './urgent-cases';

// The Triage list (decision 0164): open urgent cases first (oldest first), then intakes of the last 14 days by
// severity (worst first, then oldest), then the clients on the waitlist for this counselor or any (oldest first,
// decision 0153), then the urgent cases acknowledged in the last 7 days (what was done, newest first).

const DAY = 86_400_000;

export async function triageList(db: DB, auth: AuthContext, nowMs = Date.now()): Promise<TriageItem[]> {
  if (!isCounselor(auth)) throw forbidden('Only counselors can read the Triage list.');
  const weekAgo = new Date(nowMs - 7 * DAY).toISOString();
  const cases = await db
    .selectFrom('urgent_cases as c')
    .innerJoin('users as u', 'u.id', 'c.client_id')
    .leftJoin('users as a', 'a.id', 'c.acknowledged_by')
    .leftJoin('appointments as b', 'b.id', 'c.appointment_id')
    .leftJoin('users as bc', 'bc.id', 'b.counselor_id')
    .select(['c.id', 'c.client_id', 'u.name as client_name', 'c.source', 'c.created_at', 'c.escalated_at', 'c.acknowledged_at', 'a.name as acknowledged_by', 'b.appointment_date as booked_at', 'bc.name as booked_with'])
    .where('c.company_id', '=', auth.companyId)
    .where((w) => w.or([w('c.acknowledged_at', 'is', null), w('c.acknowledged_at', '>=', weekAgo)]))
    .orderBy('c.created_at')
    .limit(200)
    .execute();
  const urgent: TriageItem[] = cases.map((c) => ({
    kind: 'urgent',
    id: c.id,
    client_id: c.client_id,
    client_name: c.client_name,
    at: c.created_at,
    source: c.source,
    band: null,
    acknowledged_by: c.acknowledged_by,
    acknowledged_at: c.acknowledged_at,
    escalated_at: c.escalated_at,
    booked_at: c.booked_at,
    booked_with: c.booked_with,
    action: c.booked_with
      ? `Same-day session booked with ${c.booked_with}`
      : c.acknowledged_at
      ? `Acknowledged by ${c.acknowledged_by ?? 'a former counselor'}`
      : c.escalated_at
        ? 'Escalated to all counselors; waiting for a counselor'
        : 'Counselors on call told; waiting for a counselor',
  }));
  const open = urgent.filter((u) => u.acknowledged_at === null);
  const done = urgent.filter((u) => u.acknowledged_at !== null).reverse();

  const intakes = await db
    .selectFrom('screenings as s')
    .innerJoin('users as u', 'u.id', 's.client_id')
    .select(['s.id', 's.client_id', 'u.name as client_name', 's.created_at', 's.phq9_band', 's.gad7_band'])
    .where('s.company_id', '=', auth.companyId)
    .where('s.kind', '=', 'intake')
    .where('s.created_at', '>=', new Date(nowMs - 14 * DAY).toISOString())
    .orderBy('s.created_at')
    .limit(200)
    .execute();
  const ranked = intakes
    .map((s) => {
      const band = worseBand(s.phq9_band as Phq9Band, s.gad7_band as Gad7Band);
      return { s, rank: PHQ9_BANDS.indexOf(band), band };
    })
    .sort((a, b) => b.rank - a.rank || a.s.created_at.localeCompare(b.s.created_at));
  const intakeItems: TriageItem[] = ranked.map(({ s, band }) => ({
    kind: 'intake',
    id: s.id,
    client_id: s.client_id,
    client_name: s.client_name,
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
  const rows = await db
    .selectFrom('waitlist_entries as e')
    .innerJoin('users as u', 'u.id', 'e.client_id')
    .leftJoin('waitlist_offers as o', (j) => j.onRef('o.entry_id', '=', 'e.id').on('o.status', '=', 'open'))
    .select(['e.id', 'e.client_id', 'u.name as client_name', 'e.created_at', 'e.counselor_id', 'o.id as offer_id'])
    .where('e.company_id', '=', auth.companyId)
    .where('e.status', '=', 'waiting')
    .where((w) => w.or([w('e.counselor_id', 'is', null), w('e.counselor_id', '=', auth.user.id)]))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(200)
    .execute();
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
  if (!isCounselor(auth)) throw forbidden('Only counselors can acknowledge urgent cases.');
  const row = await db.selectFrom('urgent_cases').select('id').where('id', '=', caseId).where('company_id', '=', auth.companyId).executeTakeFirst();
  if (!row) throw notFound('Urgent case');
  if (await acknowledgeCase(db, auth.companyId, caseId, auth.user.id, new Date().toISOString())) return;
  const by = await db.selectFrom('urgent_cases').select('acknowledged_by').where('id', '=', caseId).executeTakeFirstOrThrow();
  if (by.acknowledged_by !== auth.user.id) throw conflict('Another counselor has already acknowledged this case.');
}
