import {
  CLINICAL_FOR_COUNSELORS_ONLY,
  CLINICAL_PERMISSIONS,
  CLINICAL_ROLES,
  isClinicalRole,
  SELF_GRANT_REFUSED,
  SELF_GRANT_REFUSED_PERMISSIONS,
} from '@kalinga/contracts/client-access-constants';
import type { DB } from '../../db/database';
import { activeClinicians } from '../../db/clinicians';
import type { UserRow } from '../../db/tables';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, unprocessable } from '../../lib/http-errors';
import { grantColumns, type GrantKey } from '../../lib/grant-words';
import { notify } from '../notifications/notify.repository';
import { holdersOfRole, insertClinicalGrant, isCreationOf, permissionsOfRole, permissionsOfRoles } from './clinical-access.repository';
import { accessOfUsers } from '../companies/company.repository';
import { activeHolders, findMember } from './users.repository';

// Who may be given clinical access, and the record of it (docs/decisions/0202-clinical-roles-and-grants.md). What
// is clinical is one list in contracts (client-access-constants.ts). Nobody gives themself a clinical role, a
// clinical permission, the counselor user type or the access log; clinical roles go to counselors only; a change
// that gives someone clinical access (or the access log) is recorded and told to the privacy officers, by name of
// the user and the administrator, never with a client's content. Runs inside the write's transaction, after the
// company's lock, so two writes at once are judged one after the other.

export const ACCESS_LOG = 'view access log';

/** The privacy officers' notice of `kind`: in the app and by email, with who did it; no client, no content. */
export async function notifyPrivacyOfficers(db: DB, companyId: number, kind: 'break_glass' | 'clinical_access', actorId: number, reason: string | null, now: string): Promise<void> {
  const officers = await activeHolders(db, companyId, ACCESS_LOG);
  const to = officers.map((o) => o.user_id);
  await notify(db, companyId, { kind, actor_id: actorId, reason }, { inApp: to, email: to }, now);
}

export const GRANT_FROM_OWN_CREATION =
  'Your account was created by this user, or by an account they created: another administrator must give them clinical access, the access log or clinical supervision.';

/**
 * No grant from one's own creation (decision 0358): the giver's account created by the receiver, directly or through
 * accounts the receiver's creations created, is refused (403), as a self-grant is.
 */
async function assertNotOwnCreation(db: DB, auth: AuthContext, receiverIds: readonly number[]): Promise<void> {
  for (const id of receiverIds) if (id !== auth.user.id && (await isCreationOf(db, auth.user.id, id))) throw forbidden(GRANT_FROM_OWN_CREATION);
}

/**
 * Who is told of a grant, or of a password an administrator set (decision 0358): every active privacy officer; when
 * the company has none but the giver and the receiver, every active administrator ('manage users') and every active
 * clinician instead, but the giver and the receiver (someone else must see it; none of them may be the giver alone).
 */
async function grantWatchers(db: DB, companyId: number, giverId: number, receiverId: number): Promise<number[]> {
  const officers = (await activeHolders(db, companyId, ACCESS_LOG)).map((o) => o.user_id);
  if (officers.some((id) => id !== giverId && id !== receiverId)) return officers;
  const administrators = (await activeHolders(db, companyId, 'manage users')).map((a) => a.user_id);
  const clinicians = (await activeClinicians(db, companyId)).map((c) => c.id);
  return [...new Set([...administrators, ...clinicians])].filter((id) => id !== giverId && id !== receiverId).sort((a, b) => a - b);
}

/**
 * A counselor joined a client's care team by their own booking (decision 0369): told as a grant is, to the same
 * people (the privacy officers; with none, the other administrators and clinicians, never the counselor alone). The
 * notice says who and when, never which client: the Access log shows the reads.
 */
export async function notifyOwnBookingJoined(db: DB, companyId: number, counselorId: number, now: string): Promise<void> {
  const to = await grantWatchers(db, companyId, counselorId, counselorId);
  await notify(db, companyId, { kind: 'care_team_booking', actor_id: counselorId, reason: null }, { inApp: to, email: to }, now);
}

/** What a grant gave, as a message key and its values (decision 0318): the English kept with it, any language read. */
interface GrantWhat {
  key: GrantKey;
  values: Record<string, string>;
}

async function recordGrant(db: DB, auth: AuthContext, user: { id: number; name: string }, grant: GrantWhat, now: string): Promise<void> {
  const columns = grantColumns(grant.key, grant.values);
  await insertClinicalGrant(db, { company_id: auth.companyId, user_id: user.id, granted_by: auth.user.id, ...columns, at: now });
  // The notice names whom (a name reads the same in every language); what was given is said in the reader's language
  // by the Access log's grants list, which the notice links to (decision 0318).
  const to = await grantWatchers(db, auth.companyId, auth.user.id, user.id);
  await notify(db, auth.companyId, { kind: 'clinical_access', actor_id: auth.user.id, reason: user.name }, { inApp: to, email: to }, now);
}

/**
 * An administrator set another user's password (decision 0358). The user is told who and when; when they hold clinical
 * access or the access log, it is recorded beside the grants and told as a grant is, so signing in as them is seen.
 */
export async function recordPasswordSet(db: DB, auth: AuthContext, user: Pick<UserRow, 'id' | 'name' | 'user_type'>, now: string): Promise<void> {
  await notify(db, auth.companyId, { kind: 'own_password_set', actor_id: auth.user.id, reason: null }, { inApp: [user.id], email: [user.id] }, now);
  const access = (await accessOfUsers(db, auth.companyId, [user.id])).get(user.id)!;
  const clinical = user.user_type === 'counselor' && (access.roles.some((r) => CLINICAL_ROLES.includes(r)) || access.permissions.some((p) => CLINICAL_PERMISSIONS.includes(p)));
  if (!clinical && !access.permissions.includes(ACCESS_LOG)) return;
  await insertClinicalGrant(db, { company_id: auth.companyId, user_id: user.id, granted_by: auth.user.id, ...grantColumns('clinicalGrant.passwordSet', {}), at: now });
  const to = await grantWatchers(db, auth.companyId, auth.user.id, user.id);
  await notify(db, auth.companyId, { kind: 'password_set', actor_id: auth.user.id, reason: user.name }, { inApp: to, email: to }, now);
}

/**
 * A user's roles or type change (a new user: `before` null). Refuses a self-grant (403) and a clinical role for a
 * user who is not a counselor (422); records and tells what newly gives clinical access or the access log.
 */
export async function guardUserAccessChange(
  db: DB,
  auth: AuthContext,
  user: Pick<UserRow, 'id' | 'name'>,
  before: { userType: UserRow['user_type']; roles: readonly string[] } | null,
  after: { userType: UserRow['user_type']; roles: readonly string[] },
): Promise<void> {
  const perms = await permissionsOfRoles(db, auth.companyId, [...new Set([...(before?.roles ?? []), ...after.roles])]);
  const clinical = (role: string) => isClinicalRole(role, perms.get(role) ?? []);
  const guarded = (role: string) => clinical(role) || (perms.get(role) ?? []).includes(ACCESS_LOG);
  const gained = after.roles.filter((r) => !(before?.roles ?? []).includes(r));
  const gainedType = after.userType === 'counselor' && before?.userType !== 'counselor';
  if (gained.some(guarded) || gainedType) {
    if (user.id === auth.user.id) throw forbidden(SELF_GRANT_REFUSED);
    await assertNotOwnCreation(db, auth, [user.id]);
  }
  if (after.userType !== 'counselor' && after.roles.some(clinical)) throw unprocessable({ roles: [CLINICAL_FOR_COUNSELORS_ONLY] });
  const now = new Date().toISOString();
  const clinicalNow = after.userType === 'counselor' && after.roles.some(clinical);
  const newlyClinical = gained.filter(clinical);
  if (clinicalNow && (newlyClinical.length > 0 || gainedType)) {
    const roles = (newlyClinical.length > 0 ? newlyClinical : after.roles.filter(clinical)).join(', ');
    await recordGrant(db, auth, user, { key: 'clinicalGrant.roles', values: { counselorType: gainedType ? 'yes' : 'no', roles } }, now);
  }
  for (const role of gained.filter((r) => !clinical(r) && guarded(r))) await recordGrant(db, auth, user, { key: 'clinicalGrant.accessLog', values: { role } }, now);
}

/**
 * A role's permissions change. A clinical permission or the access log added to a role the editor holds is a
 * self-grant (403); a clinical permission added to a role that a non-counselor holds is refused (422); each holder
 * who gains one is recorded and the privacy officers are told.
 */
export async function guardRolePermissionChange(db: DB, auth: AuthContext, role: { id: number; name: string }, after: readonly string[]): Promise<void> {
  const before = await permissionsOfRole(db, auth.companyId, role.id);
  const gained = after.filter((p) => !before.includes(p) && SELF_GRANT_REFUSED_PERMISSIONS.includes(p));
  if (gained.length === 0) return;
  const holders = await holdersOfRole(db, auth.companyId, role.id);
  if (holders.some((h) => h.id === auth.user.id)) throw forbidden(SELF_GRANT_REFUSED);
  await assertNotOwnCreation(db, auth, holders.map((h) => h.id));
  if (gained.some((p) => CLINICAL_PERMISSIONS.includes(p)) && holders.some((h) => h.user_type !== 'counselor')) {
    throw unprocessable({ permissions: [CLINICAL_FOR_COUNSELORS_ONLY] });
  }
  const now = new Date().toISOString();
  for (const h of holders) await recordGrant(db, auth, h, { key: 'clinicalGrant.throughRole', values: { permissions: gained.join(', '), role: role.name } }, now);
}

export const SUPERVISION_FOR_COUNSELORS = 'Only counselors train or have a clinical supervisor.';
export const SUPERVISOR_MUST_BE_COUNSELOR = 'Choose an active counselor of the centre as clinical supervisor.';
export const NOT_OWN_SUPERVISOR = 'A counselor cannot be their own clinical supervisor.';

/**
 * The trainee flag and clinical supervisor a user ends with (decision 0201). Counselors only: another type keeps
 * neither (422 when the body sets them). The supervisor is an active counselor of the company with a clinical role,
 * not the user; a new supervisor gains the supervisee's clients, so naming oneself is a self-grant (403), and
 * naming someone else is recorded and told to the privacy officers.
 */
export async function guardSupervision(
  db: DB,
  auth: AuthContext,
  user: Pick<UserRow, 'id' | 'name'>,
  before: Pick<UserRow, 'is_trainee' | 'clinical_supervisor_id'> | null,
  userType: UserRow['user_type'],
  body: { is_trainee?: boolean; clinical_supervisor_id?: number | null },
): Promise<{ is_trainee: number; clinical_supervisor_id: number | null }> {
  if (userType !== 'counselor') {
    if (body.is_trainee || (body.clinical_supervisor_id ?? null) !== null) throw unprocessable({ clinical_supervisor_id: [SUPERVISION_FOR_COUNSELORS] });
    return { is_trainee: 0, clinical_supervisor_id: null };
  }
  const isTrainee = body.is_trainee === undefined ? (before?.is_trainee ?? 0) : body.is_trainee ? 1 : 0;
  const supervisorId = body.clinical_supervisor_id === undefined ? (before?.clinical_supervisor_id ?? null) : body.clinical_supervisor_id;
  if (supervisorId !== null && supervisorId !== (before?.clinical_supervisor_id ?? null)) {
    if (supervisorId === user.id) throw unprocessable({ clinical_supervisor_id: [NOT_OWN_SUPERVISOR] });
    const supervisor = await findMember(db, auth.companyId, supervisorId);
    const roles = (await accessOfUsers(db, auth.companyId, [supervisorId])).get(supervisorId)!;
    const clinical = supervisor?.user_type === 'counselor' && supervisor.status === 'active' && (roles.roles.includes('counselor') || roles.permissions.some((p) => CLINICAL_PERMISSIONS.includes(p)));
    if (!supervisor || !clinical) throw unprocessable({ clinical_supervisor_id: [SUPERVISOR_MUST_BE_COUNSELOR] });
    if (supervisorId === auth.user.id) throw forbidden(SELF_GRANT_REFUSED);
    await assertNotOwnCreation(db, auth, [supervisorId]);
    await recordGrant(db, auth, supervisor, { key: 'clinicalGrant.supervisor', values: { name: user.name } }, new Date().toISOString());
  }
  return { is_trainee: isTrainee, clinical_supervisor_id: supervisorId };
}
