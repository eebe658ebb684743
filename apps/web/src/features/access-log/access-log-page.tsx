import type { AccessKind, AccessVia } from '@kalinga/contracts/client-access-constants';
import type { AccessLogEntry } from '@kalinga/contracts/client-access';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { type MessageKey, type Translate, useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { downloadAccessLog, NO_FILTERS, useAccessLog, type AccessLogFilters } from './access-log-api';
import { AccessLogFilterBar } from './access-log-filters';
import { KIND_LABELS } from './access-log-kinds';
import { ClinicalGrantsSection } from './clinical-grants-section';

// The privacy officer's Access log (docs/decisions/0204-access-log-screen.md): who opened which client's record,
// when, what, by which right and why; never the content itself. Not kept as the last screen (it names clients).

/** By which right, in words (the access log area). */
const VIA_LABELS: Record<AccessVia, MessageKey> = {
  self: 'accessLog.via.self',
  care_team: 'accessLog.via.care_team',
  group_facilitator: 'accessLog.via.group_facilitator',
  supervisor: 'accessLog.via.supervisor',
  break_glass: 'accessLog.via.break_glass',
  list: 'accessLog.via.list',
  recorded_before: 'accessLog.via.recorded_before',
};

const kindLabel = (kind: string, t: Translate) => {
  const key = KIND_LABELS[kind as AccessKind];
  return key ? t(key) : kind;
};

function ViaBadge({ e }: { e: AccessLogEntry }) {
  const t = useT('accessLog');
  const strong = e.via === 'break_glass';
  return <span className={`badge badge-sm whitespace-nowrap ${strong ? 'badge-error' : 'badge-ghost'}`}>{t(VIA_LABELS[e.via])}</span>;
}

export function AccessLogPage() {
  const t = useT('accessLog');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('accessLog.title'));
  const timezone = settings.data?.timezone ?? undefined;
  const [filters, setFilters] = useState<AccessLogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [tab, setTab] = useState<'openings' | 'grants'>('openings');
  const debounced = useDebouncedValue(filters, 300);
  const log = useAccessLog(debounced, page);
  const filtered = Object.values(filters).some((v) => v !== '');
  const changeFilters = (next: AccessLogFilters) => {
    setFilters(next);
    setPage(1);
  };
  const fieldErrors = log.error instanceof ApiError && log.error.status === 422 ? log.error.errors : {};
  const when = (at: string) => formatDateTime(at, timezone);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAccessLog(debounced, timezone);
    } catch (err) {
      notifyError(errorMessage(err, t('accessLog.downloadFailed')));
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (log.isPending) body = <LoadingBlock text={t('accessLog.loading')} />;
  else if (log.isError && Object.keys(fieldErrors).length === 0) body = <ErrorAlert message={errorMessage(log.error, t('accessLog.loadFailed'))} onRetry={() => void log.refetch()} />;
  else if (!log.data || log.data.data.length === 0) {
    body = filtered ? (
      <EmptyState title={t('accessLog.noMatch')} text={t('accessLog.noMatchHint')} action={<button type="button" className="btn" onClick={() => changeFilters(NO_FILTERS)}>{t('accessLog.clearFilters')}</button>} />
    ) : (
      <EmptyState title={t('accessLog.none')} text={t('accessLog.noneHint')} />
    );
  } else {
    const rows = log.data.data;
    body = (
      <>
        <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
          <table className="table">
            <caption className="sr-only">{t('accessLog.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('accessLog.col.when')}</th>
                <th scope="col">{t('accessLog.col.person')}</th>
                <th scope="col">{t('accessLog.col.client')}</th>
                <th scope="col">{t('accessLog.col.what')}</th>
                <th scope="col">{t('accessLog.col.right')}</th>
                <th scope="col">{t('accessLog.col.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} data-testid="access-row">
                  <td className="whitespace-nowrap"><time dateTime={e.at}>{when(e.at)}</time></td>
                  <td>{e.viewer_name ?? t('accessLog.removedUser')}</td>
                  <td>{e.client_name ?? t('accessLog.removedClient')}</td>
                  <td>{kindLabel(e.kind, t)}</td>
                  <td><ViaBadge e={e} /></td>
                  <td className="max-w-72 break-words text-sm">{e.reason ?? <span className="text-base-content/60">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="flex flex-col gap-3 md:hidden" aria-label={t('accessLog.caption')}>
          {rows.map((e) => (
            <li key={e.id} className="card bg-base-100 shadow-sm" data-testid="access-card">
              <div className="card-body gap-1 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{e.viewer_name ?? t('accessLog.removedUser')}</span>
                  <ViaBadge e={e} />
                </div>
                <p className="text-sm">
                  {e.kind === 'triage_list' ? t('accessLog.inTriage') : t('accessLog.kindOf', { kind: kindLabel(e.kind, t) })}{' '}
                  <span className="font-medium">{e.client_name ?? t('accessLog.removedClientLower')}</span>
                </p>
                <time className="text-sm text-base-content/70" dateTime={e.at}>{when(e.at)}</time>
                {e.reason && <p className="break-words text-sm">{t('accessLog.reason', { reason: e.reason })}</p>}
              </div>
            </li>
          ))}
        </ul>
        <p className="text-sm text-base-content/70" aria-live="polite">
          {t('accessLog.range', { from: log.data.meta.from ?? 0, to: log.data.meta.to ?? 0, total: log.data.meta.total })}
        </p>
        <Pagination currentPage={log.data.meta.current_page} lastPage={log.data.meta.last_page} onPageChange={setPage} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('accessLog.title')}</h1>
          <p className="text-base-content/70">{t('accessLog.subtitle')}</p>
        </div>
        {tab === 'openings' && (
          <button type="button" className="btn btn-primary" onClick={() => void exportCsv()} disabled={exporting || log.isPending}>
            {exporting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('accessLog.download')}
          </button>
        )}
      </div>
      <div role="tablist" className="tabs tabs-border" aria-label={t('accessLog.tabs')}>
        <button type="button" role="tab" id="tab-openings" aria-controls="panel-openings" aria-selected={tab === 'openings'} className={`tab ${tab === 'openings' ? 'tab-active' : 'text-base-content/80'}`} onClick={() => setTab('openings')}>
          {t('accessLog.tab.opened')}
        </button>
        <button type="button" role="tab" id="tab-grants" aria-controls="panel-grants" aria-selected={tab === 'grants'} className={`tab ${tab === 'grants' ? 'tab-active' : 'text-base-content/80'}`} onClick={() => setTab('grants')}>
          {t('accessLog.tab.grants')}
        </button>
      </div>
      {tab === 'openings' ? (
        <div role="tabpanel" id="panel-openings" aria-labelledby="tab-openings" className="flex flex-col gap-5">
          <AccessLogFilterBar value={filters} onChange={changeFilters} errors={fieldErrors} />
          {body}
        </div>
      ) : (
        <div role="tabpanel" id="panel-grants" aria-labelledby="tab-grants">
          <ClinicalGrantsSection timezone={timezone} />
        </div>
      )}
    </div>
  );
}
