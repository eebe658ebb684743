import type { Appointment } from '@kalinga/contracts/appointments';
import type { SeriesScope } from '@kalinga/contracts/series-constants';
import { useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useAvailableSlots } from '../api/appointments-api';
import { useUpdateSeries } from '../api/series-api';

/**
 * Moves "this and the following" sessions: the user picks this session's new day and time from the counselor's
 * free slots; every following session moves by the same days to the same time, each checked by the server, all or
 * none (decision 0150).
 */
export function MoveSessions({ from, scope, uuid, onDone }: { from: Appointment; scope: SeriesScope; uuid: string; onDone: () => void }) {
  const t = useT('appointments');
  const [date, setDate] = useState(from.local_date);
  const [start, setStart] = useState('');
  const [error, setError] = useState<string | null>(null);
  const slots = useAvailableSlots(from.counselor_id, date, from.uuid);
  const update = useUpdateSeries(uuid);
  const id = useId();

  const move = async () => {
    if (!start) return;
    setError(null);
    try {
      const reply = await update.mutateAsync({ from: from.uuid, scope, appointment_date: start });
      notifySuccess(t('appointments.move.done', { count: reply.changed }));
      onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('appointments.move.failed'));
      notifyError(t('appointments.move.failed'));
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <legend className="px-1 text-sm font-semibold">{t('appointments.move.legend')}</legend>
      {error && <div role="alert" className="alert alert-error alert-soft sm:col-span-3">{error}</div>}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-d`} className="text-sm font-medium">{t('appointments.form.date')}</label>
        <input id={`${id}-d`} type="date" className="input input-sm w-full" value={date} onChange={(e) => { setDate(e.target.value); setStart(''); }} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-t`} className="text-sm font-medium">{t('appointments.form.time')}</label>
        <select id={`${id}-t`} className="select select-sm w-full" value={start} disabled={slots.isFetching} aria-busy={slots.isFetching} onChange={(e) => setStart(e.target.value)}>
          <option value="">{slots.isFetching ? t('appointments.loadingTimes') : slots.isError ? t('appointments.move.couldNot') : (slots.data?.starts.length ?? 0) === 0 ? t('appointments.move.noneThatDay') : t('appointments.selectTime')}</option>
          {(slots.data?.starts ?? []).map((s) => <option key={s.appointment_date} value={s.appointment_date}>{formatTime(s.appointment_date)}</option>)}
        </select>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm" onClick={onDone}>{t('appointments.move.back')}</button>
        <button type="button" className="btn btn-sm btn-primary" disabled={!start || update.isPending} onClick={() => void move()}>{update.isPending ? t('appointments.move.moving') : t('appointments.move.move')}</button>
      </div>
    </fieldset>
  );
}
