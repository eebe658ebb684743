import type { AttendanceRow, attendanceBodySchema, GroupSession, GroupSettings } from '@kalinga/contracts/groups';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { lockCounselors } from '../../db/locks';
import { nowIso } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { attendanceRows, findSession, readGroupSettings, upsertAttendance, writeGroupSettings } from './groups.repository';
import { openGroupContent } from '../client-record/client-access';
import { requireClinician } from './groups.service';

// Attendance of group sessions (decision 0280): a facilitator records present, absent or late cancellation per
// session and member once the session has started; the outcomes join each member's attendance history, and count
// toward the no-show policy when the centre's setting says group absences count.

type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** A session of a group the counselor facilitates; any other (or another company's) is 404. */
async function facilitatedSession(db: DB, auth: AuthContext, uuid: string): Promise<Session> {
  requireClinician(auth);
  const session = await findSession(db, auth.companyId, uuid);
  if (!session || (session.facilitator_id !== auth.user.id && session.co_facilitator_id !== auth.user.id)) throw notFound('Session');
  return session;
}

function toSession(s: Session): GroupSession {
  return { uuid: s.uuid, index: s.session_index, starts_at: s.starts_at, local_date: s.local_date, duration_minutes: s.duration_minutes, status: s.status };
}

/**
 * The session's members and their outcomes: attendance beyond one's own, so it is opened through the access model in
 * the read's transaction (one access-log row per member, via group_facilitator: decision 0340).
 */
async function reply(db: DB, auth: AuthContext, s: Session): Promise<{ session: GroupSession; rows: AttendanceRow[] }> {
  const rows = await db.transaction().execute(async (trx) => {
    const found = await attendanceRows(trx, auth.companyId, s.group_id, s.id);
    await openGroupContent(trx, auth, s, found.map((r) => r.client_id), 'attendance');
    return found;
  });
  return { session: toSession(s), rows: rows.map((r) => ({ client_id: r.client_id, name: r.name, outcome: r.outcome ?? null })) };
}

/** GET /api/group-sessions/{uuid}/attendance: every member and their outcome for the session. */
export async function getAttendance(db: DB, auth: AuthContext, uuid: string) {
  return reply(db, auth, await facilitatedSession(db, auth, uuid));
}

/** PUT /api/group-sessions/{uuid}/attendance: records the outcomes given (members of the group only). */
export async function recordAttendance(db: DB, auth: AuthContext, uuid: string, body: z.output<typeof attendanceBodySchema>) {
  const session = await facilitatedSession(db, auth, uuid);
  const now = nowIso();
  if (session.starts_at > now) throw unprocessable({ entries: ['Attendance is recorded once the session has started.'] });
  if (session.status !== 'scheduled') throw unprocessable({ entries: ['This session was cancelled.'] });
  const known = new Set((await attendanceRows(db, auth.companyId, session.group_id, session.id)).map((r) => r.client_id));
  const errors: Record<string, string[]> = {};
  body.entries.forEach((e, i) => {
    if (!known.has(e.client_id)) errors[`entries.${i}.client_id`] = ['This person is not a member of the group.'];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await db.transaction().execute(async (trx) => {
    // The members' rows, which deleting a user takes before it counts their attendance (decision 0299): a member
    // deleted meanwhile is no longer a member here, and one recorded first keeps their user.
    await lockCounselors(trx, auth.companyId, body.entries.map((e) => e.client_id));
    const still = new Set((await attendanceRows(trx, auth.companyId, session.group_id, session.id)).map((r) => r.client_id));
    const gone = body.entries.findIndex((e) => !still.has(e.client_id));
    if (gone >= 0) throw unprocessable({ [`entries.${gone}.client_id`]: ['This person is not a member of the group.'] });
    for (const e of body.entries) {
      await upsertAttendance(trx, { companyId: auth.companyId, sessionId: session.id, clientId: e.client_id, outcome: e.outcome, startsAt: session.starts_at, localDate: session.local_date, by: auth.user.id, now });
    }
  });
  return reply(db, auth, session);
}

/** GET /api/group-settings. */
export async function getGroupSettings(db: DB, auth: AuthContext): Promise<GroupSettings> {
  return readGroupSettings(db, auth.companyId);
}

/** PUT /api/group-settings (the route needs 'manage users', as the site settings do). */
export async function saveGroupSettings(db: DB, auth: AuthContext, body: GroupSettings): Promise<GroupSettings> {
  await writeGroupSettings(db, auth.companyId, body.group_absences_count, nowIso());
  return readGroupSettings(db, auth.companyId);
}
