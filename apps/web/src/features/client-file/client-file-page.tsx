import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useAuth } from '../../session/auth-store';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { BreakGlassPanel } from './break-glass-panel';
import { useClientFile } from './client-file-api';
import { CorrectionsPanel } from './corrections-panel';
import { FileActions } from './file-actions';
import { FileTimeline, ScoresChart } from './file-timeline';

// /clients/:id: one screen per client for their care team (docs/decisions/0235-client-file-and-disclosure.md).
// Opening it is recorded; a counselor outside the care team is told so and may break the glass. Not kept as the last
// screen (data-no-snapshot): it is confidential.

export function ClientFilePage() {
  const t = useT('clients');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('clients.file.title'));
  const timezone = settings.data?.timezone ?? undefined;
  const clientId = Number(useParams().id);
  const { user } = useAuth();
  const query = useClientFile(clientId);

  let body;
  if (query.isPending) body = <LoadingBlock text={t('clients.file.opening')} />;
  else if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403) body = <BreakGlassPanel clientId={clientId} canBreak={user?.user_type === 'counselor' && (user.permissions ?? []).includes('view screenings')} />;
    else if (status === 404 || status === 422) body = <EmptyState title={t('clients.file.notFound')} text={t('clients.file.notFoundHint')} action={<Link className="btn" to="/clients">{t('clients.file.backToClients')}</Link>} />;
    else body = <ErrorAlert message={errorMessage(query.error, t('clients.file.openFailed'))} onRetry={() => void query.refetch()} />;
  } else {
    const file = query.data.data;
    const closed = file.file.status === 'closed';
    body = (
      <>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold">{file.client.name}</h1>
            {closed ? <span className="badge badge-neutral">{t('clients.closed')}</span> : <span className="badge badge-ghost">{t('clients.open')}</span>}
          </div>
          <p className="break-all text-base-content/70">{file.client.email}</p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <Link className="link" to={`/clients/${file.client.id}/notes`}>{t('clients.file.caseNotes')}</Link>
            <Link className="link" to={`/clients/${file.client.id}/screenings`}>{t('clients.file.screenings')}</Link>
            <Link className="link" to="/clients">{t('clients.file.allClients')}</Link>
          </div>
        </div>
        {file.access.via === 'break_glass' && (
          <div role="status" className="alert alert-error" data-testid="break-glass-mark">
            <span>{file.access.expires_at ? t('clients.file.brokeGlassUntil', { when: formatDateTime(file.access.expires_at, timezone) }) : t('clients.file.brokeGlass')}</span>
          </div>
        )}
        {file.file.purged_at && (
          <div role="status" className="alert">
            <span>{t('clients.file.purged', { date: formatDate(file.file.purged_at, timezone) })}</span>
          </div>
        )}
        {closed && (
          <div role="status" className="alert alert-warning" data-testid="closed-banner">
            <div className="flex flex-col gap-1">
              <span className="font-medium">{t('clients.file.closedBanner', { date: formatDate(file.file.closed_at, timezone) })}</span>
              {file.file.closing_summary && <span className="whitespace-pre-line break-words text-sm">{t('clients.file.closingSummary', { summary: file.file.closing_summary })}</span>}
            </div>
          </div>
        )}
        <FileActions file={file} />
        <ScoresChart scores={file.scores} timezone={timezone} />
        <CorrectionsPanel file={file} timezone={timezone} />
        <FileTimeline file={file} timezone={timezone} />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5" data-no-snapshot>
      {query.isSuccess ? null : (
        <div>
          <h1 className="text-2xl font-bold">{t('clients.file.title')}</h1>
          <Link className="link text-sm" to="/clients">{t('clients.file.allClients')}</Link>
        </div>
      )}
      {body}
    </div>
  );
}
