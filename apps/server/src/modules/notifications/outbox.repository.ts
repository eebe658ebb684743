import type { DeliveryStatus } from '@kalinga/contracts/notifications';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import type { Database, OutboxTable } from '../../db/tables';
import type { CalendarSession } from './calendar-snapshot';
import { readCalendarSessions } from './notification-events.repository';

// The outbox's reads and writes for the worker and the deliveries list (docs/decisions/0067-notification-outbox.md).

type Conn = Kysely<Database>;
export type OutboxRow = Selectable<OutboxTable>;

/**
 * Claims up to `limit` due pending rows (of `channels`) whose lease is free or ran out: one statement that sets the
 * lease and this claim's token and counts the attempt. On PostgreSQL the rows are chosen `for update skip locked`,
 * so workers in several processes never claim the same row at once; SQLite has one writer.
 */
export async function claimDue(
  db: DB,
  claim: { now: string; leaseUntil: string; token: string; limit: number; channels: readonly OutboxRow['channel'][] },
): Promise<OutboxRow[]> {
  const pg = isPostgresDb(db);
  return db
    .updateTable('outbox')
    .set((eb) => ({ claimed_until: claim.leaseUntil, claim_token: claim.token, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('due_at', '<=', claim.now)
        .where('channel', 'in', claim.channels)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', claim.now)]))
        .orderBy('due_at')
        .limit(claim.limit)
        .$if(pg, (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
}

/** Marks a claimed row sent; false when the claim was lost (its lease ran out and another worker took it). */
export async function markSent(db: Conn, row: OutboxRow, now: string): Promise<boolean> {
  const r = await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, claimed_until: null, last_error: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A failed attempt: due again at `retryAt`, or (retryAt null) failed for good with the reason. */
export async function markAttemptFailed(db: Conn, row: OutboxRow, error: string, retryAt: string | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set(retryAt ? { due_at: retryAt, claimed_until: null, last_error: error } : { status: 'failed', claimed_until: null, last_error: error })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .where('status', '=', 'pending')
    .execute();
}

/** Closes a claimed row without sending (its appointment is gone or past): cancelled, with why. */
export async function markCancelled(db: Conn, row: OutboxRow, why: string): Promise<boolean> {
  const r = await db
    .updateTable('outbox')
    .set({ status: 'cancelled', claimed_until: null, last_error: why })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Without SMTP_URL: the due emails are cancelled, saying why, so nothing waits for a mail server that is not there. */
export async function cancelDueEmails(db: Conn, now: string, why: string): Promise<number> {
  const r = await db
    .updateTable('outbox')
    .set({ status: 'cancelled', claimed_until: null, last_error: why })
    .where('status', '=', 'pending')
    .where('channel', '=', 'email')
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Everything an email says: the recipient, the appointment (with names) and the company. */
export async function emailContext(db: Conn, row: OutboxRow) {
  if (row.appointment_id === null) return undefined;
  return db
    .selectFrom('outbox as o')
    .innerJoin('users as r', 'r.id', 'o.recipient_id')
    .innerJoin('appointments as a', 'a.id', 'o.appointment_id')
    .innerJoin('users as co', 'co.id', 'a.counselor_id')
    .innerJoin('users as cl', 'cl.id', 'a.client_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .leftJoin('categories as cat', 'cat.id', 'a.category_id')
    .leftJoin('users as ac', 'ac.id', 'o.actor_id')
    .leftJoin('settings as s', 's.company_id', 'o.company_id')
    .select([
      'r.name as recipient_name',
      // The recipient's language, else the company's default (decision 0246).
      'r.language as recipient_language',
      's.default_language as company_language',
      'r.email as recipient_email',
      'a.uuid',
      'a.status',
      'a.duration_minutes',
      'a.reason',
      'a.location_type',
      'a.location',
      'a.user_type',
      'a.counselor_id',
      'a.client_id',
      'a.ics_sequence',
      'co.name as counselor_name',
      'cl.name as client_name',
      'cat.title as category_title',
      'ac.name as actor_name',
      'c.name as company_name',
      'c.timezone',
    ])
    .where('o.id', '=', row.id)
    .executeTakeFirst();
}
export type EmailContext = NonNullable<Awaited<ReturnType<typeof emailContext>>>;

/**
 * Every session of a row's series, in order, as it is now (an email about a series lists them and its invite carries
 * them all); an email written with its sessions kept (decision 0222) uses those instead.
 */
export async function seriesEmailSessions(db: Conn, row: OutboxRow): Promise<CalendarSession[] | null> {
  if (row.series_id === null) return null;
  return readCalendarSessions(db, row.company_id, { seriesId: row.series_id });
}
export type SeriesEmailSession = CalendarSession;

/** A company's emails in the given states, newest first, with the recipient's name and address. */
export async function listDeliveries(db: DB, companyId: number, statuses: readonly DeliveryStatus[], limit: number) {
  return db
    .selectFrom('outbox as o')
    .innerJoin('users as u', 'u.id', 'o.recipient_id')
    .select(['o.id', 'o.kind', 'u.name as recipient_name', 'u.email as recipient_email', 'o.status', 'o.attempts', 'o.due_at', 'o.last_error', 'o.sent_at'])
    .where('o.company_id', '=', companyId)
    .where('o.channel', '=', 'email')
    // A pawn notice's email is to a pawner, not a user: the Notices screen shows how it went (decision 0192).
    .where('o.kind', '!=', 'pawn_notice')
    .where('o.status', 'in', statuses)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .$narrowType<{ kind: Exclude<OutboxRow['kind'], 'pawn_notice'> }>()
    .execute();
}
