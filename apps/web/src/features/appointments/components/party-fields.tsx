import { Field } from '../../../components/form-field';
import { useT } from '../../../lib/i18n';
import { isManager } from '../../../lib/viewer';
import { NewStudentFields } from './new-student-fields';
import { StudentPicker } from './student-picker';
import type { AppointmentFormState } from './use-appointment-form';

/** A value the user cannot change here, shown where its control would be. */
function Fixed({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="font-medium">{label}</span>
      <p className="rounded-field border border-base-300 bg-base-200 px-3 py-2" data-testid={testId}>{value}</p>
    </div>
  );
}

/** Who meets: the counselor (fixed for a counselor booking) and, when a counselor or a manager books, the student. */
export function PartyFields({ form }: { form: AppointmentFormState }) {
  const t = useT('appointments');
  const { appointment, user, counselor, editing, picksStudent, locked, values, set, err } = form;
  const counselorOptions = [...(form.counselors.data ?? [])];
  // An edited appointment's counselor may have left the list; keep them choosable.
  if (appointment && !counselorOptions.some((c) => c.id === appointment.counselor_id)) {
    counselorOptions.push({ id: appointment.counselor_id, name: appointment.counselor.name });
  }

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {counselor ? (
          <Fixed label={t('appointments.form.counselor')} value={user.name} testId="fixed-counselor" />
        ) : (
          <Field label={t('appointments.form.counselor')} error={err('counselor_id')}>
            {(id, describedBy) => (
              <select
                id={id}
                className={`select w-full ${err('counselor_id') ? 'select-error' : ''}`}
                value={values.counselorId ?? ''}
                disabled={locked || (editing && !isManager(user))}
                required
                aria-describedby={describedBy}
                aria-invalid={!!err('counselor_id')}
                onChange={(e) => set('counselorId', e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t('appointments.form.selectCounselor')}</option>
                {counselorOptions.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            )}
          </Field>
        )}

        {picksStudent && (
          appointment ? (
            <Fixed label={appointment.user_type === 'student' ? t('appointments.form.student') : t('appointments.form.client')} value={appointment.student.name} />
          ) : (
            <div className="flex min-w-0 flex-col gap-2">
              <label className="label w-fit cursor-pointer gap-2">
                <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={values.isNewStudent} onChange={(e) => set('isNewStudent', e.target.checked)} />
                <span className="text-base-content">{t('appointments.form.newStudent')}</span>
              </label>
              {!values.isNewStudent && <StudentPicker value={values.student} onChange={(s) => set('student', s)} error={err('student_id')} />}
              {form.clientOptional && !values.isNewStudent && !values.student && (
                <p className="text-sm text-base-content/70" data-testid="client-optional-hint">{t('appointments.form.forYourself')}</p>
              )}
            </div>
          )
        )}
      </div>

      {picksStudent && !editing && values.isNewStudent && <NewStudentFields values={values} set={set} err={err} />}
    </>
  );
}
