import type { Correction } from '@kalinga/contracts/client-file';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todayIn } from '@kalinga/contracts/zone-time';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { downloadFile } from '../../lib/download-file';
import { useSiteSettings } from '../../session/site-settings';
import { useT } from '../../lib/i18n';
import { refreshQueries } from '../../lib/refresh-queries';

// My Profile › My record (docs/decisions/0235-client-file-and-disclosure.md): a student or employee downloads what the
// centre shares with them of their own record (PDF or JSON; each download recorded) and asks their care team to
// correct it; the answers are shown here. Kept in memory only.

const CORRECTIONS_KEY = ['me', 'corrections'] as const;

function CorrectionItem({ c, timezone }: { c: Correction; timezone?: string }) {
  const t = useT('profile');
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="my-correction">
      <p className="text-sm text-base-content/70">{t('profile.record.asked', { when: formatDateTime(c.created_at, timezone) })}</p>
      <p className="whitespace-pre-line break-words">{c.body}</p>
      {c.answered_at ? (
        <p className="mt-1 whitespace-pre-line break-words text-sm">
          <span className={`badge badge-sm mr-2 ${c.outcome === 'corrected' ? 'badge-success' : 'badge-ghost'}`}>{t('profile.record.outcome', { outcome: c.outcome === 'corrected' ? 'corrected' : 'declined' })}</span>
          {c.answered_by_name}: {c.answer}
        </p>
      ) : (
        <p className="mt-1 text-sm text-base-content/70">{t('profile.record.waiting')}</p>
      )}
    </li>
  );
}

export function MyRecordSection() {
  const t = useT('profile');
  const settings = useSiteSettings();
  const timezone = settings.data?.timezone ?? undefined;
  const qc = useQueryClient();
  const corrections = useQuery({ queryKey: CORRECTIONS_KEY, queryFn: () => api.get<{ data: Correction[] }>('/api/me/corrections'), staleTime: 0 });
  const ask = useMutation({
    mutationFn: (body: string) => api.post<{ data: Correction }>('/api/me/corrections', { uuid: crypto.randomUUID(), body }),
    onSuccess: () => refreshQueries(qc, { queryKey: CORRECTIONS_KEY }),
  });
  const [downloading, setDownloading] = useState<'pdf' | 'json' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const download = async (format: 'pdf' | 'json') => {
    setDownloading(format);
    try {
      await downloadFile('/api/me/record', { format }, `my-record-${todayIn(timezone)}.${format}`, t('profile.record.downloadFailed'));
    } catch (err) {
      notifyError(errorMessage(err, t('profile.record.downloadFailed')));
    } finally {
      setDownloading(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length < 10 || text.trim().length > 2000) return setError(t('profile.record.rule'));
    setError(null);
    try {
      await ask.mutateAsync(text.trim());
      setText('');
      notifySuccess(t('profile.record.sent'));
    } catch (err) {
      setError(errorMessage(err, t('profile.record.sendFailed')));
    }
  };

  let list;
  if (corrections.isPending) list = <p className="text-sm text-base-content/70">{t('profile.record.loading')}</p>;
  else if (corrections.isError) list = <ErrorAlert message={errorMessage(corrections.error, t('profile.record.loadFailed'))} retryText={t('profile.notifications.retry')} onRetry={() => void corrections.refetch()} />;
  else if (corrections.data.data.length === 0) list = <p className="text-sm text-base-content/70">{t('profile.record.none')}</p>;
  else list = <ul className="flex flex-col gap-2">{corrections.data.data.map((c) => <CorrectionItem key={c.id} c={c} timezone={timezone} />)}</ul>;

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="my-record-title">
      <div className="card-body gap-4">
        <div>
          <h2 id="my-record-title" className="card-title">{t('profile.record.title')}</h2>
          <p className="text-sm text-base-content/70">{t('profile.record.lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" disabled={downloading !== null} onClick={() => void download('pdf')}>
            {downloading === 'pdf' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('profile.record.pdf')}
          </button>
          <button type="button" className="btn" disabled={downloading !== null} onClick={() => void download('json')}>
            {downloading === 'json' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('profile.record.json')}
          </button>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">{t('profile.record.requests')}</h3>
          {list}
        </div>
        <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor="correction-text" className="font-medium">{t('profile.record.ask')}</label>
            <textarea id="correction-text" className={`textarea w-full ${error ? 'textarea-error' : ''}`} name="correction" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} aria-describedby="correction-hint" />
            <span id="correction-hint" className="text-sm text-base-content/60">{t('profile.record.rule')} {t('profile.record.hint')}</span>
          </div>
          {error && <p role="alert" className="text-sm text-error">{error}</p>}
          <div className="flex justify-end"><SubmitButton busy={ask.isPending}>{t('profile.record.send')}</SubmitButton></div>
        </form>
      </div>
    </section>
  );
}
