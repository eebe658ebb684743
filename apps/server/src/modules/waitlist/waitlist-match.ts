import { randomUUID } from 'node:crypto';
import type { Weekday } from '@kalinga/contracts/schedule';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readBookingSettings } from '../schedule/schedule.repository';
import { loadSlotContext, type SlotContext, slotsFromContext } from '../schedule/schedule.service';
import type { BusyInterval } from '../schedule/slots';
import { activeCounselorIds } from '../users/users.repository';
import { addDaysToDate, minutesOf, todayIn, weekdayOf } from '@kalinga/contracts/zone-time';
import { clientBusy, companiesToMatch, companyZone, holdSettings, insertOfferOnce, lockWaitlist, offersToClient, tellClient, tidy, type WaitingEntry, waitingForPass } from './waitlist-match.repository';
import { holdEnd } from '../offers/held-offer.repository';

// Offering freed slots to the waitlist (decision 0152). A pass over one company runs in one transaction under the
// company's waitlist lock (an advisory lock on PostgreSQL; SQLite has one writer): it expires holds that ran out,
// closes entries whose range has passed or whose client got booked another way, then walks the waiting entries oldest
// first and offers each the earliest free slot that matches it and that it was not offered before. Nothing is kept in
// memory between passes: a slot that frees while no process runs is found by the next pass of any process, and two
// processes passing at once take turns, so the first person waiting is offered the slot and nobody else.

type Conn = Kysely<Database>;
const MINUTE = 60_000;
/** Entries looked at per pass; the rest are looked at by the next pass. */
const PASS_LIMIT = 50;

/** The earliest free slot of one counselor that fits the entry, not one of `tried` nor clashing with `own`; undefined when none. */
function firstFit(ctx: SlotContext, counselorId: number, e: WaitingEntry, today: string, tried: ReadonlySet<string>, own: readonly BusyInterval[], nowMs: number): number | undefined {
  const days = new Set(JSON.parse(e.days) as Weekday[]);
  const from = minutesOf(e.time_from);
  const to = minutesOf(e.time_to);
  for (let d = e.from_date < today ? today : e.from_date; d <= e.to_date; d = addDaysToDate(d, 1)) {
    if (!days.has(weekdayOf(d) as Weekday)) continue;
    for (const s of slotsFromContext(ctx, d, { nowMs })) {
      const m = minutesOf(s.time);
      const end = s.start + ctx.durationMinutes * MINUTE;
      if (m >= from && m + ctx.durationMinutes <= to && !tried.has(`${counselorId}@${s.start}`) && !own.some((b) => b.start < end && s.start < b.end)) return s.start;
    }
  }
  return undefined;
}

/** One pass over the company's waitlist (see above). Returns how many offers it made. */
export async function matchCompany(db: Conn, companyId: number, nowMs = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockWaitlist(trx, companyId);
    const company = await companyZone(trx, companyId);
    if (!company) return 0;
    const now = new Date(nowMs).toISOString();
    const today = todayIn(company.timezone, new Date(nowMs));
    await tidy(trx, companyId, today, now);
    const entries = await waitingForPass(trx, companyId, PASS_LIMIT);
    if (entries.length === 0) return 0;
    const hold = await holdSettings(trx, companyId);
    const expiresAt = await holdEnd(trx, companyId, now);
    const cooldownFrom = new Date(nowMs - (hold?.waitlist_cooldown_hours ?? 0) * 60 * MINUTE).toISOString();
    const { durationMinutes } = await readBookingSettings(trx, companyId);
    const counselors = await activeCounselorIds(trx, companyId);
    const last = entries.reduce((m, e) => (e.to_date > m ? e.to_date : m), today);
    // One load per counselor for the pass; each offer made is added to its busy times, so no later entry gets it.
    const contexts = new Map<number, SlotContext>();
    const contextOf = async (id: number) => {
      let ctx = contexts.get(id);
      if (!ctx) {
        ctx = await loadSlotContext(trx, companyId, company.timezone, id, today, last);
        contexts.set(id, ctx);
      }
      return ctx;
    };
    let made = 0;
    for (const e of entries) {
      // What this client was ever offered, under any entry (decision 0223): joining again offers no slot twice.
      const offered = await offersToClient(trx, companyId, e.client_id);
      if (offered.some((o) => o.let_go && o.answered_at !== null && o.answered_at > cooldownFrom)) continue;
      const tried = new Set(offered.map((o) => `${o.counselor_id}@${Date.parse(o.start_at)}`));
      const own = await clientBusy(trx, companyId, e, today);
      let best: { counselorId: number; start: number } | undefined;
      for (const c of e.counselor_id === null ? counselors : counselors.filter((id) => id === e.counselor_id)) {
        const start = firstFit(await contextOf(c), c, e, today, tried, own, nowMs);
        if (start !== undefined && (!best || start < best.start)) best = { counselorId: c, start };
      }
      if (!best) continue;
      const startIso = new Date(best.start).toISOString();
      const inserted = await insertOfferOnce(trx, { uuid: randomUUID(), company_id: companyId, entry_id: e.id, counselor_id: best.counselorId, start_at: startIso, duration_minutes: durationMinutes, offered_at: now, expires_at: expiresAt });
      if (!inserted) continue;
      const ctx = contexts.get(best.counselorId)!;
      ctx.busy = [...ctx.busy, { start: best.start, end: best.start + durationMinutes * MINUTE }].sort((a, b) => a.start - b.start);
      await tellClient(trx, companyId, e.client_id, startIso, now);
      made++;
    }
    return made;
  });
}

/** A pass over every company with someone waiting (the sweep each process runs). Returns the offers made. */
export async function matchAll(db: Conn, nowMs = Date.now()): Promise<number> {
  let made = 0;
  for (const id of await companiesToMatch(db, new Date(nowMs).toISOString())) made += await matchCompany(db, id, nowMs);
  return made;
}
