import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import type { AppointmentFormValues } from '../appointment-form';

export type FieldErrors = Record<string, string[]>;

/** Which server error keys a form value answers, so typing in a field clears its message. */
const FIELD_OF: Partial<Record<keyof AppointmentFormValues, string[]>> = {
  counselorId: ['counselor_id', 'appointment_date'],
  date: ['date', 'appointment_date'],
  time: ['appointment_date'],
  reason: ['reason'],
  categoryId: ['category_id'],
  locationType: ['location_type', 'location'],
  location: ['location'],
  notes: ['notes'],
  student: ['student_id'],
  isNewStudent: ['student_id', 'student_name', 'student_id_number', 'student_email'],
  studentName: ['student_name'],
  studentIdNumber: ['student_id_number'],
  studentEmail: ['student_email'],
};

/** The form's values and server field errors; changing a value clears the errors it answers. */
export function useFormValues(initial: () => AppointmentFormValues) {
  const [values, setValues] = useState<AppointmentFormValues>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const set = useCallback(<K extends keyof AppointmentFormValues>(key: K, value: AppointmentFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldErrors((e) => {
      if (!(key in FIELD_OF)) return e;
      const next = { ...e };
      for (const f of FIELD_OF[key] ?? []) delete next[f];
      return next;
    });
  }, []);
  return { values, setValues: setValues as Dispatch<SetStateAction<AppointmentFormValues>>, set, fieldErrors, setFieldErrors };
}
