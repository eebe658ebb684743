import type { Appointment } from '@kalinga/contracts/appointments';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { tagged } from '../tagged';
import { useCancelOwnAppointment } from '../api/self-service-api';
import { appointmentWhen } from '../cancel-confirmation';

/** The client's cancel: names the appointment, takes an optional reason the counselor sees, keeps it on failure. */
export function CancelOwnModal({ appointment: a, late = false, open, onClose }: { appointment: Appointment; late?: boolean; open: boolean; onClose: () => void }) {
  const t = useT('appointments');
  return (
    <Modal open={open} title={t('appointments.cancelOne.title')} onClose={onClose}>
      <CancelOwnForm appointment={a} late={late} onDone={onClose} />
    </Modal>
  );
}

function CancelOwnForm({ appointment: a, late, onDone }: { appointment: Appointment; late: boolean; onDone: () => void }) {
  const t = useT('appointments');
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
      notifySuccess(t('appointments.toast.cancelled'));
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('appointments.cancelOwn.failed')));
      notifyError(t('appointments.cancelOwn.failed'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('appointments.cancelOwn.label')}>
      <p>
        {tagged(t('appointments.cancelOwn.text', { name: a.counselor.name, when: appointmentWhen(a), reason: a.reason ?? t('appointments.card.reasonWithheld') }), { 0: (name) => <strong>{name}</strong>, 1: (when) => <strong>{when}</strong> })}
      </p>
      {late && (
        <p className="alert alert-warning alert-soft" data-testid="late-cancellation">
          {t('appointments.cancelOwn.late')}
        </p>
      )}
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <div className="flex flex-col gap-1">
        <label htmlFor={reasonId} className="font-medium">{t('appointments.cancelOwn.reason')}</label>
        <textarea id={reasonId} className="textarea w-full" rows={3} maxLength={500} value={reason} aria-describedby={`${reasonId}-hint`} onChange={(e) => setReason(e.target.value)} />
        <span id={`${reasonId}-hint`} className="text-sm text-base-content/70">{t('appointments.cancelOwn.reasonHint')}</span>
      </div>
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn" onClick={onDone}>{t('appointments.cancelOne.keep')}</button>
        <button type="submit" className="btn btn-error" disabled={cancel.isPending}>
          {cancel.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {cancel.isPending ? t('appointments.cancelOwn.cancelling') : t('appointments.cancelOne.yes')}
        </button>
      </div>
    </form>
  );
}
