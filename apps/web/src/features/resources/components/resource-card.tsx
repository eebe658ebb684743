import { previewContent, type Resource } from '@kalinga/contracts/resources';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image';
import { useT } from '../../../lib/i18n';

export function PublishBadge({ published }: { published: boolean }) {
  const t = useT('resources');
  return published ? <span className="badge badge-success badge-sm">{t('resources.published')}</span> : <span className="badge badge-warning badge-sm">{t('resources.draft')}</span>;
}

export function ResourceImage({ resource, className }: { resource: Resource; className: string }) {
  return (
    <CoverImage
      src={resource.image_url}
      className={`${className} bg-base-200 object-cover`}
      placeholder={
        <div className={`${className} flex items-center justify-center bg-gradient-to-br from-primary/15 to-primary/5 text-primary/60`} data-testid="resource-placeholder">
          <svg aria-hidden="true" className="h-12 w-12" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.25}>
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 6.042A8.967 8.967 0 006 3.75c-1.052 0-2.062.18-3 .512v14.25A8.987 8.987 0 016 18c2.305 0 4.408.867 6 2.292m0-14.25a8.966 8.966 0 016-2.292c1.052 0 2.062.18 3 .512v14.25A8.987 8.987 0 0018 18a8.967 8.967 0 00-6 2.292m0-14.25v14.25" />
          </svg>
        </div>
      }
    />
  );
}

export function ResourceCard({ resource, canManage, onEdit, onDelete }: { resource: Resource; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  const t = useT('resources');
  return (
    <article className="card overflow-hidden bg-base-100 shadow-sm" data-testid="resource-card">
      <figure className="relative">
        <ResourceImage resource={resource} className="h-40 w-full" />
        {canManage && (
          <span className="absolute right-3 top-3">
            <PublishBadge published={resource.is_published} />
          </span>
        )}
      </figure>
      <div className="card-body gap-3 p-5">
        {resource.categories.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={t('resources.categories')}>
            {resource.categories.map((c) => (
              <li key={c.id} className="badge badge-soft badge-primary badge-sm">{c.title}</li>
            ))}
          </ul>
        )}
        <h2 className="card-title text-base break-words">
          <Link to={`/resources/${resource.uuid}`} className="link-hover">{resource.title}</Link>
        </h2>
        <p className="text-sm text-base-content/75 break-words">{previewContent(resource.content)}</p>
        <div className="card-actions mt-auto items-center justify-between pt-2">
          <Link to={`/resources/${resource.uuid}`} className="btn btn-sm btn-primary btn-outline">
            {t('resources.readMore')}<span className="sr-only"> {t('resources.readMoreAbout', { title: resource.title })}</span>
          </Link>
          {canManage && (
            <div className="flex gap-1">
              <button type="button" className="btn btn-sm btn-ghost" onClick={onEdit} aria-label={t('resources.editNamed', { title: resource.title })}>{t('resources.editButton')}</button>
              <button type="button" className="btn btn-sm btn-ghost text-red-700" onClick={onDelete} aria-label={t('resources.deleteNamed', { title: resource.title })}>{t('resources.delete')}</button>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
