import type { Notification } from '@kalinga/contracts/notifications';
import { formatDate, formatWeekdayDateTime } from '../../lib/dates';
import { INBOX_KIND_LABELS } from '../../lib/notification-kinds';

/** An appointment's start in the browser's zone, as the list shows it ('Tue, Nov 24, 2026, 9:00 AM'). */
export function appointmentTime(iso: string): string {
  return formatWeekdayDateTime(iso);
}

export interface NotificationText {
  /** What happened ('Appointment cancelled'). */
  title: string;
  /** With whom and when ('Bea Santos with Carmen Cruz, Tue, Nov 24, 2026, 9:00 AM'). */
  detail: string;
  /** Who did it ('By Bea Santos'), or null for reminders and system changes. */
  by: string | null;
  /** The reason given with a cancellation. */
  reason: string | null;
}

/** The words a notification is shown with; times in the browser's zone. */
export function describeNotification(n: Notification): NotificationText {
  if (n.kind === 'backup_failed') {
    return { title: INBOX_KIND_LABELS[n.kind], detail: 'The scheduled backup did not finish. Settings shows when the last one succeeded.', by: null, reason: n.reason ? `Reason: ${n.reason}` : null };
  }
  // An urgent case says nothing of who or why (decision 0163): the Triage list shows that to counselors.
  if (n.kind === 'urgent') return { title: INBOX_KIND_LABELS.urgent, detail: 'A client needs a counselor now. Open the Triage list.', by: null, reason: null };
  // A slot held for a client on the waitlist: accepted (or not) on the waitlist page (decision 0152).
  if (n.kind === 'waitlist_offer') {
    return { title: INBOX_KIND_LABELS.waitlist_offer, detail: `${n.appointment_date ? appointmentTime(n.appointment_date) : ''}. It is held for you for a short time: open your waitlist to accept it.`, by: null, reason: null };
  }
  const people = [n.client_name, n.counselor_name].filter(Boolean).join(' with ');
  let when = '';
  if (n.kind === 'rescheduled' && n.previous_date && n.appointment_date) {
    when = `moved from ${appointmentTime(n.previous_date)} to ${appointmentTime(n.appointment_date)}`;
  } else if (n.appointment_date) {
    when = appointmentTime(n.appointment_date);
  }
  // A change to a series is one notification: it says how many sessions, from the first one's time.
  const sessions = n.series_count ? `${n.series_count === 1 ? '1 session' : `${n.series_count} sessions`} of a series from` : '';
  const detail = [people || (n.appointment_uuid ? '' : 'The appointment was deleted'), [sessions, when].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    title: INBOX_KIND_LABELS[n.kind],
    detail,
    by: n.actor_name ? `By ${n.actor_name}` : null,
    reason: n.reason ? `Reason: ${n.reason}` : null,
  };
}

/** How long ago, in words ('just now', '5 minutes ago', '3 hours ago'); older than a week: the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return formatDate(iso);
}
