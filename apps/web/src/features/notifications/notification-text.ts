import type { Notification } from '@kalinga/contracts/notifications';
import { centreDateTime } from '../../lib/centre-time';
import { formatDate } from '../../lib/dates';
import { type MessageKey, t } from '../../lib/i18n';

/** The bell's titles, each kind's name in the language in use (the notifications catalog). */
const KIND_TITLES: Record<Notification['kind'], MessageKey> = {
  booked: 'notifications.kind.booked',
  confirmed: 'notifications.kind.confirmed',
  cancelled: 'notifications.kind.cancelled',
  rescheduled: 'notifications.kind.rescheduled',
  completed: 'notifications.kind.completed',
  reminder: 'notifications.kind.reminder',
  backup_failed: 'notifications.kind.backup_failed',
  urgent: 'notifications.kind.urgent',
  waitlist_offer: 'notifications.kind.waitlist_offer',
  break_glass: 'notifications.kind.break_glass',
  clinical_access: 'notifications.kind.clinical_access',
  password_set: 'notifications.kind.password_set',
  own_password_set: 'notifications.kind.own_password_set',
  care_team_booking: 'notifications.kind.care_team_booking',
  group_cancelled: 'notifications.kind.group_cancelled',
  group_session_cancelled: 'notifications.kind.group_session_cancelled',
  group_reminder: 'notifications.kind.group_reminder',
};

/**
 * An appointment's start (or a held time) on the centre's clock, as the list shows it ('Tue, Nov 24, 2026, 9:00 AM'),
 * with the centre's zone named when the browser's differs (decision 0224); in the browser's zone when it is not known.
 */
export function appointmentTime(iso: string, timeZone?: string): string {
  return centreDateTime(iso, timeZone);
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

/** The words a notification is shown with, in the language in use; times on the centre's clock (`timeZone`). */
export function describeNotification(n: Notification, timeZone?: string): NotificationText {
  if (n.kind === 'backup_failed') {
    return { title: t(KIND_TITLES[n.kind]), detail: t('notifications.backup.detail'), by: null, reason: n.reason ? t('notifications.reason', { reason: n.reason }) : null };
  }
  // An urgent case says nothing of who or why (decision 0163): the Triage list shows that to counselors.
  if (n.kind === 'urgent') return { title: t(KIND_TITLES.urgent), detail: t('notifications.urgent.detail'), by: null, reason: null };
  // To the privacy officers: who did it, never whose file or why (decisions 0202, 0203); the Access log says the rest.
  if (n.kind === 'break_glass') {
    return { title: t(KIND_TITLES.break_glass), detail: t('notifications.breakGlass.detail'), by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null, reason: null };
  }
  if (n.kind === 'clinical_access') {
    return { title: t(KIND_TITLES.clinical_access), detail: t('notifications.clinical.detail', { who: n.reason ?? t('notifications.clinical.aUser') }), by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null, reason: null };
  }
  // An administrator set the password of a user with clinical access (to those told of grants), or one's own (decision 0358).
  if (n.kind === 'password_set') {
    return { title: t(KIND_TITLES.password_set), detail: t('notifications.passwordSet.detail', { who: n.reason ?? t('notifications.clinical.aUser') }), by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null, reason: null };
  }
  // A counselor joined a client's care team by their own booking (decision 0369): who and when, never which client.
  if (n.kind === 'care_team_booking') {
    return { title: t(KIND_TITLES.care_team_booking), detail: t('notifications.careTeamBooking.detail', { when: appointmentTime(n.created_at, timeZone) }), by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null, reason: null };
  }
  if (n.kind === 'own_password_set') {
    return { title: t(KIND_TITLES.own_password_set), detail: t('notifications.ownPasswordSet.detail', { when: appointmentTime(n.created_at, timeZone) }), by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null, reason: null };
  }
  // A slot held for a client on the waitlist: accepted (or not) on the waitlist page (decision 0152).
  if (n.kind === 'waitlist_offer') {
    return { title: t(KIND_TITLES.waitlist_offer), detail: t('notifications.waitlist.detail', { when: n.appointment_date ? appointmentTime(n.appointment_date, timeZone) : '' }), by: null, reason: null };
  }
  // A facilitator cancelled a group (from its first session cancelled) or one session; the group's name is `reason`.
  if (n.kind === 'group_cancelled' || n.kind === 'group_session_cancelled') {
    const values = { group: n.reason ?? '', when: n.appointment_date ? appointmentTime(n.appointment_date, timeZone) : '' };
    const detail = n.kind === 'group_cancelled' ? t('notifications.group.cancelled', values) : t('notifications.group.sessionCancelled', values);
    return { title: t(KIND_TITLES[n.kind]), detail, by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null, reason: null };
  }
  // A coming group session, to a member or a facilitator (decision 0321); the group's name is `reason`.
  if (n.kind === 'group_reminder') {
    return { title: t(KIND_TITLES.group_reminder), detail: t('notifications.group.reminder', { group: n.reason ?? '', when: n.appointment_date ? appointmentTime(n.appointment_date, timeZone) : '' }), by: null, reason: null };
  }
  const people = n.client_name && n.counselor_name ? t('notifications.people', { client: n.client_name, counselor: n.counselor_name }) : (n.client_name ?? n.counselor_name ?? '');
  let when = '';
  if (n.kind === 'rescheduled' && n.previous_date && n.appointment_date) {
    when = t('notifications.moved', { from: appointmentTime(n.previous_date, timeZone), to: appointmentTime(n.appointment_date, timeZone) });
  } else if (n.appointment_date) {
    when = appointmentTime(n.appointment_date, timeZone);
  }
  // A change to a series is one notification: it says how many sessions, from the first one's time.
  const series = n.series_count ? (when ? t('notifications.seriesFrom', { count: n.series_count, when }) : t('notifications.series', { count: n.series_count })) : when;
  const detail = [people || (n.appointment_uuid ? '' : t('notifications.deleted')), series].filter(Boolean).join(', ');
  return {
    title: t(KIND_TITLES[n.kind]),
    detail,
    by: n.actor_name ? t('notifications.by', { name: n.actor_name }) : null,
    reason: n.reason ? t('notifications.reason', { reason: n.reason }) : null,
  };
}

/** How long ago, in words ('just now', '5 minutes ago', '3 hours ago'); older than a week: the date, the centre's day. */
export function timeAgo(iso: string, now: number = Date.now(), timeZone?: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return t('notifications.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('notifications.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('notifications.hoursAgo', { count: hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? t('notifications.yesterday') : t('notifications.daysAgo', { count: days });
  return formatDate(iso, timeZone);
}
