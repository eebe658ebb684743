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
export const INBOX_KINDS = [...NOTIFICATION_KINDS, 'backup_failed', 'urgent', 'waitlist_offer'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
