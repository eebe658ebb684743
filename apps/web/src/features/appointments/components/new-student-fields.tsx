import type { AppointmentFormValues } from '../appointment-form';
import { Field } from '../../../components/form-field';
import { useT } from '../../../lib/i18n';

/** The counselor's 'New Student' fields: the student is added with the booking, in its transaction. */
export function NewStudentFields({ values, set, err }: { values: AppointmentFormValues; set: <K extends keyof AppointmentFormValues>(key: K, value: AppointmentFormValues[K]) => void; err: (field: string) => string | undefined }) {
  const t = useT('appointments');
  return (
    <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold">{t('appointments.form.newStudent')}</legend>
      <Field label={t('appointments.newStudent.name')} error={err('student_name')}>
        {(id, d) => <input id={id} className={`input w-full ${err('student_name') ? 'input-error' : ''}`} required value={values.studentName} aria-describedby={d} aria-invalid={!!err('student_name')} onChange={(e) => set('studentName', e.target.value)} autoComplete="off" />}
      </Field>
      <Field label={t('appointments.newStudent.id')} error={err('student_id_number')}>
        {(id, d) => <input id={id} className={`input w-full ${err('student_id_number') ? 'input-error' : ''}`} required value={values.studentIdNumber} aria-describedby={d} aria-invalid={!!err('student_id_number')} onChange={(e) => set('studentIdNumber', e.target.value)} autoComplete="off" />}
      </Field>
      <Field label={t('appointments.newStudent.email')} error={err('student_email')}>
        {(id, d) => <input id={id} type="email" className={`input w-full ${err('student_email') ? 'input-error' : ''}`} required value={values.studentEmail} aria-describedby={d} aria-invalid={!!err('student_email')} onChange={(e) => set('studentEmail', e.target.value)} autoComplete="off" />}
      </Field>
    </fieldset>
  );
}
