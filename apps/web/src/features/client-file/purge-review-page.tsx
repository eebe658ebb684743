import type { Purge } from '@kalinga/contracts/client-file';
import { useState } from 'react';
import { confirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { type MessageKey, type Translate, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useApprovePurge, usePurges } from './client-file-api';

// /files-to-purge: the privacy officer's review of closed files past retention (docs/decisions/0236-retention-and-purge.md).
// Approving purges the file's content at once (notes, screening answers, urgent cases' details, correction
// requests); dates and counts stay for reports.

const COUNT_WORDS: Record<string, MessageKey> = {
  case_notes: 'clients.purge.count.case_notes',
  addenda: 'clients.purge.count.addenda',
  screening_answers: 'clients.purge.count.screening_answers',
  urgent_cases: 'clients.purge.count.urgent_cases',
  correction_requests: 'clients.purge.count.correction_requests',
};

function counts(p: Purge, t: Translate): string {
  return Object.entries(p.counts ?? {}).map(([k, n]) => (COUNT_WORDS[k] ? t(COUNT_WORDS[k], { count: n }) : `${n} ${k}`)).join(', ');
}

export function PurgeReviewPage() {
  const t = useT('clients');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('clients.purge.title'));
  const timezone = settings.data?.timezone ?? undefined;
  const purges = usePurges();
  const approve = useApprovePurge();
  const [busyId, setBusyId] = useState<number | null>(null);

  const purge = async (p: Purge) => {
    const ok = await confirm({ title: t('clients.purge.confirmTitle'), text: t('clients.purge.confirmText', { name: p.client_name }), confirmText: t('clients.purge.confirm'), danger: true });
    if (!ok) return;
    setBusyId(p.id);
    try {
      await approve.mutateAsync(p.id);
      notifySuccess(t('clients.purge.done', { name: p.client_name }));
    } catch (err) {
      notifyError(errorMessage(err, t('clients.purge.failed')));
    } finally {
      setBusyId(null);
    }
  };

  let body;
  if (purges.isPending) body = <LoadingBlock text={t('clients.purge.loading')} />;
  else if (purges.isError) body = <ErrorAlert message={errorMessage(purges.error, t('clients.purge.loadFailed'))} onRetry={() => void purges.refetch()} />;
  else if (purges.data.data.length === 0) body = <EmptyState title={t('clients.purge.none')} text={t('clients.purge.noneHint', { years: purges.data.retention_years })} />;
  else {
    body = (
      <ul className="flex flex-col gap-3" aria-label={t('clients.purge.list')}>
        {purges.data.data.map((p) => (
          <li key={p.id} className="card card-border bg-base-100 shadow-sm" data-testid="purge-row">
            <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-semibold">{p.client_name}</p>
                <p className="text-sm text-base-content/70">{t('clients.purge.dates', { closed: formatDate(p.closed_at, timezone), until: formatDate(p.keep_until, timezone), listed: formatDate(p.listed_at, timezone) })}</p>
                {p.status === 'purged' && <p className="text-sm">{t('clients.purge.purgedBy', { date: formatDate(p.purged_at, timezone), name: p.approved_by_name ?? t('clients.purge.removedUser'), counts: counts(p, t) || t('clients.purge.nothing') })}</p>}
              </div>
              {p.status === 'listed' ? (
                <button type="button" className="btn btn-error btn-sm self-start sm:self-center" disabled={busyId !== null} onClick={() => void purge(p)}>
                  {busyId === p.id && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {t('clients.purge.approve')}
                </button>
              ) : (
                <span className="badge badge-ghost self-start sm:self-center">{t('clients.purge.purged')}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">{t('clients.purge.title')}</h1>
        <p className="text-base-content/70">{t('clients.purge.subtitle')}</p>
      </div>
      {body}
    </div>
  );
}
