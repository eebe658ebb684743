import type { Appointment, StatusChange } from '@kalinga/contracts/appointments';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { serverMessageOr } from '../../../lib/api-client';
import { centreShortDateTime } from '../../../lib/centre-time';
import { useSiteSettings } from '../../../session/site-settings';
import { useT } from '../../../lib/i18n';
import { useStatusHistory } from '../api/appointments-api';
import { statusBadgeClass, statusLabel } from '../appointment-rules';

/** The appointment's audit trail: each status change with who made it and when, oldest first. */
export function StatusHistoryModal({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const t = useT('appointments');
  const history = useStatusHistory(appointment?.uuid ?? null);
  // On the centre's clock, its zone named when the browser's differs (decisions 0224, 0380).
  const zone = useSiteSettings().data?.timezone;
  return (
    <Modal open={appointment !== null} title={t('appointments.card.history')} onClose={onClose}>
      {appointment && <p className={`mb-3 text-sm text-base-content/80 ${appointment.reason === null ? 'italic' : ''}`}>{appointment.reason ?? t('appointments.card.reasonWithheld')}</p>}
      {history.isPending && <LoadingBlock text={t('appointments.history.loading')} />}
      {history.isError && <ErrorAlert message={serverMessageOr(history.error, t('appointments.loadFailed'))} retryText={t('appointments.retry')} onRetry={() => void history.refetch()} />}
      {history.data && history.data.length === 0 && <p className="text-base-content/80">{t('appointments.history.none')}</p>}
      {history.data && history.data.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label={t('appointments.history.list')}>
          {history.data.map((change) => (
            <li key={change.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-base-200 pb-2 last:border-0">
              {change.from_status ? (
                <>
                  <span className={`badge badge-sm ${statusBadgeClass(change.from_status)}`}>{statusLabel(change.from_status)}</span>
                  <span aria-label={t('appointments.history.to')}>→</span>
                </>
              ) : (
                <span className="text-sm">{t('appointments.history.bookedAs')}</span>
              )}
              <span className={`badge badge-sm ${statusBadgeClass(change.to_status)}`}>{statusLabel(change.to_status)}</span>
              <span className="w-full text-sm text-base-content/80 sm:w-auto sm:flex-1 sm:text-right">
                {change.changed_by?.name ?? t('appointments.history.someone')} · {centreShortDateTime(change.changed_at, zone)}
              </span>
              <ChangeDetails change={change} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

/**
 * What a client's move or cancellation adds to a history row: from and to, or their reason; a cancellation whose
 * reason is the care team's says so in words (decision 0377), whether or not one was given.
 */
function ChangeDetails({ change }: { change: StatusChange }) {
  const t = useT('appointments');
  const zone = useSiteSettings().data?.timezone;
  const when = (iso: string) => centreShortDateTime(iso, zone);
  if (!change.reason && !change.reason_withheld && !(change.previous_date && change.new_date)) return null;
  return (
    <span className="w-full text-sm">
      {change.previous_date && change.new_date && (
        <span className="block" data-testid="history-move">{t('appointments.history.moved', { from: when(change.previous_date), to: when(change.new_date) })}</span>
      )}
      {change.reason && <span className="block break-words" data-testid="history-reason">{t('appointments.history.reason', { reason: change.reason })}</span>}
      {change.reason_withheld && (
        <span className="block italic text-base-content/80" data-testid="history-reason-withheld">
          {t('appointments.history.reasonWithheld')}
        </span>
      )}
    </span>
  );
}
