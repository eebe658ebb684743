import type { DeliveryKind } from './notification-kinds';
// The access model for confidential client content (docs/decisions/0200-client-access-model.md, 0202). No zod
// here: the Users and Roles screens import it on their first paint. The one list of what is "clinical".

/** What was opened: each reader of confidential content names one (the access log's "kind"). */
export const ACCESS_KINDS = ['screenings', 'urgent_case', 'case_notes', 'attendance', 'client_file', 'triage_list', 'export', 'disclosure'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/**
 * By which right a row of the access log was read. 'list': a list showed the client's name or band;
 * 'group_facilitator': a facilitator read their group's content (decision 0340).
 */
export const ACCESS_VIAS = ['self', 'care_team', 'group_facilitator', 'supervisor', 'break_glass', 'list', 'recorded_before'] as const;
export type AccessVia = (typeof ACCESS_VIAS)[number];

/** What a client reads of their own (the rest of their file is their counselors'): decision 0200. */
export const SELF_READABLE_KINDS: readonly AccessKind[] = ['attendance', 'client_file', 'export', 'disclosure'];

/** Permissions that open client content: only counselors hold them, and nobody gives them to themself. */
export const CLINICAL_PERMISSIONS: readonly string[] = ['view screenings'];

/** Roles that are clinical by name (the counselor role), whatever permissions a centre gives them. */
export const CLINICAL_ROLES: readonly string[] = ['counselor'];

/** Permissions nobody gives to themself (clinical ones, and the access log that watches them). */
export const SELF_GRANT_REFUSED_PERMISSIONS: readonly string[] = [...CLINICAL_PERMISSIONS, 'view access log'];

/** The built-in role of the centre's data protection officer: reads the access log, not the content. */
export const PRIVACY_OFFICER_ROLE = 'privacy officer';

/**
 * Emails whose recipient is told something clinical by being one (decision 0376): a group's invite, reminders and
 * cancellations go to its members (and facilitators), and who is in a closed group is in treatment (decision 0340).
 * A list of emails outside the group, such as the administrators' Deliveries list, never names their recipient.
 */
export const RECIPIENT_WITHHELD_EMAIL_KINDS: readonly string[] = ['group_invite', 'group_reminder', 'group_cancelled', 'group_session_cancelled'] satisfies readonly DeliveryKind[];

/** Whether a role (by its name and permissions) gives clinical access. */
export function isClinicalRole(name: string, permissions: readonly string[]): boolean {
  return CLINICAL_ROLES.includes(name) || permissions.some((p) => CLINICAL_PERMISSIONS.includes(p));
}

/** The 403 of a reader outside the care team. */
export const CARE_TEAM_ONLY = "Only the client's care team can open this record.";
/** The 403 of a write of an appointment's reason or notes by someone who does not read them (decision 0377). */
export const APPOINTMENT_CONTENT_CARE_TEAM_ONLY = "An appointment's reason and notes are the care team's: only they can change them.";
export const SELF_GRANT_REFUSED = 'You cannot give yourself clinical access or the access log; another administrator must do it.';
export const CLINICAL_FOR_COUNSELORS_ONLY = 'Clinical roles and permissions can only be given to users whose type is counselor.';

/** Access-log words for each kind, as the Access log screen and its CSV show them. */
export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  screenings: 'Screenings',
  urgent_case: 'Urgent case',
  case_notes: 'Case notes',
  attendance: 'Attendance history',
  client_file: 'Client file',
  triage_list: 'Triage list',
  export: 'Export',
  disclosure: 'Disclosure',
};

export const ACCESS_VIA_LABELS: Record<AccessVia, string> = {
  self: 'Their own',
  care_team: 'Care team',
  group_facilitator: 'Group facilitator',
  supervisor: 'Clinical supervisor',
  break_glass: 'Break the glass',
  list: 'Shown in a list',
  recorded_before: 'Recorded before the access model',
};
