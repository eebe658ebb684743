import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { isPostgresDb } from '../../db/locks';
import type { Database, NotificationsTable, OutboxTable } from '../../db/tables';

// The one way in to the bell and the outbox (docs/architecture.md#notifications): every area that tells someone of
// something calls these writers with its company and its own transaction, so the notice and its email commit with the
// change that caused them or not at all. Nothing else inserts into `notifications` or `outbox`.
//
// What a notice carries is who and when (ids, instants, the name of who acted): never a client's confidential content
// (decision 0200, docs/architecture.md#client-access). The email is written later, by the kind's writer in the email
// registry (docs/decisions/0256-one-way-into-notifications.md), from what these rows point at.

type Conn = Kysely<Database>;

/** What an in-app notice is about. */
export interface Notice {
  kind: NotificationsTable['kind'];
  appointment_id?: number | null;
  actor_id?: number | null;
  appointment_date?: string | null;
  previous_date?: string | null;
  /** A short line the kind's words show (a cancellation's reason, who was given access); never clinical content. */
  reason?: string | null;
  series_id?: number | null;
  series_count?: number | null;
}

/** What a queued email (or a reminder that becomes one) is about. */
export interface EmailNotice extends Omit<Notice, 'kind'> {
  kind: OutboxTable['kind'];
  /** 'reminder': due before the appointment, then turned into the notice and its email by the worker. */
  channel?: OutboxTable['channel'];
  /** When it is to go; now when not given. */
  due_at?: string;
  pawn_notice_id?: number | null;
  /** The sessions the change left, kept with the email (decision 0222). */
  calendar_snapshot?: string | null;
  /** The group session a group email is about (migration 041). */
  group_session_id?: number | null;
}

/** One in-app notice to one user. */
export type InAppMessage = Notice & { user_id: number };
/** One email (or reminder) to one user. */
export type QueuedEmail = EmailNotice & { recipient_id: number };

/** A stable Message-ID for one outbox row, kept for every attempt (a resend after a crash carries the same one). */
export function newMessageId(): string {
  return `<${randomUUID()}@kalinga>`;
}

function inAppRow(companyId: number, m: InAppMessage, now: string): Insertable<NotificationsTable> {
  return {
    company_id: companyId,
    user_id: m.user_id,
    kind: m.kind,
    appointment_id: m.appointment_id ?? null,
    actor_id: m.actor_id ?? null,
    appointment_date: m.appointment_date ?? null,
    previous_date: m.previous_date ?? null,
    reason: m.reason ?? null,
    ...(m.series_id != null ? { series_id: m.series_id, series_count: m.series_count ?? null } : {}),
    created_at: now,
  };
}

function outboxRow(companyId: number, m: QueuedEmail, now: string): Insertable<OutboxTable> {
  return {
    company_id: companyId,
    channel: m.channel ?? 'email',
    kind: m.kind,
    recipient_id: m.recipient_id,
    appointment_id: m.appointment_id ?? null,
    actor_id: m.actor_id ?? null,
    appointment_date: m.appointment_date ?? null,
    previous_date: m.previous_date ?? null,
    reason: m.reason ?? null,
    ...(m.series_id != null ? { series_id: m.series_id, series_count: m.series_count ?? null } : {}),
    ...(m.pawn_notice_id != null ? { pawn_notice_id: m.pawn_notice_id } : {}),
    ...(m.calendar_snapshot != null ? { calendar_snapshot: m.calendar_snapshot } : {}),
    ...(m.group_session_id != null ? { group_session_id: m.group_session_id } : {}),
    due_at: m.due_at ?? now,
    message_id: newMessageId(),
    created_at: now,
  };
}

/**
 * Writes one company's in-app notices and queued emails, in the caller's transaction (`db`). Every row is the
 * company's: the id is the argument, never a field of a message.
 */
export async function writeMessages(db: Conn, companyId: number, messages: { inApp?: readonly InAppMessage[]; emails?: readonly QueuedEmail[] }, now: string): Promise<void> {
  const inApp = (messages.inApp ?? []).map((m) => inAppRow(companyId, m, now));
  const outbox = (messages.emails ?? []).map((m) => outboxRow(companyId, m, now));
  if (inApp.length > 0 && outbox.length > 0 && isPostgresDb(db)) {
    // One round trip for both (a writable CTE; SQLite has none, and its statements cost no round trip).
    await db.with('n', (w) => w.insertInto('notifications').values(inApp)).insertInto('outbox').values(outbox).execute();
    return;
  }
  if (inApp.length > 0) await db.insertInto('notifications').values(inApp).execute();
  if (outbox.length > 0) await db.insertInto('outbox').values(outbox).execute();
}

/**
 * Tells users of one thing: an in-app notice to each of `to.inApp` and an email to each of `to.email` (the caller
 * has weighed their preferences, or decided that none apply), in the caller's transaction.
 */
export async function notify(
  db: Conn,
  companyId: number,
  notice: Notice & { kind: OutboxTable['kind'] & NotificationsTable['kind'] },
  to: { inApp: readonly number[]; email: readonly number[] },
  now: string,
): Promise<void> {
  await writeMessages(
    db,
    companyId,
    { inApp: to.inApp.map((user_id) => ({ ...notice, user_id })), emails: to.email.map((recipient_id) => ({ ...notice, recipient_id })) },
    now,
  );
}

/** Queues one email that has no in-app notice (a pawn notice to the pawner), in the caller's transaction. */
export async function queueEmail(db: Conn, companyId: number, email: QueuedEmail, now: string): Promise<void> {
  await writeMessages(db, companyId, { emails: [email] }, now);
}
