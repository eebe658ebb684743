import type { DB } from '../../db/database';

/** Whose inbox: one user's notifications within one company (a member of two companies has two). */
export interface InboxOwner {
  companyId: number;
  userId: number;
}

/**
 * What a list reply depends on, from one aggregate over the user's rows (index user_id, id): the newest id, how
 * many there are, how many are unread and how many lost their appointment. Notifications are only added, marked
 * read (never unread) or detached from a deleted appointment, so any change to a reply changes one of these.
 */
export async function inboxState(db: DB, owner: InboxOwner) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.max('id').as('newest'),
      eb.fn.sum<string | number | null>(eb.case().when('read_at', 'is', null).then(1).else(0).end()).as('unread'),
      eb.fn.sum<string | number | null>(eb.case().when('appointment_id', 'is', null).then(1).else(0).end()).as('detached'),
    ])
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), newest: Number(row.newest ?? 0), unread: Number(row.unread ?? 0), detached: Number(row.detached ?? 0) };
}

/** The user's notifications newest first, before `before` (an id) when given; `limit` rows at most. */
export async function listInbox(db: DB, owner: InboxOwner, before: number | undefined, limit: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('appointments as a', (join) => join.onRef('a.id', '=', 'n.appointment_id').onRef('a.company_id', '=', 'n.company_id'))
    .leftJoin('users as counselor', 'counselor.id', 'a.counselor_id')
    .leftJoin('users as client', 'client.id', 'a.client_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'a.uuid as appointment_uuid',
      'n.appointment_date',
      'n.previous_date',
      'counselor.name as counselor_name',
      'client.name as client_name',
      'actor.name as actor_name',
      'n.reason',
      'n.created_at',
      'n.read_at',
      'n.series_count',
    ])
    .where('n.user_id', '=', owner.userId)
    .where('n.company_id', '=', owner.companyId)
    .$if(before !== undefined, (q) => q.where('n.id', '<', before!))
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Marks the user's unread notifications read: those of `ids`, or all of them. One conditional statement, so
 * concurrent calls cannot undo each other and ids that are not the user's own (in this company) change nothing.
 */
export async function markInboxRead(db: DB, owner: InboxOwner, ids: number[] | 'all', now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .where('read_at', 'is', null)
    .$if(ids !== 'all', (q) => q.where('id', 'in', ids as number[]))
    .execute();
}
