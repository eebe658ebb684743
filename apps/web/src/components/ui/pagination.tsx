import { useT } from '../../lib/i18n';
import { pageItems } from './page-items';

/** Previous/next, page numbers with ellipses, first and last always shown. Renders nothing for a single page. */
export function Pagination({ currentPage, lastPage, onPageChange, maxVisible = 7 }: { currentPage: number; lastPage: number; onPageChange: (page: number) => void; maxVisible?: number }) {
  const t = useT('common');
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t('common.pagination')} className="flex justify-center">
      <div className="join">
        <button type="button" className="join-item btn btn-sm" disabled={currentPage <= 1} onClick={() => onPageChange(currentPage - 1)} aria-label={t('common.pagination.previous')}>
          «
        </button>
        {pageItems(currentPage, lastPage, maxVisible).map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              className={`join-item btn btn-sm ${item === currentPage ? 'btn-active btn-primary' : ''}`}
              aria-current={item === currentPage ? 'page' : undefined}
              aria-label={t('common.pagination.page', { page: item })}
              onClick={() => item !== currentPage && onPageChange(item)}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="join-item btn btn-sm btn-disabled" aria-hidden="true">…</span>
          ),
        )}
        <button type="button" className="join-item btn btn-sm" disabled={currentPage >= lastPage} onClick={() => onPageChange(currentPage + 1)} aria-label={t('common.pagination.next')}>
          »
        </button>
      </div>
    </nav>
  );
}
