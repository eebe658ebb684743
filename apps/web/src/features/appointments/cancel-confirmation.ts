import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import type { ConfirmOptions } from '../../components/ui/confirm-dialog';
import { centreTime } from '../../lib/centre-time';
import { formatLongDate, formatTime, formatWeekdayDate } from '../../lib/dates';
import { t } from '../../lib/i18n';
import { otherParty } from './appointment-rules';

// An appointment's day and time are the centre's (`timeZone`, the site's `timezone`), as its slots are (decision 0383).

/**
 * "Monday, March 9, 2026 at 9:00 AM" on the centre's clock, with " (Asia/Manila)" after it when the browser's zone
 * differs: a sentence or a label that is read alone (a confirmation, a card's name) says whose clock it is.
 */
export function appointmentWhen(a: Pick<Appointment, 'appointment_date'>, timeZone: string | undefined): string {
  return t('appointments.when', { date: formatLongDate(a.appointment_date, timeZone), time: centreTime(a.appointment_date, timeZone) });
}

/** "Mon, Mar 9, 2026 at 9:00 AM" on the centre's clock, for a list whose dialog names the zone once (a series's sessions). */
export function sessionAt(iso: string, timeZone: string | undefined): string {
  return t('appointments.series.at', { date: formatWeekdayDate(iso, timeZone), time: formatTime(iso, timeZone) });
}

/**
 * The cancel confirmation names the appointment (who, when) and labels the buttons by their effect: a bare
 * 'Cancel' beside 'Yes' read as "cancel the appointment" when it kept it. Other confirms keep the defaults of product-rules.md#messages.
 */
export function cancelConfirmation(user: AuthUser | null, a: Pick<Appointment, 'appointment_date' | 'counselor' | 'student'>, timeZone: string | undefined): ConfirmOptions {
  return {
    title: t('appointments.cancelOne.title'),
    text: t('appointments.cancelOne.text', { name: otherParty(user, a).name, when: appointmentWhen(a, timeZone) }),
    confirmText: t('appointments.cancelOne.yes'),
    cancelText: t('appointments.cancelOne.keep'),
    danger: true,
  };
}
