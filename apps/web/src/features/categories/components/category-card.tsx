import { Link } from 'react-router';
import { CoverImage, type CoverLoad } from '../../../components/ui/cover-image';
import { useT } from '../../../lib/i18n';
import type { CategoryView } from '../api/categories-store';

/** product-rules.md#local-save: synced when sync_status is synced or a server id exists; a change made here and not sent yet shows. */
function SyncBadge({ category }: { category: CategoryView }) {
  const t = useT('categories');
  if (category.sync_status === 'failed') {
    return (
      <p className="text-sm text-error" role="note">
        <span className="badge badge-error badge-sm mr-1">{t('categories.notSynced')}</span>
        {category.sync_error}
      </p>
    );
  }
  if (category.sync_status === 'pending') {
    return (
      <span className="badge badge-warning badge-sm" title={t('categories.pendingTitle')}>
        {t('categories.pending')}
      </span>
    );
  }
  return null;
}

const PLACEHOLDER = (
  <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-primary/15 to-primary/5 text-primary/60" data-testid="category-placeholder">
    <svg aria-hidden="true" className="h-12 w-12" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.25}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M9.568 3H5.25A2.25 2.25 0 003 5.25v4.318c0 .597.237 1.17.659 1.591l9.581 9.581c.699.699 1.78.872 2.607.33a18.095 18.095 0 005.223-5.223c.542-.827.369-1.908-.33-2.607L11.16 3.66A2.25 2.25 0 009.568 3z" />
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 6h.008v.008H6V6z" />
    </svg>
  </div>
);

/**
 * A category: the whole card opens its resources (/resources?category={id}) through the title's link, stretched
 * over the card; Edit and Delete sit above that link. A category made on this device and not on the server yet
 * has no id and no resources, so it has no link.
 */
export function CategoryCard({ category, canManage, onEdit, onDelete, load = 'lazy', onPictureSettled }: { category: CategoryView; canManage: boolean; onEdit: () => void; onDelete: () => void; load?: CoverLoad; onPictureSettled?: () => void }) {
  const t = useT('categories');
  const resourcesPath = category.id > 0 ? `/resources?category=${category.id}` : null;
  return (
    <article className="card relative overflow-hidden bg-base-100 shadow-sm transition-shadow has-[a:hover]:shadow-md" data-testid="category-card">
      <figure className="h-36 bg-base-200">
        <CoverImage src={category.image_path} className="h-full w-full object-cover" placeholder={PLACEHOLDER} load={load} onSettled={onPictureSettled} />
      </figure>
      <div className="card-body gap-2 p-5">
        <h2 className="card-title text-base break-words">
          {resourcesPath ? (
            <Link to={resourcesPath} className="link-hover after:absolute after:inset-0 after:content-['']">
              {category.title}
            </Link>
          ) : (
            category.title
          )}
        </h2>
        <SyncBadge category={category} />
        {category.description ? (
          <p className="line-clamp-3 text-sm text-base-content/75 break-words">{category.description}</p>
        ) : (
          <p className="text-sm italic text-base-content/70">{t('categories.noDescription')}</p>
        )}
        {canManage && (
          <div className="card-actions relative z-10 mt-auto justify-end pt-2">
            <button type="button" className="btn btn-sm btn-ghost" onClick={onEdit} aria-label={t('categories.editNamed', { title: category.title })}>
              {t('categories.edit')}
            </button>
            <button type="button" className="btn btn-sm btn-ghost text-red-700" onClick={onDelete} aria-label={t('categories.deleteNamed', { title: category.title })}>
              {t('categories.delete')}
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
