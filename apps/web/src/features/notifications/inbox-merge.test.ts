// @vitest-environment node
import type { Notification, NotificationListReply } from '@kalinga/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { EMPTY_INBOX, replyAfterRead, withLatest, withOlder, withRead } from './inbox-merge';

function n(id: number, read = false): Notification {
  return { id, kind: 'booked', appointment_uuid: `a${id}`, appointment_date: null, previous_date: null, counselor_name: null, client_name: null, actor_name: null, reason: null, created_at: '2026-11-23T00:00:00.000Z', read_at: read ? '2026-11-23T01:00:00.000Z' : null };
}
const reply = (ids: number[], hasMore: boolean, unread = ids.length): NotificationListReply => ({ data: ids.map((id) => n(id)), unread, has_more: hasMore });
const ids = (list: { items: Notification[] }) => list.items.map((x) => x.id);

describe('inbox list', () => {
  it('takes the newest page as it is until older pages are loaded', () => {
    const a = withLatest(EMPTY_INBOX, reply([5, 4, 3], true));
    expect(ids(a)).toEqual([5, 4, 3]);
    expect(a.hasMore).toBe(true);
    const b = withLatest(a, reply([6, 5, 4], true));
    expect(ids(b)).toEqual([6, 5, 4]);
  });

  it('keeps loaded older pages when new ones arrive, newest first, and their has_more decides', () => {
    const older = withOlder(withLatest(EMPTY_INBOX, reply([5, 4, 3], true)), reply([2, 1], false));
    expect(ids(older)).toEqual([5, 4, 3, 2, 1]);
    expect(older.hasMore).toBe(false);
    const next = withLatest(older, reply([6, 5, 4], true));
    expect(ids(next)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(next.hasMore).toBe(false);
  });

  it('drops older pages when a full newest page is all newer than what is held (there may be a gap)', () => {
    const older = withOlder(withLatest(EMPTY_INBOX, reply([5, 4], true)), reply([3, 2], true));
    const jumped = withLatest(older, reply([9, 8], true));
    expect(ids(jumped)).toEqual([9, 8]);
    expect(jumped.hasMore).toBe(true);
  });

  it('marks read locally, by id or all, and lowers the unread count of the newest page', () => {
    const list = withLatest(EMPTY_INBOX, reply([3, 2, 1], false));
    expect(withRead(list, [2], 'T').items.map((x) => x.read_at)).toEqual([null, 'T', null]);
    expect(withRead(list, 'all', 'T').items.every((x) => x.read_at === 'T')).toBe(true);
    const r = reply([3, 2, 1], false, 5);
    expect(replyAfterRead(r, [2, 1], 'T').unread).toBe(3);
    expect(replyAfterRead(r, 'all', 'T').unread).toBe(0);
    expect(replyAfterRead(reply([1], false, 1), [1, 7], 'T').unread).toBe(0);
  });
});
