import type { Appointment } from '@kalinga/contracts/appointments';
import type { SeriesScope } from '@kalinga/contracts/series-constants';
import { useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { useAvailableSlots } from '../api/appointments-api';
import { useUpdateSeries } from '../api/series-api';

/**
 * Moves "this and the following" sessions: the user picks this session's new day and time from the counselor's
 * free slots; every following session moves by the same days to the same time, each checked by the server, all or
 * none (decision 0150).
 */
export function MoveSessions({ from, scope, uuid, onDone }: { from: Appointment; scope: SeriesScope; uuid: string; onDone: () => void }) {
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
      notifySuccess(`${reply.changed} ${reply.changed === 1 ? 'session' : 'sessions'} moved`);
      onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : 'Failed to move the sessions');
      notifyError('Failed to move the sessions');
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <legend className="px-1 text-sm font-semibold">New time of this session; the following ones move with it</legend>
      {error && <div role="alert" className="alert alert-error alert-soft sm:col-span-3">{error}</div>}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-d`} className="text-sm font-medium">Date</label>
        <input id={`${id}-d`} type="date" className="input input-sm w-full" value={date} onChange={(e) => { setDate(e.target.value); setStart(''); }} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-t`} className="text-sm font-medium">Time</label>
        <select id={`${id}-t`} className="select select-sm w-full" value={start} disabled={slots.isFetching} aria-busy={slots.isFetching} onChange={(e) => setStart(e.target.value)}>
          <option value="">{slots.isFetching ? 'Loading times...' : slots.isError ? 'Could not load times' : (slots.data?.starts.length ?? 0) === 0 ? 'No free time that day' : 'Select a time'}</option>
          {(slots.data?.starts ?? []).map((s) => <option key={s.appointment_date} value={s.appointment_date}>{formatTime(s.appointment_date)}</option>)}
        </select>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm" onClick={onDone}>Back</button>
        <button type="button" className="btn btn-sm btn-primary" disabled={!start || update.isPending} onClick={() => void move()}>{update.isPending ? 'Moving...' : 'Move sessions'}</button>
      </div>
    </fieldset>
  );
}
