import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { writeMessages } from '../notifications/notify.repository';
import { endOffer, holdEnd } from '../offers/held-offer.repository';
import { countAttendanceOf, firstComingSession, lapsedOffers, leaveGroup, leaveWaiting, membershipsOf, offerToNext, releaseSeat, waitPlacesOf } from './group-seats.repository';

// A freed seat of a workshop (decision 0279): offered to the first person waiting and held for the site's waitlist
// hold (the individual waitlist's setting and its way of ending an offer, decision 0300), else given back. An offer
// whose hold ran out is ended by exactly one process (a conditional update), which then passes the seat on the same way.
// Whoever freed the seat (the person leaving, a facilitator, a lapsed hold, or the person's deletion from the centre),
// the one it is now held for is emailed in the same transaction (`workshop_offer`, written by groups/group-emails.ts;
// decision 0321).

/** Inside the transaction that freed a seat: hold it for the next person waiting and email them, or give it back. */
export async function passSeatOn(trx: DB, companyId: number, groupId: number, now: string): Promise<void> {
  const offered = await offerToNext(trx, companyId, groupId, now, await holdEnd(trx, companyId, now));
  if (!offered) {
    await releaseSeat(trx, companyId, groupId, now);
    return;
  }
  // The email points at the workshop's first session still to come (its writer reads the rest from there).
  const first = await firstComingSession(trx, companyId, groupId, now);
  if (first) await writeMessages(trx, companyId, { emails: [{ kind: 'workshop_offer', recipient_id: offered.client_id, group_session_id: first.id }] }, now);
}

/** The held seat taken by the person it is held for, while the hold lasts: true when this call took it. */
export async function takeHeldSeat(trx: DB, companyId: number, entryId: number, now: string): Promise<boolean> {
  return endOffer(trx, 'group_waitlist', companyId, entryId, 'accepted', now, 'within');
}

/** Leaves a workshop's line: a held seat is let go to the next person waiting. True when this call ended the place. */
export async function leaveLine(trx: DB, companyId: number, place: { id: number; group_id: number; status: string }, now: string): Promise<boolean> {
  if (place.status !== 'offered') return leaveWaiting(trx, companyId, place.id, now);
  if (!(await endOffer(trx, 'group_waitlist', companyId, place.id, 'left', now, 'any'))) return false;
  await passSeatOn(trx, companyId, place.group_id, now);
  return true;
}

/** Ends the lapsed offers of a group (or of every group: null) and passes each seat on; each in its own transaction. */
export async function sweepLapsedOffers(db: DB, companyId: number, groupId: number | null): Promise<void> {
  const now = nowIso();
  for (const offer of await lapsedOffers(db, companyId, groupId, now)) {
    await db.transaction().execute(async (trx) => {
      if (await endOffer(trx, 'group_waitlist', companyId, offer.id, 'expired', now, 'lapsed')) await passSeatOn(trx, companyId, offer.group_id, now);
    });
  }
}

/** Ends a membership (the member's cancellation or removal): a workshop's seat is offered on, a closed group's comes back. */
export async function endMembership(trx: DB, companyId: number, group: { id: number; kind: 'closed' | 'workshop' }, clientId: number, now: string): Promise<boolean> {
  if (!(await leaveGroup(trx, companyId, group.id, clientId, now))) return false;
  if (group.kind === 'workshop') await passSeatOn(trx, companyId, group.id, now);
  else await releaseSeat(trx, companyId, group.id, now);
  return true;
}

// A client leaving the centre (their user deleted from the company, decision 0299). Attendance is history, as an
// appointment is (decision 0280): a client with any outcome recorded is kept and the delete refused. Otherwise, in
// the delete's transaction, every place they hold ends as their own cancellation would end it, so no seat stays
// counted for someone who is gone.

/** Whether the company holds group attendance of the client (then the user is not deleted). */
export async function hasGroupAttendance(trx: DB, companyId: number, clientId: number): Promise<boolean> {
  return (await countAttendanceOf(trx, companyId, clientId)) > 0;
}

/** Ends every group place of the client in the company; call under the client's row lock, in the delete's transaction. */
export async function leaveEveryGroup(trx: DB, companyId: number, clientId: number, now: string): Promise<void> {
  for (const m of await membershipsOf(trx, companyId, clientId)) await endMembership(trx, companyId, { id: m.group_id, kind: m.kind }, clientId, now);
  for (const place of await waitPlacesOf(trx, companyId, clientId)) await leaveLine(trx, companyId, place, now);
}
