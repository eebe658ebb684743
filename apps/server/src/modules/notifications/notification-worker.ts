import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import { composeEmail, type EmailWriters } from './email-registry';
import { isPermanentFailure, type Mailer } from './mailer';
import { preferencesFor, reminderAppointment } from './notification-events.repository';
import { groupReminderSession } from './group-reminder.repository';
import { type InAppMessage, type QueuedEmail, writeMessages } from './notify.repository';
import { cancelDueEmails, claimDue, markAttemptFailed, markCancelled, markSent, type OutboxRow } from './outbox.repository';

// The worker inside each server process (docs/decisions/0067-notification-outbox.md). It claims due
// outbox rows under a lease, sends each email once and marks it sent, and turns due reminders into the in-app row
// and an email. Several processes each run one; a claimed row is theirs alone until its lease runs out.

export interface WorkerOptions {
  /**
   * The registry of email writers, one for every kind (src/email-writers.ts fills it; decision 0256): the worker
   * looks each row's kind up there and knows no kind itself.
   */
  writers: EmailWriters;
  /** Null without SMTP_URL: emails are cancelled as they fall due, reminders still make their in-app rows. */
  mailer: Mailer | null;
  /** The app's address, for the link in each email. */
  publicUrl: string;
  /** Rows claimed at once, and sent side by side. */
  batchSize?: number;
  concurrency?: number;
  /** How long a claim holds; far longer than one send can take (the mailer's timeouts). */
  leaseMs?: number;
  /** Wait between looks when nothing was due. */
  pollMs?: number;
  /** Tries before a row is failed for good, and the first retry's delay (doubling each time, with jitter). */
  maxAttempts?: number;
  retryBaseMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  onError?: (error: unknown, what: string) => void;
}

export const EMAIL_NOT_CONFIGURED = 'Email is not configured (no SMTP_URL).';
const RETRY_CAP_MS = 6 * 3_600_000;

/** The delay before try `attempt + 1`: base·2^(attempt−1), capped at 6 h, times a random 0.5–1.5 (jitter). */
export function retryDelay(attempt: number, baseMs: number, random = Math.random()): number {
  return Math.min(RETRY_CAP_MS, baseMs * 2 ** Math.max(0, attempt - 1)) * (0.5 + random);
}

/** What a due reminder is about: why it no longer goes, or its start and the notice and email it writes. */
type ReminderTarget =
  | { gone: string }
  | { start: string; started: string; notice: Omit<InAppMessage, 'user_id'>; email: Omit<QueuedEmail, 'recipient_id'> };

async function appointmentReminderTarget(trx: DB, row: OutboxRow): Promise<ReminderTarget> {
  const appointment = row.appointment_id === null ? undefined : await reminderAppointment(trx, row.company_id, row.appointment_id);
  if (!appointment || appointment.status === 'cancelled' || appointment.status === 'completed') return { gone: 'The appointment is no longer on.' };
  const notice = { kind: 'reminder' as const, appointment_id: row.appointment_id, appointment_date: appointment.appointment_date };
  return { start: appointment.appointment_date, started: 'The appointment had already started.', notice, email: notice };
}

/** A group session's reminder goes to an active member or a facilitator of a group and session still on (decision 0321). */
async function groupReminderTarget(trx: DB, row: OutboxRow): Promise<ReminderTarget> {
  const s = row.group_session_id === null ? undefined : await groupReminderSession(trx, row.company_id, row.group_session_id, row.recipient_id);
  const takesPart = s && (s.member_id !== null || s.facilitator_id === row.recipient_id || s.co_facilitator_id === row.recipient_id);
  if (!s || !takesPart || s.status !== 'scheduled' || s.group_status !== 'active') return { gone: "The group session, or the recipient's place in it, is no longer on." };
  return {
    start: s.starts_at,
    started: 'The group session had already started.',
    notice: { kind: 'group_reminder', appointment_date: s.starts_at, reason: s.group_name },
    email: { kind: 'group_reminder', group_session_id: row.group_session_id, appointment_date: s.starts_at },
  };
}

export class NotificationWorker {
  private readonly o: Required<Omit<WorkerOptions, 'mailer'>> & { mailer: Mailer | null };
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly db: DB,
    options: WorkerOptions,
  ) {
    this.o = {
      batchSize: 20,
      concurrency: 5,
      leaseMs: 10 * 60_000,
      pollMs: 1_000,
      maxAttempts: 6,
      retryBaseMs: 30_000,
      now: Date.now,
      onError: () => {},
      ...options,
    };
  }

  /** Runs in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the batch in hand (its rows are marked) and stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.runDue();
      } catch (error) {
        this.o.onError(error, 'notification worker');
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.o.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Handles due rows batch after batch until none is due (or stop()); returns how many were handled. */
  async runDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const n = await this.runBatch();
      handled += n;
      if (n === 0 || (this.loop && !this.running)) return handled;
    }
  }

  /** Claims one batch and handles it; returns the number of rows claimed. */
  async runBatch(): Promise<number> {
    const now = this.o.now();
    const nowIso = new Date(now).toISOString();
    if (!this.o.mailer) await cancelDueEmails(this.db, nowIso, EMAIL_NOT_CONFIGURED);
    const rows = await claimDue(this.db, {
      now: nowIso,
      leaseUntil: new Date(now + this.o.leaseMs).toISOString(),
      token: randomUUID(),
      limit: this.o.batchSize,
      channels: this.o.mailer ? ['email', 'reminder'] : ['reminder'],
    });
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        try {
          await (row.channel === 'reminder' ? this.deliverReminder(row) : this.sendEmail(row));
        } catch (error) {
          this.o.onError(error, `outbox row ${row.id}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, rows.length) }, lane));
    return rows.length;
  }

  /**
   * A reminder that fell due, of an appointment or of a group session (decision 0321): in one transaction it is marked
   * sent (unless what it is about was called off first, or has started; only the one worker whose update marks it
   * goes on), and the recipient's in-app row and email are written as their reminder preference says.
   */
  private async deliverReminder(row: OutboxRow): Promise<void> {
    const now = this.o.now();
    const nowIso = new Date(now).toISOString();
    await this.db.transaction().execute(async (trx) => {
      const target = row.kind === 'group_reminder' ? await groupReminderTarget(trx, row) : await appointmentReminderTarget(trx, row);
      if ('gone' in target) {
        await markCancelled(trx, row, target.gone);
        return;
      }
      if (Date.parse(target.start) <= now) {
        await markCancelled(trx, row, target.started);
        return;
      }
      if (!(await markSent(trx, row, nowIso))) return;
      const pref = (await preferencesFor(trx, [row.recipient_id], 'reminder')).get(row.recipient_id)!;
      await writeMessages(
        trx,
        row.company_id,
        {
          inApp: pref.in_app ? [{ ...target.notice, user_id: row.recipient_id }] : [],
          emails: pref.email && this.o.mailer ? [{ ...target.email, recipient_id: row.recipient_id }] : [],
        },
        nowIso,
      );
    });
  }

  /** Sends one email and marks it sent; a failure is tried again later, or failed for good with the reason. */
  private async sendEmail(row: OutboxRow): Promise<void> {
    const mailer = this.o.mailer!;
    const writer = this.o.writers[row.kind];
    const message = await composeEmail(writer, this.db, row, { publicUrl: this.o.publicUrl, now: this.o.now() });
    if (!message) {
      await markCancelled(this.db, row, writer.gone);
      return;
    }
    try {
      await mailer.send(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const last = row.attempts >= this.o.maxAttempts || isPermanentFailure(error);
      const retryAt = last ? null : new Date(this.o.now() + retryDelay(row.attempts, this.o.retryBaseMs)).toISOString();
      await markAttemptFailed(this.db, row, reason.slice(0, 1000), retryAt);
      return;
    }
    if (!(await markSent(this.db, row, new Date(this.o.now()).toISOString()))) {
      this.o.onError(new Error(`outbox row ${row.id} was sent after its claim ran out; another worker may send it again`), 'notification worker');
    }
  }
}
