import type { Appointment, StatusChange } from '@kalinga/contracts/appointments';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { serverMessageOr } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useStatusHistory } from '../api/appointments-api';
import { statusBadgeClass, statusLabel } from '../appointment-rules';

/** The appointment's audit trail: each status change with who made it and when, oldest first. */
export function StatusHistoryModal({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const history = useStatusHistory(appointment?.uuid ?? null);
  return (
    <Modal open={appointment !== null} title="Status history" onClose={onClose}>
      {appointment && <p className="mb-3 text-sm text-base-content/80">{appointment.reason}</p>}
      {history.isPending && <LoadingBlock text="Loading history..." />}
      {history.isError && <ErrorAlert message={serverMessageOr(history.error, 'An error occurred')} onRetry={() => void history.refetch()} />}
      {history.data && history.data.length === 0 && <p className="text-base-content/80">No status changes recorded.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label="Status changes">
          {history.data.map((change) => (
            <li key={change.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-base-200 pb-2 last:border-0">
              {change.from_status ? (
                <>
                  <span className={`badge badge-sm ${statusBadgeClass(change.from_status)}`}>{statusLabel(change.from_status)}</span>
                  <span aria-label="to">→</span>
                </>
              ) : (
                <span className="text-sm">Booked as</span>
              )}
              <span className={`badge badge-sm ${statusBadgeClass(change.to_status)}`}>{statusLabel(change.to_status)}</span>
              <span className="w-full text-sm text-base-content/80 sm:w-auto sm:flex-1 sm:text-right">
                {change.changed_by?.name ?? 'Someone no longer here'} · {formatDateTime(change.changed_at)}
              </span>
              <ChangeDetails change={change} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

/** What a client's move or cancellation adds to a history row: from and to, or their reason. */
function ChangeDetails({ change }: { change: StatusChange }) {
  const when = (iso: string) => formatDateTime(iso);
  if (!change.reason && !(change.previous_date && change.new_date)) return null;
  return (
    <span className="w-full text-sm">
      {change.previous_date && change.new_date && (
        <span className="block" data-testid="history-move">Rescheduled from {when(change.previous_date)} to {when(change.new_date)}</span>
      )}
      {change.reason && <span className="block break-words" data-testid="history-reason">Reason: {change.reason}</span>}
    </span>
  );
}
