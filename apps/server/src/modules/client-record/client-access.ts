import { type AccessKind, type AccessVia, APPOINTMENT_CONTENT_CARE_TEAM_ONLY, CARE_TEAM_ONLY, CLINICAL_PERMISSIONS, SELF_READABLE_KINDS } from '@kalinga/contracts/client-access-constants';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { DB } from '../../db/database';
import { type AuthContext, authOf } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/http-errors';
import { notifyOwnBookingJoined } from '../users/clinical-access';
import { findClientOf, inCareTeam, inSupervisedCareTeam, insertAccessRows, liveGrant, readableClientIdsQuery } from './client-record.repository';

// The one access model for confidential client content (docs/decisions/0200-client-access-model.md): screening
// answers and scores, urgent-case details, case notes, attendance beyond one's own appointments. Every reader of
// such content calls openClientContent (one log row per opening); every list that shows a screened client's name or
// band calls recordListView (one row per client shown). Administrators run accounts; they never read content.

export type { AccessKind } from '@kalinga/contracts/client-access-constants';

/** The right a reader opened the client's content by. */
export interface ClientAccess {
  clientId: number;
  via: Exclude<AccessVia, 'list' | 'recorded_before'>;
  /** The break-the-glass grant the opening stood on, if any. */
  grantId: number | null;
}

/**
 * A clinician: a user whose type is counselor and who holds a clinical permission in this company. The counselor
 * role alone (an administrator who gave it to themself before migration 027) is not enough, nor is the permission
 * alone (decision 0200).
 */
export function isClinician(auth: AuthContext): boolean {
  return auth.user.user_type === 'counselor' && CLINICAL_PERMISSIONS.some((p) => auth.permissions.has(p));
}

/** The company's active clinicians by name, as isClinician says of the caller (one query, `db/clinicians.ts`). */
export { activeClinicians } from '../../db/clinicians';

/** preHandler of every route that reads or writes clinical content: a clinician, or 403 (decision 0313). */
export const clinicianOnly: preHandlerAsyncHookHandler = async function clinicianOnly(request) {
  if (!isClinician(authOf(request))) throw forbidden('Only counselors can do this.');
};

/**
 * A subquery of the client ids whose content the caller may read (care team, supervised counselors' clients, live
 * break-the-glass grants), for `where('client_id', 'in', readableClientIds(db, auth))`. Empty for anyone who is not
 * a clinician. It does not include the caller themself: a client's own reads go through openClientContent.
 */
export function readableClientIds(db: DB, auth: AuthContext, now = new Date().toISOString()) {
  return readableClientIdsQuery(db, isClinician(auth) ? auth.companyId : -1, auth.user.id, now);
}

/** Which right (if any) lets the caller open this client's content now; null when none does. */
export async function accessRight(db: DB, auth: AuthContext, clientId: number, kind: AccessKind, now: string): Promise<Pick<ClientAccess, 'via' | 'grantId'> | null> {
  if (auth.user.id === clientId) return SELF_READABLE_KINDS.includes(kind) ? { via: 'self', grantId: null } : null;
  if (!isClinician(auth)) return null;
  if (await inCareTeam(db, auth.companyId, auth.user.id, clientId)) return { via: 'care_team', grantId: null };
  if (await inSupervisedCareTeam(db, auth.companyId, auth.user.id, clientId)) return { via: 'supervisor', grantId: null };
  const grant = await liveGrant(db, auth.companyId, auth.user.id, clientId, now);
  return grant ? { via: 'break_glass', grantId: grant.id } : null;
}

/**
 * Whether the booking the caller is about to make puts them in the client's care team by their own act alone
 * (decision 0369): a clinician booking themself with a client they have no care-team relationship with. Ask it in the
 * booking's transaction, after the client's row is locked and before the appointment is written, and when it says
 * yes call tellOwnBookingJoined once the appointment is.
 */
export async function joinsCareTeamByOwnBooking(db: DB, auth: AuthContext, counselorId: number, clientId: number): Promise<boolean> {
  return counselorId === auth.user.id && isClinician(auth) && !(await inCareTeam(db, auth.companyId, counselorId, clientId));
}

/** Tells the privacy officers (or, with none, the other administrators and clinicians) of it, in the booking's transaction. */
export async function tellOwnBookingJoined(db: DB, auth: AuthContext, now: string): Promise<void> {
  await notifyOwnBookingJoined(db, auth.companyId, auth.user.id, now);
}

/** A client of the caller's company (a student or personnel), or 404: another company's user is invisible. */
export async function assertClientOf(db: DB, companyId: number, clientId: number): Promise<{ id: number; name: string }> {
  const row = await findClientOf(db, companyId, clientId);
  if (!row) throw notFound('Client');
  return row;
}

/**
 * The same 404 and 403 as openClientContent, recording nothing: for an action on the client's record that shows no
 * content (asking for a repeat screening), which the care team alone may take.
 */
export async function mayAct(db: DB, auth: AuthContext, clientId: number, kind: AccessKind, now = new Date().toISOString()): Promise<Pick<ClientAccess, 'via' | 'grantId'>> {
  await assertClientOf(db, auth.companyId, clientId);
  const right = await accessRight(db, auth, clientId, kind, now);
  if (!right) throw forbidden(CARE_TEAM_ONLY);
  return right;
}

/**
 * Opens a client's confidential content: 404 when the client is not in the caller's company, 403 when the caller
 * may not read it; otherwise records one access-log row (viewer, client, kind, via, grant, time) and says by which
 * right. Call it in the transaction that reads the content, so a failed read leaves no entry and a read never goes
 * unrecorded.
 */
export async function openClientContent(db: DB, auth: AuthContext, clientId: number, kind: AccessKind): Promise<ClientAccess> {
  const now = new Date().toISOString();
  const right = await mayAct(db, auth, clientId, kind, now);
  await insertAccessRows(db, [{ company_id: auth.companyId, viewer_id: auth.user.id, client_id: clientId, kind, via: right.via, grant_id: right.grantId, at: now }]);
  return { clientId, ...right };
}

/** Records one access-log row per client a list showed (by name or band), the same client once. */
export async function recordListView(db: DB, auth: AuthContext, clientIds: readonly number[], kind: AccessKind): Promise<void> {
  const unique = [...new Set(clientIds)];
  if (unique.length === 0) return;
  const at = new Date().toISOString();
  await insertAccessRows(db, unique.map((clientId) => ({ company_id: auth.companyId, viewer_id: auth.user.id, client_id: clientId, kind, via: 'list' as const, grant_id: null, at })));
}

/** An appointment as the access model asks of it: whose it is and with which counselor. */
export interface AppointmentParties {
  id: number;
  client_id: number;
  counselor_id: number;
}

/**
 * The appointments whose reason and counselor notes the caller reads (decision 0377): the client themself, the
 * appointment's counselor, and whom the access model lets open the client's file (the care team, a supervisor, a live
 * grant). Anyone else who may see an appointment (a manager, a receptionist) reads it without them. The client and the
 * counselor read their own appointments unrecorded (decision 0200); anyone else the rule lets read one has it on the
 * record as a list's row of the client's file.
 */
export async function appointmentContentShown(db: DB, auth: AuthContext, rows: readonly AppointmentParties[], now = new Date().toISOString()): Promise<Set<number>> {
  const shown = new Set<number>();
  const byRight = new Map<number, boolean>();
  const recorded: number[] = [];
  for (const row of rows) {
    if (row.client_id === auth.user.id || row.counselor_id === auth.user.id) {
      shown.add(row.id);
      continue;
    }
    if (!byRight.has(row.client_id)) byRight.set(row.client_id, (await accessRight(db, auth, row.client_id, 'client_file', now)) !== null);
    if (byRight.get(row.client_id)) {
      shown.add(row.id);
      recorded.push(row.client_id);
    }
  }
  await recordListView(db, auth, recorded, 'client_file');
  return shown;
}

/**
 * Before a write of an appointment's reason or notes: 403 unless the caller reads them (the rule of
 * appointmentContentShown, recording nothing), so that no one overwrites what they cannot see (decision 0377).
 */
export async function assertAppointmentContentWritable(db: DB, auth: AuthContext, rows: readonly AppointmentParties[]): Promise<void> {
  const now = new Date().toISOString();
  for (const row of rows) {
    if (row.client_id === auth.user.id || row.counselor_id === auth.user.id) continue;
    if (!(await accessRight(db, auth, row.client_id, 'client_file', now))) throw forbidden(APPOINTMENT_CONTENT_CARE_TEAM_ONLY);
  }
}

/** A closed group's content (its notes, their parts): who runs it, and the supervisor a note of it waits for. */
export interface GroupContent {
  facilitator_id: number;
  co_facilitator_id: number | null;
  /** The clinical supervisor a trainee's note names as its co-signer, if any. */
  noteSupervisorId?: number | null;
}

/**
 * Opens what a closed group's record holds about these members (decision 0312): its facilitators read it (via
 * group_facilitator, for that group only: decision 0340) and so does the supervisor a trainee's note names (via
 * supervisor); a member's own care team reads their view of it through openClientContent, never the whole group's.
 * 403 for anyone else; otherwise one access-log row per member, in the read's transaction.
 */
export async function openGroupContent(db: DB, auth: AuthContext, group: GroupContent, clientIds: readonly number[], kind: AccessKind): Promise<Pick<ClientAccess, 'via'>> {
  if (!isClinician(auth)) throw forbidden(CARE_TEAM_ONLY);
  let via: ClientAccess['via'];
  if (group.facilitator_id === auth.user.id || group.co_facilitator_id === auth.user.id) via = 'group_facilitator';
  else if (group.noteSupervisorId != null && group.noteSupervisorId === auth.user.id) via = 'supervisor';
  else throw forbidden(CARE_TEAM_ONLY);
  const at = new Date().toISOString();
  await insertAccessRows(db, [...new Set(clientIds)].map((clientId) => ({ company_id: auth.companyId, viewer_id: auth.user.id, client_id: clientId, kind, via, grant_id: null, at })));
  return { via };
}
