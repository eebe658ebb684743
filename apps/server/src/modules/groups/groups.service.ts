import { randomUUID } from 'node:crypto';
import type { GroupDetail, GroupMember, GroupOccurrence, GroupSummary, groupBodySchema } from '@kalinga/contracts/groups';
import { GROUP_FULL } from '@kalinga/contracts/groups';
import { SERIES_PROBLEM_TEXT } from '@kalinga/contracts/series-constants';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { lockCounselors } from '../../db/locks';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { activeClinicians, isClinician, openClientContent } from '../client-record/client-access';
import { categoryExists, findClient } from '../appointments/appointment.repository';
import { hasScreening } from '../appointments/intake-gate.repository';
import { planSeries, sessionDates, weekOf } from '../appointments/series-plan';
import { loadSlotContext } from '../schedule/schedule.service';
import { minutesOf, todayIn, wallOf } from '@kalinga/contracts/zone-time';
import {
  activeMembers,
  findGroup,
  type GroupRow,
  insertGroup,
  insertGroupSessions,
  joinGroup,
  staffGroups,
  waitingCount,
} from './groups.repository';
import { takeSeat } from '../group-seats/group-seats.repository';
import { endMembership } from '../group-seats/seats';
import { queueFacilitatorReminders, queueJoined } from './group-emails';
import { sessionsByGroup, toSummary } from './group-view';

// Groups as their facilitators see them (decision 0277): creating a group with its sessions (each checked against
// both facilitators' schedules, excluded dates and busy times with the individual series' planner), its members.

type GroupBody = z.output<typeof groupBodySchema>;

/**
 * Only clinicians run groups (decision 0340): a group's members, whether they were screened, and who came are
 * clinical, so a counselor by type or role alone, without clinical access, gets 403 as on the group notes (0313).
 */
export function requireClinician(auth: AuthContext): void {
  if (!isClinician(auth)) throw forbidden('Only counselors run groups.');
}

/** A group the counselor facilitates; any other (or another company's) is 404. */
export async function facilitatedGroup(db: DB, auth: AuthContext, uuid: string): Promise<GroupRow> {
  requireClinician(auth);
  const group = await findGroup(db, auth.companyId, uuid);
  if (!group || (group.facilitator_id !== auth.user.id && group.co_facilitator_id !== auth.user.id)) throw notFound('Group');
  return group;
}

/** The session dates of a body (one, or a series), 422 for a rule that gives too few or too many. */
function datesOf(auth: AuthContext, body: GroupBody): { dates: string[]; minutes: number } {
  const first = wallOf(new Date(Date.parse(body.starts_at)), auth.company.timezone);
  if (body.frequency === 'once') return { dates: [first.date], minutes: minutesOf(first.time) };
  const dates = sessionDates(first.date, body.frequency, { count: body.count, until: body.until });
  if (dates === null) throw unprocessable({ until: ['A series has at most 26 sessions; choose an earlier last date.'] });
  if (dates.length < 2) throw unprocessable({ until: ['A series has at least 2 sessions; choose a later last date.'] });
  return { dates, minutes: minutesOf(first.time) };
}

interface Facilitator {
  id: number;
  name: string;
}

/** The facilitators of a body: the caller and the co-facilitator, checked; 422 naming what is wrong. */
async function facilitatorsOf(db: DB, auth: AuthContext, body: GroupBody): Promise<Facilitator[]> {
  const errors: Record<string, string[]> = {};
  const me: Facilitator = { id: auth.user.id, name: auth.user.name };
  const list = [me];
  if (body.co_facilitator_id != null) {
    // The co-facilitator runs the group too: an active clinician as well, one the picker offers (decisions 0340, 0352).
    const [co] = body.co_facilitator_id === auth.user.id ? [] : await activeClinicians(db, auth.companyId, body.co_facilitator_id);
    if (co) list.push(co);
    else errors.co_facilitator_id = ['The co-facilitator must be another counselor of the centre.'];
  }
  if (!(await categoryExists(db, auth.companyId, body.category_id))) errors.category_id = ['The selected category is invalid.'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return list;
}

/**
 * Every session against every facilitator's schedule, excluded dates, appointments and other groups: the first
 * problem of a session names the facilitator whose time is in the way.
 */
async function plan(db: DB, auth: AuthContext, body: GroupBody, facilitators: readonly Facilitator[]): Promise<{ occurrences: GroupOccurrence[]; duration: number }> {
  const { dates, minutes } = datesOf(auth, body);
  const timeZone = auth.company.timezone;
  const from = weekOf(dates[0]).monday;
  const to = weekOf(dates[dates.length - 1]).sunday;
  const sessions = dates.map((date, i) => ({ index: i + 1, date, minutes }));
  const nowMs = Date.now();
  const today = todayIn(timeZone);
  let duration = 60;
  const plans: { f: Facilitator; occurrences: ReturnType<typeof planSeries> }[] = [];
  for (const f of facilitators) {
    const ctx = await loadSlotContext(db, auth.companyId, timeZone, f.id, from, to);
    duration = ctx.durationMinutes;
    plans.push({ f, occurrences: planSeries({ ctx, sessions, nowMs, today }) });
  }
  const occurrences = sessions.map((s, i): GroupOccurrence => {
    const first = plans[0].occurrences[i];
    const blocked = plans.find((p) => p.occurrences[i].outcome === 'blocked');
    const problem = blocked ? blocked.occurrences[i].problem! : null;
    return {
      index: s.index,
      date: first.wanted_date,
      time: first.wanted_time,
      starts_at: first.wanted_instant,
      problem: problem && blocked ? { code: problem.code, message: SERIES_PROBLEM_TEXT[problem.code], facilitator: blocked.f.name } : null,
    };
  });
  return { occurrences, duration };
}

/** 409 naming every session that cannot be held, whose time is in the way and why (errors keyed `occurrences.<index>`). */
function clashError(occurrences: readonly GroupOccurrence[]): HttpError {
  const blocked = occurrences.filter((o) => o.problem !== null);
  const line = (o: GroupOccurrence) => `Session ${o.index} of ${occurrences.length} (${o.date} at ${o.time}), ${o.problem!.facilitator}: ${o.problem!.message}`;
  const errors = Object.fromEntries(blocked.map((o) => [`occurrences.${o.index}`, [line(o)]]));
  const message = blocked.length === 1 ? `${line(blocked[0])}` : `${blocked.length} of the ${occurrences.length} sessions cannot be held; check the sessions again.`;
  return new HttpError(409, message, errors);
}

/** POST /api/groups/preview: every session and what is in its way; nothing is written. */
export async function previewGroup(db: DB, auth: AuthContext, body: GroupBody) {
  requireClinician(auth);
  const facilitators = await facilitatorsOf(db, auth, body);
  const { occurrences, duration } = await plan(db, auth, body, facilitators);
  return { duration_minutes: duration, occurrences, blocked: occurrences.filter((o) => o.problem !== null).length };
}

/** POST /api/groups: the group and all its sessions, or nothing (409 naming each clash). */
export async function createGroup(db: DB, auth: AuthContext, body: GroupBody): Promise<GroupDetail> {
  requireClinician(auth);
  const facilitators = await facilitatorsOf(db, auth, body);
  datesOf(auth, body); // a bad rule is 422 before any lock is taken
  const now = nowIso();
  const uuid = randomUUID();
  await db.transaction().execute(async (trx) => {
    // Every other group or series of these counselors waits here: what we check next is what we write against.
    await lockCounselors(trx, auth.companyId, facilitators.map((f) => f.id));
    const { occurrences, duration } = await plan(trx, auth, body, facilitators);
    if (occurrences.some((o) => o.problem !== null)) throw clashError(occurrences);
    const groupId = await insertGroup(trx, {
      uuid,
      company_id: auth.companyId,
      name: body.name,
      kind: body.kind,
      category_id: body.category_id,
      description: body.description ?? null,
      capacity: body.capacity,
      location_type: body.location_type,
      location: body.location ?? null,
      audience: body.kind === 'workshop' ? body.audience : 'both',
      screening_required: body.screening_required ? 1 : 0,
      facilitator_id: auth.user.id,
      co_facilitator_id: facilitators[1]?.id ?? null,
      frequency: body.frequency,
      created_by: auth.user.id,
      created_at: now,
      updated_at: now,
    });
    await insertGroupSessions(
      trx,
      occurrences.map((o) => ({
        uuid: randomUUID(),
        company_id: auth.companyId,
        group_id: groupId,
        session_index: o.index,
        starts_at: o.starts_at!,
        local_date: o.date,
        duration_minutes: duration,
        created_at: now,
      })),
    );
    await queueFacilitatorReminders(trx, auth.companyId, groupId, facilitators.map((f) => f.id), now);
  });
  return getGroup(db, auth, uuid);
}

/** GET /api/groups/co-facilitators: whom the caller may name co-facilitator, the centre's other active clinicians. */
export async function coFacilitatorOptions(db: DB, auth: AuthContext): Promise<{ id: number; name: string }[]> {
  requireClinician(auth);
  return (await activeClinicians(db, auth.companyId)).filter((c) => c.id !== auth.user.id);
}

/** GET /api/groups: the groups the counselor facilitates. */
export async function listGroups(db: DB, auth: AuthContext): Promise<GroupSummary[]> {
  requireClinician(auth);
  const groups = await staffGroups(db, auth.companyId, auth.user.id);
  const sessions = await sessionsByGroup(db, auth.companyId, groups);
  return groups.map((g) => toSummary(g, sessions.get(g.id) ?? []));
}

/** GET /api/groups/{uuid}: a facilitated group with its sessions and members. */
export async function getGroup(db: DB, auth: AuthContext, uuid: string): Promise<GroupDetail> {
  const group = await facilitatedGroup(db, auth, uuid);
  const sessions = (await sessionsByGroup(db, auth.companyId, [group])).get(group.id) ?? [];
  const members: GroupMember[] = (await activeMembers(db, auth.companyId, group.id)).map((m) => ({ ...m, user_type: String(m.user_type) }));
  return { ...toSummary(group, sessions), sessions, members, waiting: await waitingCount(db, group.company_id, group.id) };
}

/** POST /api/groups/{uuid}/members: a facilitator adds a client to a closed group while a seat is free. */
export async function addMember(db: DB, auth: AuthContext, uuid: string, clientId: number): Promise<GroupDetail> {
  const group = await facilitatedGroup(db, auth, uuid);
  if (group.kind !== 'closed') throw unprocessable({ client_id: ['People sign up for a workshop themselves.'] });
  const client = await findClient(db, auth.companyId, clientId);
  if (!client) throw unprocessable({ client_id: ['The selected client is invalid.'] });
  if (group.screening_required === 1) {
    // Whether the client answered a screening is screening content (decision 0376): the care team learns it on the
    // record, in a statement of its own so that the 422 below is recorded too; anyone else gets the care team's 403
    // whether or not they answered.
    await openClientContent(db, auth, clientId, 'screenings');
    if (!(await hasScreening(db, auth.companyId, clientId))) throw unprocessable({ client_id: ['This group asks for a screening before joining; the client has none yet.'] });
  }
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await takeSeat(trx, group.company_id, group.id, now))) throw conflict(GROUP_FULL);
    if (!(await joinGroup(trx, auth.companyId, group.id, clientId, auth.user.id, now))) throw conflict('This client is already a member of the group.');
    await queueJoined(trx, auth.companyId, group, clientId, now);
  });
  return getGroup(db, auth, uuid);
}

/** DELETE /api/groups/{uuid}/members/{clientId}: a facilitator removes a member; a workshop's freed seat is offered on. */
export async function removeMember(db: DB, auth: AuthContext, uuid: string, clientId: number): Promise<GroupDetail> {
  const group = await facilitatedGroup(db, auth, uuid);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await endMembership(trx, group.company_id, group, clientId, now))) throw notFound('Member');
  });
  return getGroup(db, auth, uuid);
}
