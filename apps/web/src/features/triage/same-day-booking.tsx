import type { SameDaySlot } from '@kalinga/contracts/same-day';
import { useId } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Spinner } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatClock } from '../../lib/dates';
import { useBookSameDay, useSameDaySlots } from './triage-api';

// Booking an urgent case into a same-day slot (decision 0165): the row's button opens today's free held slots, and a
// slot's button books it. Two clicks; the slots are read when the choice opens, so they are the current ones.

export function SameDaySlots({ caseId, clientName, onDone }: { caseId: number; clientName: string; onDone: () => void }) {
  const id = useId();
  const slots = useSameDaySlots(true);
  const book = useBookSameDay();

  const choose = async (slot: SameDaySlot) => {
    try {
      await book.mutateAsync({ caseId, slot });
      notifySuccess(`Same-day session booked: ${formatClock(slot.time)} with ${slot.counselor_name}`);
      onDone();
    } catch (error) {
      notifyError(error instanceof ApiError && (error.status === 409 || error.status === 422) ? error.message : 'Failed to book the same-day session');
      void slots.refetch();
    }
  };

  const list = slots.data?.slots ?? [];
  return (
    <div className="rounded-box border border-base-300 p-3" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="mb-2 text-sm font-medium">Same-day slots today for {clientName}</p>
      {slots.isPending ? (
        <Spinner label="Loading same-day slots" size="sm" />
      ) : slots.isError ? (
        <ErrorAlert message="Failed to load the same-day slots" onRetry={() => void slots.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm">No same-day slots are left today. Book a normal appointment from Appointments.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Same-day slots">
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
