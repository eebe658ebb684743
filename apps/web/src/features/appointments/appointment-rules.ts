import { ALLOWED_STATUS_CHANGES, type AppointmentStatus } from '@kalinga/contracts/appointment-constants';
import type { Appointment } from '@kalinga/contracts/appointments';
import { type MessageKey, t } from '../../lib/i18n';
import { isCounselorUser, isManager, type Viewer } from '../../lib/viewer';

// Who may do what on the Appointments screen (product-rules.md#screen-appointments and #permissions, docs/decisions/0050).
// The server enforces the same rules; these only decide what the screen offers.

type Item = Pick<Appointment, 'status' | 'counselor_id' | 'student_id'>;
type Timed = Pick<Appointment, 'status' | 'appointment_date'>;

/** A session can be marked completed only once it has started (the server refuses earlier with 422). */
export function hasStarted(a: Pick<Appointment, 'appointment_date'>, now = Date.now()): boolean {
  return Date.parse(a.appointment_date) <= now;
}

/** The viewer is the appointment's client or its assigned counselor. */
export function isOwnAppointment(user: Viewer | null, a: Item): boolean {
  return !!user && (a.student_id === user.id || a.counselor_id === user.id);
}

/** The status-change history (product-rules.md#appointments: the assigned counselor and managers). */
export function canViewHistory(user: Viewer | null): boolean {
  return isCounselorUser(user) || isManager(user);
}

/** 'Book Appointment': hidden for user_type student unless the site lets students book (product-rules.md#permissions). */
export function canBook(user: Viewer | null, studentsCanBook: boolean): boolean {
  if (!user) return false;
  return user.user_type !== 'student' || studentsCanBook;
}

/** The status-change menu: only a counselor, only for pending or confirmed. */
export function canChangeStatus(user: Viewer | null, a: Item): boolean {
  return isCounselorUser(user) && (a.status === 'pending' || a.status === 'confirmed');
}

/** The statuses the change menu offers (the allowed changes of product-rules.md#appointments; 'completed' and 'no-show' only once it has started). */
export function statusOptions(a: Timed, now = Date.now()): readonly AppointmentStatus[] {
  return ALLOWED_STATUS_CHANGES[a.status].filter((s) => (s !== 'completed' && s !== 'no_show') || hasStarted(a, now));
}

/** Confirm: users with 'manage appointments', on pending. */
export function canConfirm(user: Viewer | null, a: Item): boolean {
  return isManager(user) && a.status === 'pending';
}

/** Complete: on confirmed and started, for the same users who may confirm. */
export function canComplete(user: Viewer | null, a: Timed, now = Date.now()): boolean {
  return isManager(user) && a.status === 'confirmed' && hasStarted(a, now);
}

/**
 * Edit: a manager on pending or confirmed; anyone else on their own pending appointment
 * (this also covers the card rule "pending, and the user is a student or counselor").
 */
export function canEdit(user: Viewer | null, a: Item): boolean {
  if (!user) return false;
  if (isManager(user)) return a.status === 'pending' || a.status === 'confirmed';
  return a.status === 'pending' && isOwnAppointment(user, a);
}

/** Delete: counselors only. */
export function canDelete(user: Viewer | null): boolean {
  return isCounselorUser(user);
}

/**
 * The fields the client chose (counselor, date, time, reason, category, location) are editable
 * only on a new or pending appointment, or for a user with 'manage appointments' (product-rules.md#appointments).
 */
export function clientFieldsLocked(user: Viewer | null, a: Pick<Appointment, 'status'> | null): boolean {
  if (!a || a.status === 'pending') return false;
  return !isManager(user);
}

/**
 * The person shown on the card: students see the counselor, everyone else the client (product-rules.md#screen-appointments).
 * A personnel client looking at their own appointment sees the counselor too: their own name tells
 * them nothing (docs/decisions/0050).
 */
export function otherParty(user: Viewer | null, a: Pick<Appointment, 'counselor' | 'student'>): { name: string; avatar: string | null } {
  if (user?.user_type === 'student' || (user && a.student.id === user.id)) return { name: a.counselor.name, avatar: a.counselor.avatar };
  return { name: a.student.name, avatar: a.student.avatar };
}

const BADGE: Record<AppointmentStatus, string> = {
  pending: 'badge-warning',
  confirmed: 'badge-primary',
  completed: 'badge-info',
  cancelled: 'badge-error',
  no_show: 'badge-neutral',
};

/** The badge colours (product-rules.md#screen-appointments). */
export function statusBadgeClass(status: AppointmentStatus): string {
  return BADGE[status];
}

// The words below come from the appointments catalog in the language in use (loaded by the screens that show them).
const STATUS_LABEL: Record<AppointmentStatus, MessageKey> = {
  pending: 'appointments.status.pending',
  confirmed: 'appointments.status.confirmed',
  completed: 'appointments.status.completed',
  cancelled: 'appointments.status.cancelled',
  no_show: 'appointments.status.no_show',
};

export function statusLabel(status: AppointmentStatus): string {
  return t(STATUS_LABEL[status]);
}

const STATUS_ACTION: Record<AppointmentStatus, MessageKey> = {
  pending: 'appointments.action.pending',
  confirmed: 'appointments.action.confirmed',
  completed: 'appointments.action.completed',
  cancelled: 'appointments.action.cancelled',
  no_show: 'appointments.action.no_show',
};

/** The words of the menu entry that moves to a status. */
export function statusActionLabel(status: AppointmentStatus): string {
  return t(STATUS_ACTION[status]);
}

const STATUS_TOAST: Record<AppointmentStatus, MessageKey> = {
  pending: 'appointments.toast.other',
  confirmed: 'appointments.toast.confirmed',
  completed: 'appointments.toast.completed',
  cancelled: 'appointments.toast.cancelled',
  no_show: 'appointments.toast.no_show',
};

/** The toast after a status change (product-rules.md#screen-appointments). */
export function statusToast(status: AppointmentStatus): string {
  return t(STATUS_TOAST[status]);
}
