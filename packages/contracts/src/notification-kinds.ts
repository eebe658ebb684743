// The kinds of notification without zod, so the profile screen's first paint does not build the schemas
// (decision 0091); notifications.ts re-exports them for the server.

export const NOTIFICATION_KINDS = ['booked', 'confirmed', 'cancelled', 'rescheduled', 'completed', 'reminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Every kind an inbox may hold: the appointment kinds above (each with its preference) and the notices without a
 * preference: a failed scheduled backup to administrators (docs/decisions/0190-backups-and-restore.md), and an
 * urgent case to the counselors on call, always shown and emailed (decision 0163), and a time held for a client on
 * the waitlist, which they asked for (decision 0152).
 */
// 'break_glass' and 'clinical_access' go to the privacy officers (decisions 0202, 0203): who did it, never a client's
// name or content; the Access log shows the rest. 'group_cancelled' and 'group_session_cancelled' tell a group's
// members that a facilitator cancelled the group or one of its sessions (decision 0282); 'group_reminder' reminds a
// member or a facilitator of a coming group session, as 'reminder' does of an appointment (decision 0321).
// 'password_set' tells those told of grants that an administrator set the password of a user with clinical access
// or the access log; 'own_password_set' tells the user that an administrator set theirs (decision 0358).
// 'care_team_booking' tells them that a counselor joined a client's care team by their own booking (decision 0369):
// who and when, never which client.
export const INBOX_KINDS = [...NOTIFICATION_KINDS, 'backup_failed', 'urgent', 'waitlist_offer', 'break_glass', 'clinical_access', 'password_set', 'own_password_set', 'care_team_booking', 'group_cancelled', 'group_session_cancelled', 'group_reminder'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Emails about groups and workshops with no in-app notice of their own (the outbox's; the deliveries list names them). */
export const GROUP_EMAIL_KINDS = ['group_invite', 'workshop_signup', 'workshop_offer'] as const;
/** Every kind of email the deliveries list may show. */
export const DELIVERY_KINDS = [...INBOX_KINDS, ...GROUP_EMAIL_KINDS] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
