import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { type EmailMessage, escapeHtml, oneLine } from '../modules/notifications/email-text';
import { createMailer } from '../modules/notifications/mailer';
import { newMessageId } from '../modules/notifications/notification-events';
import { activeHolders } from '../modules/users/users.repository';
import { finishRun, markNotified, previousScheduledFailed, serverCompanyId, startRun } from './backup-runs.repository';
import { ARCHIVE_SUFFIX, archivePrefix, createBackup, PARTIAL_SUFFIX } from './create-backup';

// The server's scheduled backup (docs/decisions/0190-backups-and-restore.md): every BACKUP_EVERY_HOURS (24 by
// default), into BACKUP_DIR, keeping the last BACKUP_KEEP scheduled archives. Time is cut into slots of that length
// from 00:00 UTC; the first instance to claim a slot's row makes its backup (one per slot however many instances
// run, and a server started mid-slot without one makes it soon after start). A failure is recorded, logged, and
// told to the administrators of the server's own company once (in the app, and by email with SMTP_URL): not again
// while the runs after it keep failing.

const HOUR_MS = 3_600_000;
const TICK_MS = 10 * 60_000;
const FIRST_TICK_MS = 60_000;
const STALE_PARTIAL_MS = 24 * HOUR_MS;

export function slotOf(everyHours: number, now: Date): string {
  return `every-${everyHours}h-${Math.floor(now.getTime() / (everyHours * HOUR_MS))}`;
}

/** When the next slot begins (the next scheduled backup at the latest), or null when none are scheduled. */
export function nextSlotStart(everyHours: number, now: Date): string | null {
  if (everyHours === 0) return null;
  const period = everyHours * HOUR_MS;
  return new Date((Math.floor(now.getTime() / period) + 1) * period).toISOString();
}

function errorLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 500);
}

/** Removes scheduled archives past the newest `keep`, and leftovers of runs cut off a day ago or more. */
export async function pruneArchives(dir: string, keep: number, now = Date.now()): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const prefix = archivePrefix('scheduled');
  const archives = names.filter((n) => n.startsWith(prefix) && n.endsWith(ARCHIVE_SUFFIX)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await fs.rm(path.join(dir, name), { force: true });
  for (const name of names.filter((n) => n.includes(PARTIAL_SUFFIX))) {
    const st = await fs.stat(path.join(dir, name)).catch(() => null);
    if (st && now - st.mtimeMs > STALE_PARTIAL_MS) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
  return removed;
}

/** What the email about a failed scheduled backup says: when, why, and where to look; nothing of any company's data. */
export function backupFailedEmail(to: { name: string; email: string }, reason: string, at: string, publicUrl: string, from: string): EmailMessage {
  const link = `${publicUrl.replace(/\/$/, '')}/settings/site`;
  const lines = [`The server's scheduled backup failed at ${at} (UTC): ${oneLine(reason)}`, 'It is tried again at the next slot; until one succeeds, the last good archive is the newest one kept.'];
  const text = [`Hello ${oneLine(to.name)},`, '', ...lines, '', `See Site Settings › Backups: ${link}`, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">See Site Settings › Backups</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to: { name: oneLine(to.name), address: to.email }, fromName: oneLine(from), subject: BACKUP_FAILED_SUBJECT, text, html, messageId: newMessageId(), ics: null };
}

export const BACKUP_FAILED_SUBJECT = 'Kalinga: the scheduled backup failed';

/**
 * Tells every active administrator ('manage users') of the server's own company (serverCompanyId: backups are the
 * server's, not another tenant's): an in-app notice, and an email when the server sends email (SMTP_URL). The email
 * is sent at once, not through the appointments' outbox; a failed send is logged (the notice and the log remain).
 */
export async function notifyAdministrators(db: DB, config: Pick<AppConfig, 'email' | 'publicUrl'>, log: FastifyBaseLogger, reason: string, now: string): Promise<number> {
  const company = await serverCompanyId(db);
  if (company === null) return 0;
  const admins = await activeHolders(db, company, 'manage users');
  if (admins.length === 0) return 0;
  await db
    .insertInto('notifications')
    .values(admins.map((a) => ({ company_id: company, user_id: a.user_id, kind: 'backup_failed' as const, reason, created_at: now })))
    .execute();
  if (config.email) {
    const site = await db.selectFrom('companies').select('name').where('id', '=', company).executeTakeFirst();
    const mailer = createMailer(config.email, 1);
    try {
      for (const a of admins) {
        await mailer.send(backupFailedEmail(a, reason, now, config.publicUrl, site?.name ?? 'Kalinga')).catch((err: unknown) => log.warn({ err, to: a.email }, 'emailing a failed backup failed'));
      }
    } finally {
      mailer.close();
    }
  }
  return admins.length;
}

export type ScheduledOutcome = 'not-due' | 'written' | 'failed';

/** The scheduled backup of the slot `now` falls in, unless another run (or instance) holds that slot. */
export async function scheduledBackup(db: DB, config: AppConfig, log: FastifyBaseLogger, now = new Date()): Promise<ScheduledOutcome> {
  const { everyHours, dir, keep } = config.backup;
  if (everyHours === 0) return 'not-due';
  const id = await startRun(db, 'scheduled', now.toISOString(), slotOf(everyHours, now));
  if (id === null) return 'not-due';
  try {
    const { archive, bytes } = await createBackup({ config, db, dir, kind: 'scheduled', now });
    await finishRun(db, id, new Date().toISOString(), { archive: path.basename(archive), bytes });
    log.info({ archive, bytes }, 'scheduled backup written');
    const removed = await pruneArchives(dir, keep).catch((err: unknown) => {
      log.warn({ err }, 'removing old scheduled backups failed');
      return [];
    });
    if (removed.length > 0) log.info({ removed }, 'removed scheduled backups past the last %d', keep);
    return 'written';
  } catch (err) {
    const reason = errorLine(err);
    log.error({ err }, 'scheduled backup failed');
    const at = new Date().toISOString();
    await finishRun(db, id, at, { error: reason });
    if (!(await previousScheduledFailed(db, id)) && (await markNotified(db, id))) {
      const told = await notifyAdministrators(db, config, log, reason, at);
      log.warn({ administrators: told }, 'told the administrators that the scheduled backup failed');
    }
    return 'failed';
  }
}

/** Checks for a due backup a minute after start and then every 10 minutes; the timers do not hold the process open. */
export function startBackupSchedule(db: DB, config: AppConfig, log: FastifyBaseLogger): () => void {
  if (config.backup.everyHours === 0) return () => undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    scheduledBackup(db, config, log)
      .catch((err: unknown) => log.error({ err }, 'scheduled backup could not run'))
      .finally(() => (running = false));
  };
  const first = setTimeout(tick, FIRST_TICK_MS);
  const every = setInterval(tick, TICK_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
