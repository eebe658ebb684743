import type { DB } from '../../db/database';

// A group's seats and the places people hold in it (decisions 0279, 0299): the seat count on the group's row, a
// membership ending, the workshop's waitlist line. Seats are counted on the group's row: taking one is a single
// conditional update (`seats_taken < capacity`), so concurrent sign-ups never pass the capacity, and the table's check
// refuses it even if a write forgot. The held seat's offer ends as every offer does (offers/held-offer.repository.ts).

/** Takes one seat when one is free: true when this call took it. */
export async function takeSeat(db: DB, companyId: number, groupId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('groups')
    .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1), updated_at: now }))
    .where('company_id', '=', companyId)
    .where('id', '=', groupId)
    .where('status', '=', 'active')
    .whereRef('seats_taken', '<', 'capacity')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseSeat(db: DB, companyId: number, groupId: number, now: string): Promise<void> {
  await db
    .updateTable('groups')
    .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1), updated_at: now }))
    .where('company_id', '=', companyId)
    .where('id', '=', groupId)
    .where('seats_taken', '>', 0)
    .execute();
}

/** Ends the client's membership: true when this call ended it (exactly one of two racing cancellations does). */
export async function leaveGroup(db: DB, companyId: number, groupId: number, clientId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('group_members')
    .set({ status: 'cancelled', left_at: now })
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Offers the held seat to the first person waiting. One conditional update of that entry: when another process
 * offered it meanwhile, the next one waiting is tried. Returns who it was offered to; null when nobody is waiting.
 */
export async function offerToNext(db: DB, companyId: number, groupId: number, now: string, expiresAt: string): Promise<{ client_id: number } | null> {
  for (;;) {
    const next = await db.selectFrom('group_waitlist').select(['id', 'client_id']).where('company_id', '=', companyId).where('group_id', '=', groupId).where('status', '=', 'waiting').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return null;
    const r = await db
      .updateTable('group_waitlist')
      .set({ status: 'offered', offered_at: now, expires_at: expiresAt })
      .where('company_id', '=', companyId)
      .where('id', '=', next.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return { client_id: next.client_id };
  }
}

/** Leaves the line while still waiting: true when this call closed the place (an offered place ends as an offer). */
export async function leaveWaiting(db: DB, companyId: number, entryId: number, now: string): Promise<boolean> {
  const r = await db.updateTable('group_waitlist').set({ status: 'left', answered_at: now }).where('company_id', '=', companyId).where('id', '=', entryId).where('status', '=', 'waiting').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Offers of a group (or of every group of the company: null) whose hold ran out. */
export async function lapsedOffers(db: DB, companyId: number, groupId: number | null, now: string) {
  let q = db.selectFrom('group_waitlist').select(['id', 'group_id']).where('company_id', '=', companyId).where('status', '=', 'offered').where('expires_at', '<=', now);
  if (groupId !== null) q = q.where('group_id', '=', groupId);
  return q.orderBy('id').execute();
}

/** The client's active memberships in the company's groups, with each group's kind. */
export async function membershipsOf(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['m.group_id', 'g.kind'])
    .where('m.company_id', '=', companyId)
    .where('m.client_id', '=', clientId)
    .where('m.status', '=', 'active')
    .orderBy('m.group_id')
    .execute();
}

/** The client's live waitlist places (waiting or offered) in the company's workshops. */
export async function waitPlacesOf(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('group_waitlist')
    .select(['id', 'group_id', 'status'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', 'in', ['waiting', 'offered'])
    .orderBy('id')
    .execute();
}

/** How many group attendance outcomes the company holds for the client. */
export async function countAttendanceOf(db: DB, companyId: number, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('group_attendance')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first session of the group still to come (the one a seat offer's email points at). */
export async function firstComingSession(db: DB, companyId: number, groupId: number, now: string) {
  return db.selectFrom('group_sessions').select(['id', 'starts_at']).where('company_id', '=', companyId).where('group_id', '=', groupId).where('status', '=', 'scheduled').where('starts_at', '>', now).orderBy('starts_at').limit(1).executeTakeFirst();
}
