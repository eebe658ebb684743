import type { Appointment, AvailableSlotsReply, CreateAppointmentBody, LocationType, UpdateAppointmentBody } from '@kalinga/contracts/appointments';
import type { StudentOption } from '@kalinga/contracts/users';
import { wallTimeToInstant } from '../../lib/zone-time';
import { wallOf } from '@kalinga/contracts/zone-time';

/** What the booking form holds while the user types. */
export interface AppointmentFormValues {
  counselorId: number | null;
  date: string;
  time: string;
  reason: string;
  /** Editing an appointment whose reason and notes the user does not read (decision 0377): the form sends neither. */
  withheld: boolean;
  categoryId: number | null;
  locationType: LocationType;
  location: string;
  notes: string;
  student: StudentOption | null;
  isNewStudent: boolean;
  studentName: string;
  studentIdNumber: string;
  studentEmail: string;
}

/** A new booking's counselor, date and HH:mm (company zone), as a free slot of the calendar gives them. */
export interface BookingPreset {
  counselorId: number;
  date: string;
  time: string;
}

/** Blank form for a new booking; a counselor's own id is fixed as the counselor. */
export function emptyValues(counselorId: number | null): AppointmentFormValues {
  return {
    counselorId,
    date: '',
    time: '',
    reason: '',
    withheld: false,
    categoryId: null,
    locationType: 'online',
    location: '',
    notes: '',
    student: null,
    isNewStudent: false,
    studentName: '',
    studentIdNumber: '',
    studentEmail: '',
  };
}

/** The form as an existing appointment fills it: its company-zone date and HH:mm. */
export function valuesFromAppointment(a: Appointment, timeZone: string | undefined): AppointmentFormValues {
  const wall = timeZone ? wallOf(a.appointment_date, timeZone) : { date: a.local_date, time: '' };
  return {
    counselorId: a.counselor_id,
    date: a.local_date,
    time: wall.date === a.local_date ? wall.time : '',
    reason: a.reason ?? '',
    withheld: a.reason === null,
    categoryId: a.category_id,
    locationType: a.location_type,
    location: a.location ?? '',
    notes: a.notes ?? '',
    student: { id: a.student.id, name: a.student.name, student_id: a.student.student_id },
    isNewStudent: false,
    studentName: '',
    studentIdNumber: '',
    studentEmail: '',
  };
}

/** product-rules.md#validation: required fields, the on-site location, and the counselor's student choice. */
export function isComplete(v: AppointmentFormValues, opts: { editing: boolean; picksStudent: boolean; clientOptional?: boolean }): boolean {
  if (!v.counselorId || !v.date || !v.time || (!v.withheld && !v.reason.trim()) || !v.categoryId) return false;
  if (v.locationType === 'on-site' && !v.location.trim()) return false;
  if (opts.picksStudent && !opts.editing) {
    if (v.isNewStudent) return !!(v.studentName.trim() && v.studentIdNumber.trim() && v.studentEmail.trim());
    // A manager who leaves the client empty books for themselves.
    return v.student !== null || !!opts.clientOptional;
  }
  return true;
}

/**
 * The ISO instant to send for a chosen slot. The server lists each slot's exact instant (`starts`),
 * so no zone arithmetic is needed; converting the company-zone wall time is only the fallback.
 */
export function instantForSlot(date: string, time: string, slots: Pick<AvailableSlotsReply, 'starts' | 'timezone'> | undefined, fallbackZone: string | undefined): string | null {
  const exact = slots?.starts?.find((s) => s.time === time);
  if (exact) return exact.appointment_date;
  const zone = slots?.timezone ?? fallbackZone;
  return zone ? wallTimeToInstant(date, time, zone) : null;
}

/** The request body: the full form when booking; when editing, only what may change (the client is fixed). */
export function toBody(
  v: AppointmentFormValues,
  appointmentDate: string,
  opts: { editing: boolean; picksStudent: boolean; sendsNotes: boolean },
): CreateAppointmentBody | UpdateAppointmentBody {
  const common = {
    counselor_id: v.counselorId ?? 0,
    appointment_date: appointmentDate,
    reason: v.reason.trim(),
    category_id: v.categoryId ?? 0,
    location_type: v.locationType,
    location: v.locationType === 'on-site' ? v.location.trim() : null,
    ...(opts.sendsNotes ? { notes: v.notes.trim() || null } : {}),
  };
  // What the user cannot read stays as it is: neither the reason nor the notes are sent (decision 0377).
  if (opts.editing && v.withheld) return { counselor_id: common.counselor_id, appointment_date: common.appointment_date, category_id: common.category_id, location_type: common.location_type, location: common.location };
  if (opts.editing || !opts.picksStudent) return common;
  if (v.isNewStudent) {
    return {
      ...common,
      is_new_student: true,
      student_name: v.studentName.trim(),
      student_id_number: v.studentIdNumber.trim(),
      student_email: v.studentEmail.trim(),
    };
  }
  return { ...common, student_id: v.student?.id };
}
