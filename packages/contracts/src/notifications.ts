import { z } from './zod';
import { DELIVERY_KINDS, INBOX_KINDS, NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';

// Notifications and reminders (decisions 0067, 0073). The shape both the server and the web app keep to.
// Events come from appointment changes (written to the outbox in the change's own transaction); the in-app
// notification of an event is a row of `notifications` for its recipient; reminders become in-app rows and
// emails when they fall due.

export { DELIVERY_KINDS, type DeliveryKind, INBOX_KINDS, type InboxKind, NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';

/** Kinds a user receives unless they turn them off ('completed' is off by default: product-rules.md#notifications). */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationKind, { in_app: boolean; email: boolean }> = {
  booked: { in_app: true, email: true },
  confirmed: { in_app: true, email: true },
  cancelled: { in_app: true, email: true },
  rescheduled: { in_app: true, email: true },
  completed: { in_app: false, email: false },
  reminder: { in_app: true, email: true },
};

/** One in-app notification, as GET /api/notifications lists it (newest first). */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  /** The appointment it is about (uuid, for the link /appointments?open=<uuid>), or null when it was deleted. */
  appointment_uuid: z.string().nullable(),
  /** Start of the appointment (ISO 8601 UTC) when the notification was made; for 'rescheduled' the new start. */
  appointment_date: z.string().nullable(),
  /** For 'rescheduled': the start it moved from. */
  previous_date: z.string().nullable(),
  counselor_name: z.string().nullable(),
  client_name: z.string().nullable(),
  /** Who did it (null for reminders and for changes made by the system). */
  actor_name: z.string().nullable(),
  /** The reason given with a cancellation, when one was. */
  reason: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** A change to several sessions of a series, told once: how many sessions it touched (absent or null otherwise). */
  series_count: z.number().int().nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?before=<id>&limit=<n>: newest first; `before` pages back. Replies carry an ETag. */
export const notificationListQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationListReplySchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
  /** True when older notifications exist before the last one listed. */
  has_more: z.boolean(),
});
export type NotificationListReply = z.infer<typeof notificationListReplySchema>;

/** POST /api/notifications/read: mark these (ids) or, with `all: true`, every one of the user's as read. */
export const markReadBodySchema = z.union([
  z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** GET/PUT /api/me/notification-preferences: the user's choices per kind. */
export const notificationPreferencesSchema = z.record(z.enum(NOTIFICATION_KINDS), z.object({ in_app: z.boolean(), email: z.boolean() }));
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesBodySchema = z.object({
  preferences: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.object({ in_app: z.boolean(), email: z.boolean() })),
});

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** GET /api/notifications/deliveries (administrators, 'manage settings'): the outbox's failed and pending emails. */
export const deliverySchema = z.object({
  id: z.number().int(),
  kind: z.enum(DELIVERY_KINDS),
  /** Null for an email whose recipient is withheld: a group's (RECIPIENT_WITHHELD_EMAIL_KINDS, decision 0376). */
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  due_at: z.string(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListReplySchema = z.object({
  /** False when the server has no SMTP_URL: email is not sent and the Settings screen says so. */
  email_configured: z.boolean(),
  data: z.array(deliverySchema),
});
export type DeliveryListReply = z.infer<typeof deliveryListReplySchema>;
/** GET /api/notifications/deliveries?status=&limit=: one status (default: failed and pending), newest first. */
export const deliveryListQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES, 'Choose one of pending, sent, failed or cancelled.').optional(),
  limit: z.coerce.number('The limit must be a number.').int('The limit must be a whole number.').min(1, 'The limit must be between 1 and 200.').max(200, 'The limit must be between 1 and 200.').default(50),
});
