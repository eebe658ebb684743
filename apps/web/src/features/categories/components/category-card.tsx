import type { Category } from '@kalinga/contracts/categories';

export function CategoryCard({ category, canManage, onEdit, onDelete }: { category: Category; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="card overflow-hidden bg-base-100 shadow-sm" data-testid="category-card">
      <figure className="h-36 bg-base-200">
        {category.image_path ? (
          <img src={category.image_path} alt="" className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-primary/15 to-primary/5 text-primary/60" data-testid="category-placeholder">
            <svg aria-hidden="true" className="h-12 w-12" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.25}>
              <path strokeLinecap="round" strokeLinejoin="round" d="M9.568 3H5.25A2.25 2.25 0 003 5.25v4.318c0 .597.237 1.17.659 1.591l9.581 9.581c.699.699 1.78.872 2.607.33a18.095 18.095 0 005.223-5.223c.542-.827.369-1.908-.33-2.607L11.16 3.66A2.25 2.25 0 009.568 3z" />
              <path strokeLinecap="round" strokeLinejoin="round" d="M6 6h.008v.008H6V6z" />
            </svg>
          </div>
        )}
      </figure>
      <div className="card-body gap-2 p-5">
        <h2 className="card-title text-base break-words">{category.title}</h2>
        {category.description ? (
          <p className="line-clamp-3 text-sm text-base-content/75 break-words">{category.description}</p>
        ) : (
          <p className="text-sm italic text-base-content/70">No description available</p>
        )}
        {canManage && (
          <div className="card-actions mt-auto justify-end pt-2">
            <button type="button" className="btn btn-sm btn-ghost" onClick={onEdit} aria-label={`Edit Category ${category.title}`}>
              Edit Category
            </button>
            <button type="button" className="btn btn-sm btn-ghost text-red-700" onClick={onDelete} aria-label={`Delete ${category.title}`}>
              Delete
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
