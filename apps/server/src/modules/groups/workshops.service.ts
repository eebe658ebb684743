import { randomUUID } from 'node:crypto';
import { type MyGroupSession, OFFER_NOT_OPEN, type Workshop, WORKSHOP_FULL, type WorkshopPlace } from '@kalinga/contracts/groups';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { hasScreening } from '../appointments/intake-gate.repository';
import {
  clientGroups,
  type GroupRow,
  findGroup,
  insertWaitEntry,
  isActiveMember,
  joinGroup,
  liveWaitEntriesOf,
  liveWaitEntry,
  memberSessions,
} from './groups.repository';
import { sessionsByGroup, toSummary } from './group-view';
import { takeSeat } from '../group-seats/group-seats.repository';
import { endMembership, leaveLine, sweepLapsedOffers, takeHeldSeat } from '../group-seats/seats';
import { queueJoined } from './group-emails';
import { todayIn, ZoneDay } from '@kalinga/contracts/zone-time';

// Workshops and groups as the people they are for see them (decision 0279): open workshops of their audience, one-click
// sign-up until full (one conditional update of the seat count), cancellation, the waitlist and its held seat; the
// closed groups they are a member of. Never another participant's name.

interface Client {
  id: number;
  audience: 'students' | 'personnel';
}

function requireClient(auth: AuthContext): Client {
  const type = auth.user.user_type;
  if (type !== 'student' && type !== 'personnel') throw forbidden('Only students and personnel sign up for workshops.');
  return { id: auth.user.id, audience: type === 'student' ? 'students' : 'personnel' };
}

/** A group the client may see: a workshop of their audience, or a closed group they are a member of; else 404. */
async function visibleGroup(db: DB, auth: AuthContext, client: Client, uuid: string): Promise<GroupRow> {
  const group = await findGroup(db, auth.companyId, uuid);
  if (!group) throw notFound('Workshop');
  if (group.kind === 'workshop' && (group.audience === 'both' || group.audience === client.audience)) return group;
  if (group.kind === 'closed' && (await isActiveMember(db, group.company_id, group.id, client.id))) return group;
  throw notFound('Workshop');
}

async function workshopsOf(db: DB, auth: AuthContext, client: Client, groups: readonly GroupRow[]): Promise<Workshop[]> {
  const sessions = await sessionsByGroup(db, auth.companyId, groups);
  const entries = new Map((await liveWaitEntriesOf(db, auth.companyId, client.id)).map((e) => [e.group_id, e]));
  const out: Workshop[] = [];
  for (const g of groups) {
    const entry = entries.get(g.id);
    let place: WorkshopPlace = 'none';
    if (await isActiveMember(db, g.company_id, g.id, client.id)) place = 'member';
    else if (entry?.status === 'offered') place = 'offered';
    else if (entry) place = 'waiting';
    out.push({ ...toSummary(g, sessions.get(g.id) ?? []), sessions: sessions.get(g.id) ?? [], place, offer_expires_at: place === 'offered' ? (entry?.expires_at ?? null) : null });
  }
  return out;
}

/** GET /api/workshops: the workshops open to the client and the closed groups they are in. */
export async function listWorkshops(db: DB, auth: AuthContext): Promise<Workshop[]> {
  const client = requireClient(auth);
  await sweepLapsedOffers(db, auth.companyId, null);
  return workshopsOf(db, auth, client, await clientGroups(db, auth.companyId, client.id, client.audience));
}

/** GET /api/workshops/{uuid}. */
export async function getWorkshop(db: DB, auth: AuthContext, uuid: string): Promise<Workshop> {
  const client = requireClient(auth);
  const group = await visibleGroup(db, auth, client, uuid);
  await sweepLapsedOffers(db, auth.companyId, group.id);
  const fresh = await visibleGroup(db, auth, client, uuid);
  return (await workshopsOf(db, auth, client, [fresh]))[0];
}

/**
 * POST /api/workshops/{uuid}/sign-up: a seat, while one is free, or the seat held for the client by an offer. The
 * seat is taken by one conditional update, so concurrent sign-ups never exceed the capacity.
 */
export async function signUp(db: DB, auth: AuthContext, uuid: string): Promise<Workshop> {
  const client = requireClient(auth);
  const group = await visibleGroup(db, auth, client, uuid);
  if (group.kind !== 'workshop') throw forbidden("A closed group's members are added by its facilitators.");
  if (group.screening_required === 1 && !(await hasScreening(db, auth.companyId, client.id))) {
    throw unprocessable({ screening: ['This workshop asks for a screening before joining; answer the intake questionnaire first.'] });
  }
  await sweepLapsedOffers(db, auth.companyId, group.id);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (await isActiveMember(trx, group.company_id, group.id, client.id)) throw conflict('You are already signed up for this workshop.');
    const entry = await liveWaitEntry(trx, group.company_id, group.id, client.id);
    if (entry?.status === 'offered') {
      // The held seat is already counted: taking the offer is what takes it, once.
      if (!(await takeHeldSeat(trx, group.company_id, entry.id, now))) throw conflict(OFFER_NOT_OPEN);
    } else {
      if (!(await takeSeat(trx, group.company_id, group.id, now))) throw conflict(WORKSHOP_FULL);
      if (entry) await leaveLine(trx, group.company_id, entry, now);
    }
    if (!(await joinGroup(trx, auth.companyId, group.id, client.id, client.id, now))) throw conflict('You are already signed up for this workshop.');
    await queueJoined(trx, auth.companyId, group, client.id, now);
  });
  return getWorkshop(db, auth, uuid);
}

/** DELETE /api/workshops/{uuid}/sign-up: the participant cancels; the seat goes to the first person waiting. */
export async function cancelSignUp(db: DB, auth: AuthContext, uuid: string): Promise<Workshop> {
  const client = requireClient(auth);
  const group = await visibleGroup(db, auth, client, uuid);
  if (group.kind !== 'workshop') throw forbidden('Ask your facilitator to leave a closed group.');
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await endMembership(trx, group.company_id, group, client.id, now))) throw conflict('You are not signed up for this workshop.');
  });
  return getWorkshop(db, auth, uuid);
}

/** POST /api/workshops/{uuid}/waitlist: a place at the end of the line of a full workshop. */
export async function joinWaitlist(db: DB, auth: AuthContext, uuid: string): Promise<Workshop> {
  const client = requireClient(auth);
  const group = await visibleGroup(db, auth, client, uuid);
  if (group.kind !== 'workshop') throw forbidden("A closed group's members are added by its facilitators.");
  if (await isActiveMember(db, group.company_id, group.id, client.id)) throw conflict('You are already signed up for this workshop.');
  if (group.seats_taken < group.capacity) throw conflict('Seats are free: sign up instead.');
  const added = await insertWaitEntry(db, { uuid: randomUUID(), companyId: auth.companyId, groupId: group.id, clientId: client.id, now: nowIso() });
  if (!added) throw conflict('You are already on the waitlist of this workshop.');
  return getWorkshop(db, auth, uuid);
}

/** DELETE /api/workshops/{uuid}/waitlist: leaves the line, or lets a held seat go (to the next person waiting). */
export async function leaveWaitlist(db: DB, auth: AuthContext, uuid: string): Promise<Workshop> {
  const client = requireClient(auth);
  const group = await visibleGroup(db, auth, client, uuid);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const entry = await liveWaitEntry(trx, group.company_id, group.id, client.id);
    if (!entry) throw conflict('You are not on the waitlist of this workshop.');
    if (!(await leaveLine(trx, group.company_id, entry, now))) throw conflict('You are not on the waitlist of this workshop.');
  });
  return getWorkshop(db, auth, uuid);
}

/** GET /api/my-group-sessions: the client's sessions of their groups and workshops from today on. */
export async function myGroupSessions(db: DB, auth: AuthContext): Promise<MyGroupSession[]> {
  const client = requireClient(auth);
  const from = new Date(new ZoneDay(todayIn(auth.company.timezone), auth.company.timezone).startMs()).toISOString();
  const rows = await memberSessions(db, auth.companyId, client.id, from);
  return rows.map((r) => ({
    group_uuid: r.group_uuid,
    group_name: r.group_name,
    kind: r.kind,
    session_uuid: r.session_uuid,
    index: r.session_index,
    total: Number(r.total ?? 0),
    starts_at: r.starts_at,
    duration_minutes: r.duration_minutes,
    location_type: r.location_type,
    location: r.location,
  }));
}
