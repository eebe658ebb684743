import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import type { ConfirmOptions } from '../../components/ui/confirm-dialog';
import { formatLongDate, formatTime } from '../../lib/dates';
import { t } from '../../lib/i18n';
import { otherParty } from './appointment-rules';

/** "Monday, March 9 at 9:00 AM" in the browser's zone, as the cards show it. */
export function appointmentWhen(a: Pick<Appointment, 'appointment_date'>): string {
  return t('appointments.when', { date: formatLongDate(a.appointment_date), time: formatTime(a.appointment_date) });
}

/**
 * The cancel confirmation names the appointment (who, when) and labels the buttons by their effect: a bare
 * 'Cancel' beside 'Yes' read as "cancel the appointment" when it kept it. Other confirms keep the defaults of product-rules.md#messages.
 */
export function cancelConfirmation(user: AuthUser | null, a: Pick<Appointment, 'appointment_date' | 'counselor' | 'student'>): ConfirmOptions {
  return {
    title: t('appointments.cancelOne.title'),
    text: t('appointments.cancelOne.text', { name: otherParty(user, a).name, when: appointmentWhen(a) }),
    confirmText: t('appointments.cancelOne.yes'),
    cancelText: t('appointments.cancelOne.keep'),
    danger: true,
  };
}
