import type { Appointment } from '@kalinga/contracts/appointments';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOwnAppointment } from '../api/self-service-api';
import { appointmentWhen } from '../cancel-confirmation';

const FAILED = 'Failed to cancel appointment';

/** The client's cancel: names the appointment, takes an optional reason the counselor sees, keeps it on failure. */
export function CancelOwnModal({ appointment: a, late = false, open, onClose }: { appointment: Appointment; late?: boolean; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Cancel this appointment?" onClose={onClose}>
      <CancelOwnForm appointment={a} late={late} onDone={onClose} />
    </Modal>
  );
}

function CancelOwnForm({ appointment: a, late, onDone }: { appointment: Appointment; late: boolean; onDone: () => void }) {
  const cancel = useCancelOwnAppointment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (cancel.isPending) return;
    setError(null);
    try {
      await cancel.mutateAsync({ uuid: a.uuid, body: { reason: reason.trim() || null } });
      notifySuccess('Appointment cancelled successfully');
      onDone();
    } catch (err) {
      setError(errorMessage(err, FAILED));
      notifyError(FAILED);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Cancel appointment">
      <p>
        Your appointment with <strong>{a.counselor.name}</strong> on <strong>{appointmentWhen(a)}</strong> ({a.reason}) will be cancelled and the
        time freed for others.
      </p>
      {late && (
        <p className="alert alert-warning alert-soft" data-testid="late-cancellation">
          It starts soon, so this counts as a late cancellation. After several missed or late-cancelled sessions in a row, your next booking waits for
          your counselor&apos;s approval.
        </p>
      )}
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <div className="flex flex-col gap-1">
        <label htmlFor={reasonId} className="font-medium">Reason (optional)</label>
        <textarea id={reasonId} className="textarea w-full" rows={3} maxLength={500} value={reason} aria-describedby={`${reasonId}-hint`} onChange={(e) => setReason(e.target.value)} />
        <span id={`${reasonId}-hint`} className="text-sm text-base-content/70">Your counselor sees this.</span>
      </div>
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn" onClick={onDone}>Keep it</button>
        <button type="submit" className="btn btn-error" disabled={cancel.isPending}>
          {cancel.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {cancel.isPending ? 'Cancelling...' : 'Yes, cancel it'}
        </button>
      </div>
    </form>
  );
}
