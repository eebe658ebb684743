import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import type { ConfirmOptions } from '../../components/ui/confirm-dialog';
import { formatLongDate, formatTime } from '../../lib/dates';
import { otherParty } from './appointment-rules';

/** "Monday, March 9 at 9:00 AM" in the browser's zone, as the cards show it. */
export function appointmentWhen(a: Pick<Appointment, 'appointment_date'>): string {
  return `${formatLongDate(a.appointment_date)} at ${formatTime(a.appointment_date)}`;
}

/**
 * The cancel confirmation names the appointment (who, when) and labels the buttons by their effect: a bare
 * 'Cancel' beside 'Yes' read as "cancel the appointment" when it kept it. Other confirms keep the defaults of product-rules.md#messages.
 */
export function cancelConfirmation(user: AuthUser | null, a: Pick<Appointment, 'appointment_date' | 'counselor' | 'student'>): ConfirmOptions {
  return {
    title: 'Cancel this appointment?',
    text: `Your appointment with ${otherParty(user, a).name} on ${appointmentWhen(a)} will be cancelled and the time freed for others.`,
    confirmText: 'Yes, cancel it',
    cancelText: 'Keep it',
    danger: true,
  };
}
