import type { ClientFile, Correction } from '@kalinga/contracts/client-file';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useAnswerCorrection } from './client-file-api';

// The client's correction requests on their file: the care team answers each once (corrected or declined, in words);
// the answer is kept and shown to the client on My Profile.

function AnswerForm({ clientId, correction }: { clientId: number; correction: Correction }) {
  const t = useT('clients');
  const answer = useAnswerCorrection(clientId);
  const [outcome, setOutcome] = useState<'corrected' | 'declined'>('corrected');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length < 10 || text.trim().length > 2000) return setError(t('clients.rule.answer'));
    setError(null);
    try {
      await answer.mutateAsync({ id: correction.id, outcome, answer: text.trim() });
      notifySuccess(t('clients.corrections.sent'));
    } catch (err) {
      setError(errorMessage(err, t('clients.corrections.failed')));
    }
  };
  const id = `answer-${correction.id}`;
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t('clients.corrections.outcome')}</legend>
        <label className="flex items-center gap-2 text-sm"><input type="radio" className="radio radio-sm" name={`${id}-outcome`} checked={outcome === 'corrected'} onChange={() => setOutcome('corrected')} />{t('clients.corrections.corrected')}</label>
        <label className="flex items-center gap-2 text-sm"><input type="radio" className="radio radio-sm" name={`${id}-outcome`} checked={outcome === 'declined'} onChange={() => setOutcome('declined')} />{t('clients.corrections.declined')}</label>
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('clients.corrections.yourAnswer')}</span>
        <textarea className={`textarea w-full ${error ? 'textarea-error' : ''}`} rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {error && <p role="alert" className="text-sm text-error">{error}</p>}
      <div><SubmitButton busy={answer.isPending} className="btn-sm">{t('clients.corrections.send')}</SubmitButton></div>
    </form>
  );
}

export function CorrectionsPanel({ file, timezone }: { file: ClientFile; timezone?: string }) {
  const t = useT('clients');
  if (file.corrections.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="corrections-title">
      <h2 id="corrections-title" className="text-lg font-semibold">{t('clients.corrections.title')}</h2>
      <ul className="flex flex-col gap-3">
        {file.corrections.map((c) => (
          <li key={c.id} className="card card-border bg-base-100" data-testid="correction">
            <div className="card-body gap-2 p-4">
              <p className="text-sm text-base-content/70">{t('clients.corrections.asked', { when: formatDateTime(c.created_at, timezone) })}</p>
              <p className="whitespace-pre-line break-words">{c.body}</p>
              {c.answered_at ? (
                <p className="whitespace-pre-line break-words text-sm">
                  <span className={`badge badge-sm mr-2 ${c.outcome === 'corrected' ? 'badge-success' : 'badge-ghost'}`}>{c.outcome === 'corrected' ? t('clients.corrections.corrected') : t('clients.corrections.declined')}</span>
                  {c.answered_by_name}, {formatDateTime(c.answered_at, timezone)}: {c.answer}
                </p>
              ) : file.may_act ? (
                <AnswerForm clientId={file.client.id} correction={c} />
              ) : (
                <p className="text-sm text-base-content/70">{t('clients.corrections.waiting')}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
