import type { SameDaySlot } from '@kalinga/contracts/screening/same-day';
import { useId } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Spinner } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatClock } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useBookSameDay, useSameDaySlots } from './triage-api';

// Booking an urgent case into a same-day slot (decision 0165): the row's button opens today's free held slots, and a
// slot's button books it. Two clicks; the slots are read when the choice opens, so they are the current ones.

export function SameDaySlots({ caseId, clientName, onDone }: { caseId: number; clientName: string; onDone: () => void }) {
  const t = useT('triage');
  const id = useId();
  const slots = useSameDaySlots(true);
  const book = useBookSameDay();

  const choose = async (slot: SameDaySlot) => {
    try {
      await book.mutateAsync({ caseId, slot });
      notifySuccess(t('triage.sameDay.booked', { time: formatClock(slot.time), name: slot.counselor_name }));
      onDone();
    } catch (error) {
      notifyError(error instanceof ApiError && (error.status === 409 || error.status === 422) ? error.message : t('triage.sameDay.failed'));
      void slots.refetch();
    }
  };

  const list = slots.data?.slots ?? [];
  return (
    <div className="rounded-box border border-base-300 p-3" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="mb-2 text-sm font-medium">{t('triage.sameDay.title', { name: clientName })}</p>
      {slots.isPending ? (
        <Spinner label={t('triage.sameDay.loading')} size="sm" />
      ) : slots.isError ? (
        <ErrorAlert message={t('triage.sameDay.loadFailed')} retryText={t('triage.retry')} onRetry={() => void slots.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm">{t('triage.sameDay.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('triage.sameDay.list')}>
          {list.map((s) => (
            <li key={`${s.counselor_id}-${s.appointment_date}`}>
              <button type="button" className="btn btn-sm btn-outline" disabled={book.isPending} onClick={() => void choose(s)}>
                {formatClock(s.time)} · {s.counselor_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
