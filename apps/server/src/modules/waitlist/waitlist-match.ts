import { randomUUID } from 'node:crypto';
import type { Weekday } from '@kalinga/contracts/schedule';
import { type Kysely, type Selectable, sql } from 'kysely';
import { isPostgresDb } from '../../db/locks';
import type { Database, WaitlistEntriesTable } from '../../db/tables';
import { newMessageId } from '../notifications/notification-events';
import { readBookingSettings } from '../schedule/schedule.repository';
import { loadSlotContext, type SlotContext, slotsFromContext } from '../schedule/schedule.service';
import type { BusyInterval } from '../schedule/slots';
import { allCounselors } from '../screening/safety-settings';
import { addDaysToDate, minutesOf, todayIn, weekdayOf } from '@kalinga/contracts/zone-time';

// Offering freed slots to the waitlist (decision 0152). A pass over one company runs in one transaction under the
// company's waitlist lock (an advisory lock on PostgreSQL; SQLite has one writer): it expires holds that ran out,
// closes entries whose range has passed or whose client got booked another way, then walks the waiting entries oldest
// first and offers each the earliest free slot that matches it and that it was not offered before. Nothing is kept in
// memory between passes: a slot that frees while no process runs is found by the next pass of any process, and two
// processes passing at once take turns, so the first person waiting is offered the slot and nobody else.

type Conn = Kysely<Database>;
const MINUTE = 60_000;
/** A lock namespace of our own for pg_advisory_xact_lock(namespace, company). */
const WAITLIST_LOCK = 7151;
/** Entries looked at per pass; the rest are looked at by the next pass. */
const PASS_LIMIT = 50;

async function lockWaitlist(db: Conn, companyId: number): Promise<void> {
  if (isPostgresDb(db)) await sql`select pg_advisory_xact_lock(${WAITLIST_LOCK}, ${companyId})`.execute(db);
}

type WaitingEntry = Pick<Selectable<WaitlistEntriesTable>, 'id' | 'client_id' | 'counselor_id' | 'from_date' | 'to_date' | 'days' | 'time_from' | 'time_to'>;

/** The client's own live appointments over the entry's range: a time that overlaps one is no time for them. */
async function clientBusy(db: Conn, companyId: number, e: WaitingEntry, today: string): Promise<BusyInterval[]> {
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

/** Tells the client of the held slot: an in-app row and an email, written with the offer. */
async function tellClient(db: Conn, companyId: number, clientId: number, startIso: string, now: string): Promise<void> {
  const fields = { company_id: companyId, kind: 'waitlist_offer' as const, appointment_id: null, actor_id: null, appointment_date: startIso, previous_date: null, reason: null };
  await db.insertInto('notifications').values({ ...fields, user_id: clientId, created_at: now }).execute();
  await db.insertInto('outbox').values({ ...fields, channel: 'email', recipient_id: clientId, due_at: now, message_id: newMessageId(), created_at: now }).execute();
}

/** Closes what no longer waits: holds past their time, ranges past their end, clients booked another way. */
async function tidy(db: Conn, companyId: number, today: string, now: string): Promise<void> {
  await db.updateTable('waitlist_offers').set({ status: 'expired', answered_at: now }).where('company_id', '=', companyId).where('status', '=', 'open').where('expires_at', '<=', now).execute();
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

/** One pass over the company's waitlist (see above). Returns how many offers it made. */
export async function matchCompany(db: Conn, companyId: number, nowMs = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockWaitlist(trx, companyId);
    const company = await trx.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst();
    if (!company) return 0;
    const now = new Date(nowMs).toISOString();
    const today = todayIn(company.timezone, new Date(nowMs));
    await tidy(trx, companyId, today, now);
    const entries = await trx
      .selectFrom('waitlist_entries as e')
      .select(['e.id', 'e.client_id', 'e.counselor_id', 'e.from_date', 'e.to_date', 'e.days', 'e.time_from', 'e.time_to'])
      .where('e.company_id', '=', companyId)
      .where('e.status', '=', 'waiting')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('waitlist_offers as o').select('o.id').whereRef('o.entry_id', '=', 'e.id').where('o.status', '=', 'open'))))
      .orderBy('e.created_at')
      .orderBy('e.id')
      .limit(PASS_LIMIT)
      .execute();
    if (entries.length === 0) return 0;
    const hold = await trx.selectFrom('settings').select('waitlist_hold_minutes').where('company_id', '=', companyId).executeTakeFirst();
    const holdMs = (hold?.waitlist_hold_minutes ?? 30) * MINUTE;
    const { durationMinutes } = await readBookingSettings(trx, companyId);
    const counselors = await allCounselors(trx, companyId);
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
      const tried = new Set(
        (await trx.selectFrom('waitlist_offers').select(['counselor_id', 'start_at']).where('entry_id', '=', e.id).execute()).map((o) => `${o.counselor_id}@${Date.parse(o.start_at)}`),
      );
      const own = await clientBusy(trx, companyId, e, today);
      let best: { counselorId: number; start: number } | undefined;
      for (const c of e.counselor_id === null ? counselors : counselors.filter((id) => id === e.counselor_id)) {
        const start = firstFit(await contextOf(c), c, e, today, tried, own, nowMs);
        if (start !== undefined && (!best || start < best.start)) best = { counselorId: c, start };
      }
      if (!best) continue;
      const startIso = new Date(best.start).toISOString();
      const inserted = await trx
        .insertInto('waitlist_offers')
        .values({ uuid: randomUUID(), company_id: companyId, entry_id: e.id, counselor_id: best.counselorId, start_at: startIso, duration_minutes: durationMinutes, offered_at: now, expires_at: new Date(nowMs + holdMs).toISOString() })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
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
  const companies = await db.selectFrom('waitlist_entries').select('company_id').distinct().where('status', '=', 'waiting').execute();
  const due = await db.selectFrom('waitlist_offers').select('company_id').distinct().where('status', '=', 'open').where('expires_at', '<=', new Date(nowMs).toISOString()).execute();
  let made = 0;
  for (const id of new Set([...companies, ...due].map((c) => c.company_id))) made += await matchCompany(db, id, nowMs);
  return made;
}
