import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useSiteSettings } from '../../session/site-settings';
import { hasPermission, useAuth } from '../../session/auth-store';
import { useResource } from './api/resources-api';
import { PublishBadge, ResourceImage } from './components/resource-card';
import { useResourceEditor } from './use-resource-editor';

/** The reading view: a resource in full. */
export function ResourceDetailPage() {
  const t = useT('resources');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const canManage = hasPermission(user, 'manage resources');
  const navigate = useNavigate();
  const resource = useResource(id);
  const editor = useResourceEditor();
  // Its days are the centre's, like every day the app shows (decision 0380).
  const zone = useSiteSettings().data?.timezone;

  const back = (
    <Link to="/resources" className="btn btn-ghost btn-sm self-start">
      <span aria-hidden="true">←</span> {t('resources.back')}
    </Link>
  );

  if (resource.isPending) return <LoadingBlock text={t('resources.loadingOne')} />;
  if (resource.isError) {
    const missing = resource.error instanceof ApiError && resource.error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {back}
        {missing ? (
          <div className="py-10 text-center">
            <h1 className="text-2xl font-bold">{t('resources.notFound')}</h1>
            <p className="mt-2 text-base-content/70">{t('resources.notFoundHint')}</p>
          </div>
        ) : (
          <ErrorAlert message={errorMessage(resource.error, t('resources.loadOneFailed'))} onRetry={() => void resource.refetch()} />
        )}
      </div>
    );
  }

  const r = resource.data;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4">
      {back}
      <div className="card overflow-hidden bg-base-100 shadow-sm">
        <ResourceImage resource={r} className="h-48 w-full sm:h-64" />
        <div className="card-body gap-4 p-5 sm:p-8">
          <div className="flex flex-wrap items-center gap-2">
            {r.categories.map((c) => (
              <Link key={c.id} to={`/resources?category=${c.id}`} className="badge badge-soft badge-primary">{c.title}</Link>
            ))}
            {canManage && <PublishBadge published={r.is_published} />}
          </div>
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{r.title}</h1>
          <p className="text-sm text-base-content/60">
            <time dateTime={r.created_at}>{formatDate(r.created_at, zone)}</time>
            {formatDate(r.updated_at, zone) !== formatDate(r.created_at, zone) && <> {t('resources.updatedOn', { date: formatDate(r.updated_at, zone) })}</>}
          </p>
          <div className="max-w-none whitespace-pre-line break-words leading-relaxed text-base-content/90" data-testid="resource-content">
            {r.content}
          </div>
          {canManage && (
            <div className="card-actions justify-end border-t border-base-300 pt-4">
              <button type="button" className="btn btn-sm" onClick={() => editor.openEdit(r)}>{t('resources.edit')}</button>
              <button
                type="button"
                className="btn btn-sm btn-ghost text-red-700"
                onClick={async () => {
                  if (await editor.askDelete(r)) navigate('/resources', { replace: true });
                }}
              >
                {t('resources.delete')}
              </button>
            </div>
          )}
        </div>
      </div>
      {editor.modal}
    </article>
  );
}
