import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { withinNotice } from '@kalinga/contracts/notice-period';
import { t } from '../../lib/i18n';

// What a client may do with their own appointment on the Appointments screen (decision 0057).
// The server enforces the same rules; these decide what the card offers.

type Viewer = Pick<AuthUser, 'id' | 'user_type'>;
type Item = Pick<Appointment, 'status' | 'student_id' | 'appointment_date' | 'counselor'>;

export type SelfService =
  | { kind: 'none' }
  | { kind: 'actions'; reschedule: boolean }
  | { kind: 'late'; message: string };

/**
 * The client's own pending or confirmed appointment that has not started: 'Cancel' and (when they may
 * book) 'Reschedule' while the notice period allows; inside it only 'Cancel', recorded as late, and whom to
 * contact to move it (decision 0154). Nothing for anyone else.
 */
export function selfServiceFor(user: Viewer | null, a: Item, noticeHours: number, studentsCanBook: boolean, now = Date.now()): SelfService {
  if (!user || a.student_id !== user.id || (a.status !== 'pending' && a.status !== 'confirmed')) return { kind: 'none' };
  // A started appointment is in History; the counselor closes it.
  if (Date.parse(a.appointment_date) <= now) return { kind: 'none' };
  if (!withinNotice(a.appointment_date, noticeHours, now)) {
    return { kind: 'late', message: contactMessage(noticeHours, a.counselor.name) };
  }
  return { kind: 'actions', reschedule: user.user_type !== 'student' || studentsCanBook };
}

/** The card's line once the notice period has passed: what a cancellation now means, and whom to contact. */
export function contactMessage(noticeHours: number, counselorName: string): string {
  return t('appointments.late.message', { hours: noticeHours, name: counselorName });
}
