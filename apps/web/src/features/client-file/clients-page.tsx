import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { useMyClients } from './client-file-api';

// /clients: the counselor's clients (care team, supervised counselors' clients, live break-the-glass grants), each
// one shown recorded in the access log (decision 0235). Not kept as the last screen.

export function ClientsPage() {
  const t = useT('clients');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('clients.title'));
  const timezone = settings.data?.timezone ?? undefined;
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const clients = useMyClients(debounced);

  let body;
  if (clients.isPending) body = <LoadingBlock text={t('clients.loading')} />;
  else if (clients.isError) body = <ErrorAlert message={errorMessage(clients.error, t('clients.loadFailed'))} onRetry={() => void clients.refetch()} />;
  else if (clients.data.data.length === 0) {
    body = debounced ? (
      <EmptyState title={t('clients.noMatch')} text={t('clients.noMatchHint')} action={<button type="button" className="btn" onClick={() => setSearch('')}>{t('clients.clearSearch')}</button>} />
    ) : (
      <EmptyState title={t('clients.noneYet')} text={t('clients.noneYetHint')} />
    );
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t('clients.yours')}>
        {clients.data.data.map((c) => (
          <li key={c.id} className="card card-border bg-base-100 shadow-sm" data-testid="client-row">
            <div className="card-body gap-1 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link className="link link-hover break-words font-semibold" to={`/clients/${c.id}`}>{c.name}</Link>
                {c.file_status === 'closed' ? <span className="badge badge-sm badge-neutral">{t('clients.closed')}</span> : <span className="badge badge-sm badge-ghost">{t('clients.open')}</span>}
              </div>
              <p className="break-all text-sm text-base-content/70">{c.email}</p>
              <p className="text-sm">{c.next_at ? t('clients.next', { when: formatDateTime(c.next_at, timezone) }) : t('clients.noUpcoming')}</p>
              {c.last_seen && <p className="text-sm text-base-content/70">{t('clients.lastSeen', { when: formatDateTime(c.last_seen, timezone) })}</p>}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-5" data-no-snapshot>
      <div>
        <h1 className="text-2xl font-bold">{t('clients.title')}</h1>
        <p className="text-base-content/70">{t('clients.subtitle')}</p>
      </div>
      <label className="flex max-w-md flex-col gap-1">
        <span className="font-medium">{t('clients.search')}</span>
        <input className="input w-full" type="search" placeholder={t('clients.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {body}
    </div>
  );
}
