import type { InboxKind, NotificationKind } from '@kalinga/contracts/notifications';

/** What each kind of notification is called: the bell's titles and the profile's preference rows. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  booked: 'Appointment booked',
  confirmed: 'Appointment confirmed',
  cancelled: 'Appointment cancelled',
  rescheduled: 'Appointment rescheduled',
  completed: 'Appointment completed',
  reminder: 'Appointment reminder',
};

/** The bell's titles: every appointment kind, the server's notices to administrators, and an urgent case (decision 0163). */
export const INBOX_KIND_LABELS: Record<InboxKind, string> = { ...NOTIFICATION_KIND_LABELS, backup_failed: 'Backup failed', urgent: 'Urgent case waiting', waitlist_offer: 'A time has opened for you' };
