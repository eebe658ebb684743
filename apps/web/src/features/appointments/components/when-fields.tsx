import { Link } from 'react-router';
import { Field } from '../../../components/form-field';
import { formatTime } from '../../../lib/dates';
import { type Translate, useT } from '../../../lib/i18n';
import { MonthDays } from './month-days';
import { SlotProblems } from './slot-problems';
import type { AppointmentFormState } from './use-appointment-form';

/** The placeholder of the time list: what the user must do first, or that the times are loading. */
function timePrompt(t: Translate, counselorId: number | null, date: string, loading: boolean): string {
  if (!counselorId) return t('appointments.form.chooseCounselorFirst');
  if (!date) return t('appointments.chooseDateFirst');
  return loading ? t('appointments.loadingTimes') : t('appointments.selectTime');
}

/** When: the date (with the month's free days under it) and a time from the counselor's free slots. */
export function WhenFields({ form }: { form: AppointmentFormState }) {
  const t = useT('appointments');
  const { appointment, locked, values, set, err, slots, timeOptions, today, timeZone, editing, sendsNotes } = form;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneDiffers = !!timeZone && timeZone !== browserZone;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('appointments.form.date')}
        error={err('date')}
        hint={!locked && <MonthDays counselorId={values.counselorId} value={values.date} today={today} exclude={appointment?.uuid} onPick={(date) => set('date', date)} />}
      >
        {(id, d) => (
          <input
            id={id}
            type="date"
            className={`input w-full ${err('date') ? 'input-error' : ''}`}
            min={today}
            required
            value={values.date}
            disabled={locked}
            aria-describedby={d}
            aria-invalid={!!err('date')}
            onChange={(e) => set('date', e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('appointments.form.time')}
        error={err('appointment_date')}
        hint={
          <>
            <SlotProblems failed={slots.isError} empty={!!slots.data && timeOptions.length === 0} onRetry={() => void slots.refetch()} />
            {zoneDiffers && slots.data && slots.data.slots.length > 0 && (
              <p className="text-xs text-base-content/75">{t('appointments.form.zones', { browserZone, centreZone: timeZone })}</p>
            )}
            {!editing && !sendsNotes && (
              <Link className="link link-primary text-sm" to={`/waitlist${values.counselorId ? `?counselor=${values.counselorId}` : ''}`} onClick={form.onDone}>{t('appointments.form.waitlist')}</Link>
            )}
          </>
        }
      >
        {(id, d) => (
          <div className="relative">
            <select
              id={id}
              className={`select w-full ${err('appointment_date') ? 'select-error' : ''}`}
              value={values.time}
              required
              disabled={locked || !values.counselorId || !values.date || slots.isFetching}
              aria-describedby={d}
              aria-invalid={!!err('appointment_date')}
              aria-busy={slots.isFetching}
              onChange={(e) => set('time', e.target.value)}
            >
              <option value="">{timePrompt(t, values.counselorId, values.date, slots.isFetching)}</option>
              {timeOptions.map((time) => {
                const start = form.startOf(time);
                return <option key={time} value={time}>{start ? formatTime(start) : time}</option>;
              })}
            </select>
          </div>
        )}
      </Field>
    </div>
  );
}
