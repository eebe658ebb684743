import { type FormEvent, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { SubmitButton } from '../../components/ui/submit-button';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useBreakGlass } from './client-file-api';

// Break the glass on screen (docs/decisions/0203-break-the-glass.md, 0235): a counselor outside the care team is told
// so, and may open the file with a reason; the file then opens, marked, for the grant's hours.

export function BreakGlassPanel({ clientId, canBreak }: { clientId: number; canBreak: boolean }) {
  const t = useT('clients');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const breakGlass = useBreakGlass(clientId);
  const valid = reason.trim().length >= 10 && reason.trim().length <= 500;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) {
      setError(t('clients.rule.breakGlass'));
      return;
    }
    setError(null);
    try {
      await breakGlass.mutateAsync(reason.trim());
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err, t('clients.breakGlass.failed')));
    }
  };

  return (
    <div className="card bg-base-100 shadow-sm" data-testid="not-on-care-team">
      <div className="card-body gap-3">
        <h2 className="card-title text-lg">{t('clients.notOnCareTeam')}</h2>
        <p className="text-base-content/70">
          {t('clients.breakGlass.onlyCareTeam')} {canBreak ? t('clients.breakGlass.canBreak') : t('clients.breakGlass.ask')}
        </p>
        {canBreak && (
          <div>
            <button type="button" className="btn btn-error" onClick={() => setOpen(true)}>{t('clients.breakGlass.button')}</button>
          </div>
        )}
      </div>
      <Modal open={open} title={t('clients.breakGlass.button')} onClose={() => setOpen(false)}>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor="break-glass-reason" className="font-medium">{t('clients.breakGlass.why')}</label>
            <textarea id="break-glass-reason" className={`textarea w-full ${error ? 'textarea-error' : ''}`} name="reason" rows={4} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby="break-glass-hint" aria-invalid={error ? true : undefined} />
            <span id="break-glass-hint" className="text-sm text-base-content/60">{t('clients.rule.breakGlass')} {t('clients.breakGlass.readsIt')}</span>
          </div>
          {error && <p role="alert" className="text-sm text-error">{error}</p>}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn" onClick={() => setOpen(false)}>{t('clients.actions.cancel')}</button>
            <SubmitButton busy={breakGlass.isPending} className="btn-error">{t('clients.breakGlass.open')}</SubmitButton>
          </div>
        </form>
      </Modal>
    </div>
  );
}
