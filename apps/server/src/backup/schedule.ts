import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { Language } from '@kalinga/contracts/languages';
import { t } from '../lib/i18n';
import { appPath, emailBody, greeting, recipientLanguage } from '../modules/notifications/email-registry';
import { languagesOf } from '../modules/notifications/email-reads.repository';
import { type EmailMessage, oneLine } from '../modules/notifications/email-text';
import { createMailer } from '../modules/notifications/mailer';
import { newMessageId, writeMessages } from '../modules/notifications/notify.repository';
import { activeHolders } from '../modules/users/users.repository';
import { finishRun, markNotified, previousScheduledFailed, serverCompanyId, startRun } from './backup-runs.repository';
import { failureDetail, failureLine } from './backup-failure';
import { ARCHIVE_SUFFIX, archivePrefix, createBackup, PARTIAL_SUFFIX } from './create-backup';

// The server's scheduled backup (docs/decisions/0190-backups-and-restore.md): every BACKUP_EVERY_HOURS (24 by
// default; or BACKUP_EVERY_MINUTES, decision 0226), into BACKUP_DIR, keeping the last BACKUP_KEEP scheduled archives. Time is cut into slots of that length
// from 00:00 UTC; the first instance to claim a slot's row makes its backup (one per slot however many instances
// run, and a server started mid-slot without one makes it soon after start). A failure is recorded, logged, and
// told to the administrators of the server's own company once (in the app, and by email with SMTP_URL): not again
// while the runs after it keep failing.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TICK_MS = 10 * MINUTE_MS;
const FIRST_TICK_MS = 60_000;
const STALE_PARTIAL_MS = 24 * HOUR_MS;

/** The slot `now` falls in; whole hours keep their `every-24h-…` names, so instances of older versions agree. */
export function slotOf(everyMinutes: number, now: Date): string {
  const every = everyMinutes % 60 === 0 ? `${everyMinutes / 60}h` : `${everyMinutes}m`;
  return `every-${every}-${Math.floor(now.getTime() / (everyMinutes * MINUTE_MS))}`;
}

/** When the next slot begins (the next scheduled backup at the latest), or null when none are scheduled. */
export function nextSlotStart(everyMinutes: number, now: Date): string | null {
  if (everyMinutes === 0) return null;
  const period = everyMinutes * MINUTE_MS;
  return new Date((Math.floor(now.getTime() / period) + 1) * period).toISOString();
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

/**
 * What the email about a failed scheduled backup says, in the administrator's language (decision 0258): when, why
 * (the error as the server logged it), and where to look; nothing of any company's data.
 */
export function backupFailedEmail(to: { name: string; email: string }, language: Language, reason: string, at: string, publicUrl: string, from: string): EmailMessage {
  const link = appPath(publicUrl, '/settings/site');
  const { text, html } = emailBody(language, {
    greeting: greeting(language, to.name),
    lines: [t(language, 'email.backupFailed.line', { at, reason: oneLine(reason) }), t(language, 'email.backupFailed.retry')],
    link: { url: link, label: t(language, 'email.backupFailed.open'), line: t(language, 'email.backupFailed.openLine', { link }) },
    signature: [],
  });
  return { to: { name: oneLine(to.name), address: to.email }, fromName: oneLine(from), subject: t(language, 'email.backupFailed.subject'), text, html, messageId: newMessageId(), ics: null };
}

export const BACKUP_FAILED_SUBJECT = t('en', 'email.backupFailed.subject');

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
  await writeMessages(db, company, { inApp: admins.map((a) => ({ kind: 'backup_failed' as const, reason, user_id: a.user_id })) }, now);
  if (config.email) {
    const site = await db.selectFrom('companies').select('name').where('id', '=', company).executeTakeFirst();
    const languages = await languagesOf(db, company, admins.map((a) => a.user_id));
    const mailer = createMailer(config.email, 1);
    try {
      for (const a of admins) {
        const language = recipientLanguage(languages.users.get(a.user_id), languages.companyDefault);
        await mailer.send(backupFailedEmail(a, language, reason, now, config.publicUrl, site?.name ?? 'Kalinga')).catch((err: unknown) => log.warn({ err, to: a.email }, 'emailing a failed backup failed'));
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
  const { everyMinutes, dir, keep } = config.backup;
  if (everyMinutes === 0) return 'not-due';
  const id = await startRun(db, 'scheduled', now.toISOString(), slotOf(everyMinutes, now));
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
    // The status card, the notice and the email say what failed in words; the log keeps the system's error.
    const reason = failureLine(err).slice(0, 500);
    log.error({ err: failureDetail(err) }, 'scheduled backup failed: %s', reason);
    const at = new Date().toISOString();
    await finishRun(db, id, at, { error: reason });
    if (!(await previousScheduledFailed(db, id)) && (await markNotified(db, id))) {
      const told = await notifyAdministrators(db, config, log, reason, at);
      log.warn({ administrators: told }, 'told the administrators that the scheduled backup failed');
    }
    return 'failed';
  }
}

/** Checks for a due backup a minute after start and then every 10 minutes (or every slot, when shorter); the timers do not hold the process open. */
export function startBackupSchedule(db: DB, config: AppConfig, log: FastifyBaseLogger): () => void {
  const { everyMinutes } = config.backup;
  if (everyMinutes === 0) return () => undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    scheduledBackup(db, config, log)
      .catch((err: unknown) => log.error({ err }, 'scheduled backup could not run'))
      .finally(() => (running = false));
  };
  const first = setTimeout(tick, FIRST_TICK_MS);
  // A schedule shorter than the usual check is checked as often as it runs.
  const every = setInterval(tick, Math.min(TICK_MS, everyMinutes * MINUTE_MS));
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
