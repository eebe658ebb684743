import { randomBytes } from 'node:crypto';
import { restoreTagOf, type SyncQuery, taggedCursor, untaggedCursor } from '@kalinga/contracts/sync';
import type { DB } from '../db/database';
import { newestRestoreTag } from '../db/restore-log';
import { unprocessable } from './http-errors';

// The restore tag of a database (docs/decisions/0190-backups-and-restore.md): null until the first restore, then the
// newest restore's. A restore runs with the server stopped (it needs an empty database), so a process reads it once.

export const CURSOR_BEFORE_RESTORE = 'This cursor is from before the server was restored from a backup; sync again from the epoch.';

const tags = new WeakMap<DB, Promise<string | null>>();

export function restoreTag(db: DB): Promise<string | null> {
  let tag = tags.get(db);
  if (!tag) {
    tag = newestRestoreTag(db);
    tag.catch(() => tags.delete(db));
    tags.set(db, tag);
  }
  return tag;
}

/** A new tag: 10 base-36 characters. */
export function newRestoreTag(): string {
  return BigInt(`0x${randomBytes(8).toString('hex')}`).toString(36).slice(0, 10).padStart(10, '0');
}

/**
 * The query's cursors without their tag, after checking that each carries the server's: a cursor of another tag (or
 * an untagged one after a restore) names versions of a history the restore undid, so it is refused (422 on its field)
 * and the device syncs again from the epoch. The epoch (a date-time) carries no tag and is always accepted.
 */
export function cursorsOfThisHistory(query: SyncQuery, tag: string | null): SyncQuery {
  const since = query.since.startsWith('c') ? query.since : null;
  if (since !== null && restoreTagOf(since) !== tag) throw unprocessable({ since: [CURSOR_BEFORE_RESTORE] });
  if (query.until !== undefined && restoreTagOf(query.until) !== tag) throw unprocessable({ until: [CURSOR_BEFORE_RESTORE] });
  return { ...query, since: since === null ? query.since : untaggedCursor(since), until: query.until === undefined ? undefined : untaggedCursor(query.until) };
}

/** The reply's cursor with the server's tag. */
export function withTag<T extends { meta: { cursor: string } }>(reply: T, tag: string | null): T {
  return tag ? { ...reply, meta: { ...reply.meta, cursor: taggedCursor(reply.meta.cursor, tag) } } : reply;
}
