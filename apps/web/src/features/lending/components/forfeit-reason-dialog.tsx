import { FORFEIT_MAX_REASON, FORFEIT_MIN_REASON, FORFEIT_REASON_NEEDED } from '@kalinga/contracts/lending/rules';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { fieldMessage } from '../field-messages';
import { useT } from '../../../lib/i18n';

/**
 * A manager forfeits a ticket whose pawner was sent no notice (decision 0217): the reason is asked for, checked as the
 * server checks it, and kept on the ticket and the auction list.
 */
export function ForfeitReasonDialog({ open, ticket, onClose, onForfeit }: { open: boolean; ticket: string; onClose: () => void; onForfeit: (reason: string) => Promise<boolean> }) {
  const t = useT('lending');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < FORFEIT_MIN_REASON || trimmed.length > FORFEIT_MAX_REASON) {
      setError(fieldMessage(FORFEIT_REASON_NEEDED));
      document.getElementById('forfeit-reason')?.focus();
      return;
    }
    setBusy(true);
    const done = await onForfeit(trimmed);
    setBusy(false);
    if (done) {
      setReason('');
      onClose();
    }
  };
  return (
    <Modal open={open} title={t('lending.forfeit.reasonTitle')} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <p className="text-sm">
          {t('lending.forfeit.reasonText', { ticket })}
        </p>
        <label htmlFor="forfeit-reason" className="font-medium">{t('lending.forfeit.reasonLabel')}</label>
        <textarea
          id="forfeit-reason"
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          rows={3}
          maxLength={FORFEIT_MAX_REASON}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'forfeit-reason-error' : undefined}
        />
        {error && <p id="forfeit-reason-error" className="text-sm text-red-700">{error}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>{t('lending.cancel')}</button>
          <button type="submit" className="btn btn-error" disabled={busy}>{t('lending.forfeit.withoutNotice')}</button>
        </div>
      </form>
    </Modal>
  );
}
