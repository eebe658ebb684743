import { Field } from '../../../components/form-field';
import type { AppointmentFormState } from './use-appointment-form';

/** What and where: the reason, the category, online or on-site (and where), and the counselor's notes on an edit. */
export function DetailFields({ form }: { form: AppointmentFormState }) {
  const { locked, values, set, err, categories, sendsNotes, editing } = form;
  return (
    <>
      <Field label="Reason" error={err('reason')}>
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

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" error={err('category_id')}>
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
              <option value="">Select a category</option>
              {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Location type</legend>
          <div className="flex flex-wrap gap-4 pt-2">
            {(['online', 'on-site'] as const).map((t) => (
              <label key={t} className="label cursor-pointer gap-2">
                <input type="radio" className="radio radio-primary radio-sm" name="location_type" value={t} checked={values.locationType === t} disabled={locked} onChange={() => set('locationType', t)} />
                <span className="text-base-content">{t === 'online' ? 'Online' : 'On-site'}</span>
              </label>
            ))}
          </div>
          {err('location_type') && <p className="text-sm text-error">{err('location_type')}</p>}
        </fieldset>
      </div>

      {values.locationType === 'on-site' && (
        <Field label="Location" error={err('location')}>
          {(id, d) => (
            <input
              id={id}
              className={`input w-full ${err('location') ? 'input-error' : ''}`}
              required
              maxLength={255}
              placeholder="Room or building"
              value={values.location}
              disabled={locked}
              aria-describedby={d}
              aria-invalid={!!err('location')}
              onChange={(e) => set('location', e.target.value)}
            />
          )}
        </Field>
      )}

      {sendsNotes && editing && (
        <Field label="Counselor notes (confidential)" error={err('notes')}>
          {(id, d) => (
            <textarea id={id} className="textarea w-full" rows={3} maxLength={5000} value={values.notes} aria-describedby={d} onChange={(e) => set('notes', e.target.value)} />
          )}
        </Field>
      )}
    </>
  );
}
