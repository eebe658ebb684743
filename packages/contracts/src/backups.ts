import { z } from './zod';

// GET /api/backups/status: when the last backup ran and how it went, for the Site Settings screen
// (docs/decisions/0190-backups-and-restore.md). Backups are the server's: only the administrators of the server's own
// company (its first) see them; another company's get 403.

export const backupRunSchema = z.object({
  kind: z.enum(['scheduled', 'manual']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** 'running' until it ends; a run the server stopped in the middle of reads 'failed'. */
  outcome: z.enum(['succeeded', 'failed', 'running']),
  /** The archive's file name (in the backup folder) when it succeeded. */
  archive: z.string().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type BackupRunView = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = z.object({
  /** The newest backup that ended (succeeded or failed), or null before the first. */
  last: backupRunSchema.nullable(),
  /** A backup under way now, if any. */
  running: backupRunSchema.nullable(),
  /** The newest backup that succeeded (the same as `last` unless the last one failed). */
  last_success: backupRunSchema.nullable(),
  schedule: z.object({
    /** Minutes between scheduled backups (BACKUP_EVERY_HOURS × 60, or BACKUP_EVERY_MINUTES); 0 = none scheduled. */
    every_minutes: z.number().int(),
    keep: z.number().int(),
    /** When the next scheduled backup is due at the latest, or null when none are scheduled. */
    next_at: z.string().nullable(),
  }),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
