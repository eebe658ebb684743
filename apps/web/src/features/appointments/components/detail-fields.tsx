import { Field } from '../../../components/form-field';
import { useT } from '../../../lib/i18n';
import type { AppointmentFormState } from './use-appointment-form';

/** What and where: the reason, the category, online or on-site (and where), and the counselor's notes on an edit. */
export function DetailFields({ form }: { form: AppointmentFormState }) {
  const t = useT('appointments');
  const { locked, values, set, err, categories, sendsNotes, editing } = form;
  return (
    <>
      {values.withheld ? (
        <p className="text-sm italic text-base-content/70" data-testid="form-reason-withheld">{t('appointments.form.reasonWithheld')}</p>
      ) : (
      <Field label={t('appointments.form.reason')} error={err('reason')}>
        {(id, d) => (
          <textarea
            id={id}
            className={`textarea w-full ${err('reason') ? 'textarea-error' : ''}`}
            rows={3}
            required
            maxLength={2000}
            value={values.reason}
            disabled={locked}
            aria-describedby={d}
            aria-invalid={!!err('reason')}
            onChange={(e) => set('reason', e.target.value)}
          />
        )}
      </Field>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('appointments.form.category')} error={err('category_id')}>
          {(id, d) => (
            <select
              id={id}
              className={`select w-full ${err('category_id') ? 'select-error' : ''}`}
              required
              value={values.categoryId ?? ''}
              disabled={locked}
              aria-describedby={d}
              aria-invalid={!!err('category_id')}
              onChange={(e) => set('categoryId', e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('appointments.form.selectCategory')}</option>
              {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">{t('appointments.form.locationType')}</legend>
          <div className="flex flex-wrap gap-4 pt-2">
            {(['online', 'on-site'] as const).map((type) => (
              <label key={type} className="label cursor-pointer gap-2">
                <input type="radio" className="radio radio-primary radio-sm" name="location_type" value={type} checked={values.locationType === type} disabled={locked} onChange={() => set('locationType', type)} />
                <span className="text-base-content">{type === 'online' ? t('appointments.online') : t('appointments.form.onSite')}</span>
              </label>
            ))}
          </div>
          {err('location_type') && <p className="text-sm text-error">{err('location_type')}</p>}
        </fieldset>
      </div>

      {values.locationType === 'on-site' && (
        <Field label={t('appointments.form.location')} error={err('location')}>
          {(id, d) => (
            <input
              id={id}
              className={`input w-full ${err('location') ? 'input-error' : ''}`}
              required
              maxLength={255}
              placeholder={t('appointments.form.room')}
              value={values.location}
              disabled={locked}
              aria-describedby={d}
              aria-invalid={!!err('location')}
              onChange={(e) => set('location', e.target.value)}
            />
          )}
        </Field>
      )}

      {sendsNotes && editing && !values.withheld && (
        <Field label={t('appointments.form.notes')} error={err('notes')}>
          {(id, d) => (
            <textarea id={id} className="textarea w-full" rows={3} maxLength={5000} value={values.notes} aria-describedby={d} onChange={(e) => set('notes', e.target.value)} />
          )}
        </Field>
      )}
    </>
  );
}
