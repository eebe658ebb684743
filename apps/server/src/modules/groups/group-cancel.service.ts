import type { GroupCancelResult } from '@kalinga/contracts/groups';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { writeMessages } from '../notifications/notify.repository';
import { queueCancelled } from './group-emails';
import { activeMembers, cancelComingSessions, cancelGroupRow, cancelSessionRow, findSession } from './groups.repository';
import { facilitatedGroup, requireClinician } from './groups.service';

// A facilitator cancels a whole group or one session still to come (decision 0282). Each is one conditional update
// (a second cancel, or one racing it, finds nothing to change and is told so); the members are told in the same
// transaction by an in-app notice through the notifications' one way in: the group's name, the first cancelled
// session's time (the first of those cancelled, for a whole group), never another member's name.

async function tellMembers(trx: DB, auth: AuthContext, kind: 'group_cancelled' | 'group_session_cancelled', group: { id: number; name: string }, sessions: readonly { id: number; starts_at: string }[], now: string): Promise<number> {
  const members = await activeMembers(trx, auth.companyId, group.id);
  if (sessions.length === 0 || members.length === 0) return 0;
  await writeMessages(
    trx,
    auth.companyId,
    { inApp: members.map((m) => ({ kind, user_id: m.id, actor_id: auth.user.id, appointment_date: sessions[0].starts_at, reason: group.name })) },
    now,
  );
  // And by email, with the calendar's cancellation of the sessions (their raised SEQUENCE).
  await queueCancelled(trx, auth.companyId, kind, sessions[0].id, members.map((m) => m.id), now);
  return members.length;
}

/** POST /api/groups/{uuid}/cancel: the group and its sessions still to come; held sessions keep their attendance. */
export async function cancelGroup(db: DB, auth: AuthContext, uuid: string): Promise<GroupCancelResult> {
  const group = await facilitatedGroup(db, auth, uuid);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    if (!(await cancelGroupRow(trx, group.company_id, group.id, now))) throw conflict('This group is already cancelled.');
    const sessions = await cancelComingSessions(trx, group.company_id, group.id, now);
    return { sessions_cancelled: sessions.length, members_told: await tellMembers(trx, auth, 'group_cancelled', group, sessions, now) };
  });
}

/** POST /api/group-sessions/{uuid}/cancel: one session that has not started. */
export async function cancelGroupSession(db: DB, auth: AuthContext, uuid: string): Promise<GroupCancelResult> {
  requireClinician(auth);
  const session = await findSession(db, auth.companyId, uuid);
  if (!session || (session.facilitator_id !== auth.user.id && session.co_facilitator_id !== auth.user.id)) throw notFound('Session');
  const group = await facilitatedGroup(db, auth, session.group_uuid);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    if (!(await cancelSessionRow(trx, group.company_id, session.id, now))) throw conflict('This session has already started or was cancelled.');
    return { sessions_cancelled: 1, members_told: await tellMembers(trx, auth, 'group_session_cancelled', group, [session], now) };
  });
}
