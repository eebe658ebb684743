import type { Notification, NotificationListReply } from '@kalinga/contracts/notifications';

/**
 * The panel's list: the newest page as polled, joined with the older pages the user loaded. Pure, so the
 * polling hook and its tests share it.
 */
export interface InboxList {
  items: Notification[];
  /** Older notifications exist before the last item. */
  hasMore: boolean;
  /** Older pages were loaded (their has_more then decides hasMore). */
  pagedBack: boolean;
}

export const EMPTY_INBOX: InboxList = { items: [], hasMore: false, pagedBack: false };

function union(keep: Notification[], fresh: Notification[]): Notification[] {
  const byId = new Map(keep.map((n) => [n.id, n]));
  for (const n of fresh) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/**
 * A new newest page: its rows replace the ones held (they may have been read elsewhere). When the page is full
 * and all of it is newer than anything held, rows may be missing between: the older pages are dropped.
 */
export function withLatest(list: InboxList, reply: NotificationListReply): InboxList {
  const newestHeld = list.items[0]?.id ?? 0;
  const oldestFresh = reply.data[reply.data.length - 1]?.id ?? Number.POSITIVE_INFINITY;
  if (!list.pagedBack || (reply.has_more && oldestFresh > newestHeld)) {
    return { items: reply.data, hasMore: reply.has_more, pagedBack: false };
  }
  const oldestLatest = reply.data.length > 0 ? oldestFresh : 0;
  // Rows in the newest page's range that it no longer lists are gone; older rows stay as loaded.
  const kept = list.items.filter((n) => n.id < oldestLatest);
  return { items: union(kept, reply.data), hasMore: list.hasMore, pagedBack: true };
}

/** An older page loaded with `before` = the last item's id. */
export function withOlder(list: InboxList, reply: NotificationListReply): InboxList {
  return { items: union(list.items, reply.data), hasMore: reply.has_more, pagedBack: true };
}

/** Marks the given ids (or all) read locally, as the server just did. */
export function withRead(list: InboxList, ids: number[] | 'all', at: string): InboxList {
  const set = ids === 'all' ? null : new Set(ids);
  const items = list.items.map((n) => (n.read_at === null && (set === null || set.has(n.id)) ? { ...n, read_at: at } : n));
  return { ...list, items };
}

/** The newest page's reply as the server will give it after marking `ids` read (ids the user saw unread; any page). */
export function replyAfterRead(reply: NotificationListReply, ids: number[] | 'all', at: string): NotificationListReply {
  const set = ids === 'all' ? null : new Set(ids);
  const data = reply.data.map((n) => (n.read_at === null && (set === null || set.has(n.id)) ? { ...n, read_at: at } : n));
  return { ...reply, data, unread: ids === 'all' ? 0 : Math.max(0, reply.unread - ids.length) };
}
