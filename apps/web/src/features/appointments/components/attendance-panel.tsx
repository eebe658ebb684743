import type { Attendance } from '@kalinga/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The client's attendance this term, for their counselor and managers (decision 0155): loaded when opened. */
export function AttendancePanel({ uuid, clientName }: { uuid: string; clientName: string }) {
  const query = useQuery({
    queryKey: ['appointments', 'attendance', uuid],
    queryFn: () => api.get<{ data: Attendance }>(`/api/appointments/${uuid}/attendance`).then((r) => r.data),
  });
  if (query.isPending) {
    return (
      <p className="text-sm text-base-content/70" role="status">
        <span className="loading loading-spinner loading-xs mr-1" aria-hidden="true" />
        Loading attendance…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        {errorMessage(query.error, 'Could not load the attendance.')}
        <button type="button" className="btn btn-xs" onClick={() => void query.refetch()}>Try again</button>
      </div>
    );
  }
  const a = query.data;
  const nothing = a.sessions + a.no_shows + a.late_cancellations === 0;
  const waits = a.limit > 0 && a.missed_in_a_row >= a.limit;
  return (
    <div className="text-sm" data-testid="attendance">
      <p>
        <span className="font-medium">{clientName}, since {formatDate(`${a.since}T12:00:00Z`, 'UTC')}:</span>{' '}
        {nothing ? 'no sessions yet.' : `${plural(a.sessions, 'session', 'sessions')} attended · ${plural(a.no_shows, 'no-show', 'no-shows')} · ${plural(a.late_cancellations, 'late cancellation', 'late cancellations')}`}
      </p>
      {a.missed_in_a_row > 0 && (
        <p className={waits ? 'text-red-700' : 'text-base-content/70'}>
          {plural(a.missed_in_a_row, 'session', 'sessions')} in a row missed or cancelled late{waits ? ': new bookings wait for your approval.' : '.'}
        </p>
      )}
    </div>
  );
}
