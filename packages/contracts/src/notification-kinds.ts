// The kinds of notification without zod, so the profile screen's first paint does not build the schemas
// (issue 16); notifications.ts re-exports them for the server.

export const NOTIFICATION_KINDS = ['booked', 'confirmed', 'cancelled', 'rescheduled', 'completed', 'reminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
