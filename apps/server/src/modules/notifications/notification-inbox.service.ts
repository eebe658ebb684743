import { INBOX_KINDS, type InboxKind, type MarkReadBody, type Notification, type NotificationListReply } from '@kalinga/contracts/notifications';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import type { AuthContext } from '../../lib/auth-context';
import { type InboxOwner, inboxState, listInbox, markInboxRead } from './notification-inbox.repository';

const ownerOf = (auth: AuthContext): InboxOwner => ({ companyId: auth.companyId, userId: auth.user.id });

/**
 * The validator of a list reply for this page (`before`, `limit`): it changes whenever the reply would, so a
 * poller that sends it back as If-None-Match gets 304 from one aggregate query (decision 0073). Weak: the body
 * may be compressed. Names are read at list time and a renamed user does not change it (they show on the next change).
 */
export async function inboxEtag(db: DB, auth: AuthContext, before: number | undefined, limit: number): Promise<string> {
  const s = await inboxState(db, ownerOf(auth));
  return `W/"n${s.total}.${s.newest}.${s.unread}.${s.detached}-${before ?? 0}.${limit}"`;
}

function isKind(kind: string): kind is InboxKind {
  return (INBOX_KINDS as readonly string[]).includes(kind);
}

/** The signed-in user's notifications in the current company, newest first, with their unread count. */
export async function listNotifications(db: DB, auth: AuthContext, before: number | undefined, limit: number): Promise<NotificationListReply> {
  const owner = ownerOf(auth);
  // One row more than asked tells whether older ones exist.
  const rows = await listInbox(db, owner, before, limit + 1);
  const { unread } = await inboxState(db, owner);
  const data: Notification[] = [];
  for (const row of rows.slice(0, limit)) {
    // A kind this build does not know (written by a newer server) is left out rather than failing the list.
    if (!isKind(row.kind)) continue;
    data.push({ ...row, kind: row.kind });
  }
  return { data, unread, has_more: rows.length > limit };
}

/** Marks the listed notifications (or all) of the signed-in user read; others' ids are ignored. */
export async function markNotificationsRead(db: DB, auth: AuthContext, body: MarkReadBody): Promise<void> {
  await markInboxRead(db, ownerOf(auth), 'ids' in body ? body.ids : 'all', nowIso());
}
