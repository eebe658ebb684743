import type { Attendance } from '@kalinga/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';

/** The client's attendance this term, for their counselor and managers (decision 0155): loaded when opened. */
export function AttendancePanel({ uuid, clientName }: { uuid: string; clientName: string }) {
  const t = useT('appointments');
  const query = useQuery({
    queryKey: ['appointments', 'attendance', uuid],
    queryFn: () => api.get<{ data: Attendance }>(`/api/appointments/${uuid}/attendance`).then((r) => r.data),
  });
  if (query.isPending) {
    return (
      <p className="text-sm text-base-content/70" role="status">
        <span className="loading loading-spinner loading-xs mr-1" aria-hidden="true" />
        {t('appointments.attendance.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        {errorMessage(query.error, t('appointments.attendance.loadFailed'))}
        <button type="button" className="btn btn-xs" onClick={() => void query.refetch()}>{t('appointments.attendance.tryAgain')}</button>
      </div>
    );
  }
  const a = query.data;
  const nothing = a.sessions + a.no_shows + a.late_cancellations === 0;
  const waits = a.limit > 0 && a.missed_in_a_row >= a.limit;
  // Clinical (attendance beyond one's own): never in the kept copy of the screen (data-no-snapshot, decision 0366).
  return (
    <div className="text-sm" data-testid="attendance" data-no-snapshot>
      <p>
        <span className="font-medium">{t('appointments.attendance.since', { name: clientName, date: formatDate(`${a.since}T12:00:00Z`, 'UTC') })}</span>{' '}
        {nothing ? t('appointments.attendance.none') : t('appointments.attendance.summary', { sessions: a.sessions, noShows: a.no_shows, late: a.late_cancellations })}
      </p>
      {a.missed_in_a_row > 0 && (
        <p className={waits ? 'text-red-700' : 'text-base-content/70'}>
          {t('appointments.attendance.inARow', { count: a.missed_in_a_row, waits: waits ? 'yes' : 'no' })}
        </p>
      )}
    </div>
  );
}
