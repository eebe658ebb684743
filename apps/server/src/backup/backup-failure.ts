import { StorageUnavailable } from '../lib/image-store';
import { ToolFailedError, ToolMissingError } from './snapshot';

// What a failed backup says (docs/decisions/0226-backup-files-private.md): the status card, the failure notice and its
// email show which step failed and why in words; the error the system gave stays in the server's log.

/** A backup step that failed: `message` is the sentence shown; `cause` the system's error, for the log. */
export class BackupFailed extends Error {}

/** The system's error codes a backup can meet, in words. */
const WHY: Record<string, string> = {
  EEXIST: 'a file is in the place of a folder',
  ENOTDIR: 'a file is in the place of a folder',
  EISDIR: 'a folder is in the place of a file',
  EACCES: 'the server is not allowed to write there',
  EPERM: 'the server is not allowed to write there',
  ENOSPC: 'the disk is full',
  EDQUOT: "the server's disk quota is used up",
  EROFS: 'the disk is read-only',
  ENOENT: 'a folder on the way is missing',
  EIO: 'the disk reported an error',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
};

/** Why, in words: the error code's meaning, or a pointer to the log. */
export function why(err: unknown): string {
  if (err instanceof ToolFailedError) return err.message;
  // The bucket's failure, said as the start-up check says it (docs/decisions/0328-object-storage.md).
  if (err instanceof StorageUnavailable) return err.reason.charAt(0).toLowerCase() + err.reason.slice(1);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return (code && WHY[code]) ?? "an unexpected error (the server's log has the details)";
}

/**
 * Runs one step of a backup; its failure becomes a BackupFailed saying `what` failed and why. An error that is
 * already a sentence for people (a missing pg_dump, a step's own BackupFailed) passes through.
 */
export async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof BackupFailed || err instanceof ToolMissingError) throw err;
    throw new BackupFailed(`${what}: ${why(err)}.`, { cause: err });
  }
}

/** The one line shown for a failed backup (status card, notice, email, the command's output). */
export function failureLine(err: unknown): string {
  if (err instanceof BackupFailed) return err.message;
  if (err instanceof ToolMissingError) return err.message;
  return `The backup failed: ${why(err)}.`;
}

/** The system's own error behind a failure, for the log. */
export function failureDetail(err: unknown): unknown {
  return err instanceof BackupFailed && err.cause !== undefined ? err.cause : err;
}
