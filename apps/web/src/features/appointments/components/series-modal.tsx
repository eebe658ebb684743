import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import type { SeriesScope } from '@kalinga/contracts/series-constants';
import { FREQUENCY_LABEL } from '@kalinga/contracts/series-constants';
import { useState } from 'react';
import { confirm } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatTime, formatWeekdayDate } from '../../../lib/dates';
import { downloadSeriesIcs, useSeries, useUpdateSeries } from '../api/series-api';
import { isCounselorUser, isManager, statusBadgeClass, statusLabel } from '../appointment-rules';
import { MoveSessions } from './series-move';

const at = (iso: string) => `${formatWeekdayDate(iso)} at ${formatTime(iso)}`;
const live = (a: Appointment, now: number) => (a.status === 'pending' || a.status === 'confirmed') && Date.parse(a.appointment_date) > now;

/**
 * A series as one (decision 0150): every session with its status, and, for its counselor and managers, changes to
 * this session and the following ones or to all of them. The session it was opened from is "this".
 */
export function SeriesModal({ from, user, onClose }: { from: Appointment | null; user: AuthUser | null; onClose: () => void }) {
  const uuid = from?.series?.uuid ?? null;
  const query = useSeries(uuid);
  return (
    <Modal open={from !== null} title="Appointment series" onClose={onClose} wide>
      {!from || query.isPending ? (
        <LoadingBlock text="Loading series..." />
      ) : query.isError ? (
        <ErrorAlert message={errorMessage(query.error, 'Failed to load the series')} onRetry={() => void query.refetch()} />
      ) : (
        <SeriesBody from={from} user={user} sessions={query.data.appointments} frequency={FREQUENCY_LABEL[query.data.frequency]} uuid={query.data.uuid} />
      )}
    </Modal>
  );
}

function SeriesBody({ from, user, sessions, frequency, uuid }: { from: Appointment; user: AuthUser | null; sessions: Appointment[]; frequency: string; uuid: string }) {
  const update = useUpdateSeries(uuid);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<SeriesScope | null>(null);
  const now = Date.now();
  const canChange = isCounselorUser(user) || isManager(user);
  const index = from.series?.index ?? 1;
  const following = sessions.filter((s) => (s.series?.index ?? 0) >= index && live(s, now)).length;
  const all = sessions.filter((s) => live(s, now)).length;
  const pending = sessions.filter((s) => s.status === 'pending' && live(s, now)).length;

  const run = async (scope: SeriesScope, status: 'confirmed' | 'cancelled', count: number) => {
    if (status === 'cancelled') {
      const which = scope === 'all' ? `All ${count} remaining sessions` : `${count === 1 ? 'This session' : `This and the following ${count - 1} sessions`} (from ${at(from.appointment_date)})`;
      const ok = await confirm({ title: scope === 'all' ? 'Cancel all sessions?' : 'Cancel this and the following sessions?', text: `${which} will be cancelled and the times freed for others.`, confirmText: 'Yes, cancel them', cancelText: 'Keep them', danger: true });
      if (!ok) return;
    }
    setError(null);
    try {
      const reply = await update.mutateAsync({ from: from.uuid, scope, status });
      notifySuccess(`${reply.changed} ${reply.changed === 1 ? 'session' : 'sessions'} ${status === 'cancelled' ? 'cancelled' : 'confirmed'}`);
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : 'Failed to change the series');
      notifyError('Failed to change the series');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/80">
        {frequency} · {sessions.length} sessions · {from.student.name} with {from.counselor.name}
      </p>
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <ol className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-label="Sessions">
        {sessions.map((s) => (
          <li key={s.uuid} className={`flex flex-wrap items-center justify-between gap-2 rounded-box px-3 py-2 ${s.uuid === from.uuid ? 'bg-primary/10' : 'bg-base-200/50'}`} data-testid="series-session">
            <span className="text-sm">
              <span className="font-medium">{s.series?.index} of {s.series?.total}</span> · {at(s.appointment_date)}
              {s.uuid === from.uuid && <span className="sr-only"> (this session)</span>}
            </span>
            <span className={`badge badge-sm ${statusBadgeClass(s.status)}`}>{statusLabel(s.status)}</span>
          </li>
        ))}
      </ol>
      {moving && <MoveSessions from={from} scope={moving} uuid={uuid} onDone={() => setMoving(null)} />}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-sm" onClick={() => void downloadSeriesIcs(uuid).catch((e: unknown) => notifyError(errorMessage(e)))}>Add all to calendar</button>
        {canChange && (
          <>
            {pending > 0 && <button type="button" className="btn btn-sm btn-primary" disabled={update.isPending} onClick={() => void run('all', 'confirmed', pending)}>Confirm all</button>}
            {following > 0 && <button type="button" className="btn btn-sm" disabled={update.isPending} onClick={() => setMoving('following')}>Move this and following</button>}
            {following > 0 && <button type="button" className="btn btn-sm btn-error btn-outline" disabled={update.isPending} onClick={() => void run('following', 'cancelled', following)}>Cancel this and following</button>}
            {all > 0 && <button type="button" className="btn btn-sm btn-error" disabled={update.isPending} onClick={() => void run('all', 'cancelled', all)}>Cancel all</button>}
          </>
        )}
      </div>
    </div>
  );
}
