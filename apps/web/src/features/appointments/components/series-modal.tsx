import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import type { SeriesScope } from '@kalinga/contracts/series-constants';
import { useState } from 'react';
import { confirm } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatTime, formatWeekdayDate } from '../../../lib/dates';
import { t as translate, useT } from '../../../lib/i18n';
import { downloadSeriesIcs, useSeries, useUpdateSeries } from '../api/series-api';
import { statusBadgeClass, statusLabel } from '../appointment-rules';
import { isCounselorUser, isManager } from '../../../lib/viewer';
import { MoveSessions } from './series-move';

const at = (iso: string) => translate('appointments.series.at', { date: formatWeekdayDate(iso), time: formatTime(iso) });
const live = (a: Appointment, now: number) => (a.status === 'pending' || a.status === 'confirmed') && Date.parse(a.appointment_date) > now;

/**
 * A series as one (decision 0150): every session with its status, and, for its counselor and managers, changes to
 * this session and the following ones or to all of them. The session it was opened from is "this".
 */
export function SeriesModal({ from, user, onClose }: { from: Appointment | null; user: AuthUser | null; onClose: () => void }) {
  const t = useT('appointments');
  const uuid = from?.series?.uuid ?? null;
  const query = useSeries(uuid);
  return (
    <Modal open={from !== null} title={t('appointments.series.title')} onClose={onClose} wide>
      {!from || query.isPending ? (
        <LoadingBlock text={t('appointments.series.loading')} />
      ) : query.isError ? (
        <ErrorAlert message={errorMessage(query.error, t('appointments.series.loadFailed'))} retryText={t('appointments.retry')} onRetry={() => void query.refetch()} />
      ) : (
        <SeriesBody from={from} user={user} sessions={query.data.appointments} frequency={t('appointments.series.frequency', { frequency: query.data.frequency })} uuid={query.data.uuid} />
      )}
    </Modal>
  );
}

function SeriesBody({ from, user, sessions, frequency, uuid }: { from: Appointment; user: AuthUser | null; sessions: Appointment[]; frequency: string; uuid: string }) {
  const t = useT('appointments');
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
      const which = scope === 'all' ? t('appointments.series.cancelAllN', { count }) : t('appointments.series.cancelFrom', { count, following: count - 1, when: at(from.appointment_date) });
      const ok = await confirm({
        title: scope === 'all' ? t('appointments.series.cancelAllTitle') : t('appointments.series.cancelFollowingTitle'),
        text: t('appointments.series.cancelText', { which }),
        confirmText: t('appointments.series.cancelYes'),
        cancelText: t('appointments.series.cancelKeep'),
        danger: true,
      });
      if (!ok) return;
    }
    setError(null);
    try {
      const reply = await update.mutateAsync({ from: from.uuid, scope, status });
      notifySuccess(t('appointments.series.changed', { count: reply.changed, status }));
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('appointments.series.changeFailed'));
      notifyError(t('appointments.series.changeFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/80">
        {t('appointments.series.summary', { frequency, count: sessions.length, client: from.student.name, counselor: from.counselor.name })}
      </p>
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <ol className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-label={t('appointments.series.sessionsLabel')}>
        {sessions.map((s) => (
          <li key={s.uuid} className={`flex flex-wrap items-center justify-between gap-2 rounded-box px-3 py-2 ${s.uuid === from.uuid ? 'bg-primary/10' : 'bg-base-200/50'}`} data-testid="series-session">
            <span className="text-sm">
              <span className="font-medium">{t('appointments.card.seriesBadge', { index: s.series?.index ?? 0, total: s.series?.total ?? 0 })}</span> · {at(s.appointment_date)}
              {s.uuid === from.uuid && <span className="sr-only">{t('appointments.series.thisSession')}</span>}
            </span>
            <span className={`badge badge-sm ${statusBadgeClass(s.status)}`}>{statusLabel(s.status)}</span>
          </li>
        ))}
      </ol>
      {moving && <MoveSessions from={from} scope={moving} uuid={uuid} onDone={() => setMoving(null)} />}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-sm" onClick={() => void downloadSeriesIcs(uuid).catch((e: unknown) => notifyError(errorMessage(e)))}>{t('appointments.series.addAll')}</button>
        {canChange && (
          <>
            {pending > 0 && <button type="button" className="btn btn-sm btn-primary" disabled={update.isPending} onClick={() => void run('all', 'confirmed', pending)}>{t('appointments.series.confirmAll')}</button>}
            {following > 0 && <button type="button" className="btn btn-sm" disabled={update.isPending} onClick={() => setMoving('following')}>{t('appointments.series.moveFollowing')}</button>}
            {following > 0 && <button type="button" className="btn btn-sm btn-error btn-outline" disabled={update.isPending} onClick={() => void run('following', 'cancelled', following)}>{t('appointments.series.cancelFollowing')}</button>}
            {all > 0 && <button type="button" className="btn btn-sm btn-error" disabled={update.isPending} onClick={() => void run('all', 'cancelled', all)}>{t('appointments.series.cancelAll')}</button>}
          </>
        )}
      </div>
    </div>
  );
}
