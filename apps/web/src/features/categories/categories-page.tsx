import type { Category } from '@kalinga/contracts/categories';
import { useEffect, useState } from 'react';
import { confirmDelete } from '../../components/ui/confirm-dialog';
import type { CoverLoad } from '../../components/ui/cover-image';
import { Drawer } from '../../components/ui/drawer';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazy-part';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hasPermission, useAuth } from '../../session/auth-store';
import { afterNextPaint } from '../../lib/after-paint';
import { CATEGORY_PAGE_SIZE, type CategoryInput, categoriesScreenShown, preloadCategoryWrites } from './api/categories-store';
import { useCategoryList, useCategoryMutations } from './api/use-categories';
import { CategoryCard } from './components/category-card';

// The add/edit form (with the image picker) loads after the list's first paint, warmed when the browser is idle (decision 0091).
// The form comes with the code its save needs, so a form that has loaded can save after the network drops.
const categoryForm = lazyPart(() => Promise.all([import('./components/category-form'), preloadCategoryWrites()]).then(([m]) => m.CategoryForm));

type Editing = { mode: 'add' } | { mode: 'edit'; category: Category } | null;

/** The grid's columns at this screen's width (its classes below: one, sm two, lg three, 2xl four). */
function gridColumns(): number {
  if (typeof window.matchMedia !== 'function') return 1;
  const wide = (rem: number) => window.matchMedia(`(min-width: ${rem}rem)`).matches;
  return wide(96) ? 4 : wide(64) ? 3 : wide(40) ? 2 : 1;
}

/** Longest the later pictures wait for the first one (a picture that neither loads nor fails). */
const FIRST_PICTURE_WAIT_MS = 3000;

/**
 * How each card's picture loads (decisions 0334, 0363): the first picture of the list (a card without one shows its
 * placeholder) at once and first, the rest of the first row at once; the others only once that picture has loaded
 * (or failed, or after FIRST_PICTURE_WAIT_MS), so on a slow phone they do not share the line with the picture the
 * screen shows first. Their frames keep their size.
 */
function usePictureOrder(sources: (string | null | undefined)[]) {
  const [columns] = useState(gridColumns);
  const [firstSettled, setFirstSettled] = useState(false);
  const first = sources.findIndex((src) => !!src);
  const waiting = first >= 0 && !firstSettled;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setFirstSettled(true), FIRST_PICTURE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);
  const loadOf = (index: number): CoverLoad => (index === first ? 'first' : index < columns ? 'eager' : waiting ? 'held' : 'lazy');
  // Once the frame that shows the first picture has been painted: a picture's load comes a frame before its paint,
  // and what was asked in between (the other pictures, the device's code) ended before the screen's largest paint
  // and Lighthouse put it in front of it (decision 0381).
  return { loadOf, first, waiting, settled: () => void afterNextPaint(() => setFirstSettled(true)) };
}

export function CategoriesPage() {
  const t = useT('categories');
  const { user } = useAuth();
  const canManage = hasPermission(user, 'manage resources');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [formErrors, setFormErrors] = useState<Record<string, string[]>>({});
  const list = useCategoryList({ page, perPage: CATEGORY_PAGE_SIZE, search: debouncedSearch });
  const { create, update, remove } = useCategoryMutations();
  usePreloadWhenIdle(categoryForm);

  useEffect(() => setPage(1), [debouncedSearch]);

  // The screen reloads when the browser comes back online (product-rules.md#screen-categories).
  const { refetch } = list;
  useEffect(() => {
    const reload = () => void refetch();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [refetch]);

  useEffect(() => {
    if (list.error) console.error('Failed to fetch categories', list.error);
  }, [list.error]);

  // A deleted last item can leave the page past the end: step back.
  const lastPage = list.data?.meta.last_page ?? 1;
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage]);

  const openAdd = () => {
    setFormErrors({});
    setEditing({ mode: 'add' });
  };
  const openEdit = (category: Category) => {
    setFormErrors({});
    setEditing({ mode: 'edit', category });
  };
  const close = () => setEditing(null);

  const save = async (input: CategoryInput) => {
    if (!editing) return;
    setFormErrors({});
    try {
      if (editing.mode === 'add') {
        await create.mutateAsync(input);
        notifySuccess(t('categories.created'));
      } else {
        await update.mutateAsync({ uuid: editing.category.uuid, input });
        notifySuccess(t('categories.updated'));
      }
      setEditing(null);
    } catch (err) {
      if (err instanceof ApiError) setFormErrors(err.errors);
      notifyError(editing.mode === 'add' ? t('categories.createFailed') : t('categories.updateFailed'));
    }
  };

  const askDelete = async (category: Category) => {
    if (!(await confirmDelete(category.title))) return;
    try {
      await remove.mutateAsync(category.uuid);
      notifySuccess(t('categories.deleted'));
    } catch (err) {
      // The product's words first (product-rules.md#messages); the server's reason (e.g. appointments use it) as the detail.
      notifyError(t('categories.deleteFailed'), { description: err instanceof ApiError && err.status === 409 ? err.message : undefined });
    }
  };

  const searching = debouncedSearch.trim() !== '';
  const data = list.data;
  const pictures = usePictureOrder(data?.data.map((c) => c.image_path) ?? []);
  // The device's code waits for the first picture (loaded or failed) or a list without one (decision 0371).
  const shown = data !== undefined && !pictures.waiting;
  useEffect(() => {
    if (shown) categoriesScreenShown();
  }, [shown]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('categories.title')}</h1>
          {/* The subtitle (product-rules.md#screen-categories) speaks to managers; a reader browses. */}
          <p className="text-base-content/70">{canManage ? t('categories.subtitleManage') : t('categories.subtitleBrowse')}</p>
        </div>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={openAdd}>
            <span aria-hidden="true">+</span> {t('categories.add')}
          </button>
        )}
      </div>

      <div className="flex items-center gap-2">
        <label className="input w-full sm:max-w-md">
          <svg aria-hidden="true" className="h-4 w-4 opacity-60" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
            <path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-5.197-5.197m0 0A7.5 7.5 0 105.196 5.196a7.5 7.5 0 0010.607 10.607z" />
          </svg>
          {/* A text input in the searchbox role: type="search" adds the browser's own clear button beside this one. */}
          <input type="text" role="searchbox" enterKeyHint="search" className="grow" placeholder={t('categories.search')} aria-label={t('categories.searchLabel')} value={search} onChange={(e) => setSearch(e.target.value)} />
          {search && (
            <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('categories.clearSearch')} onClick={() => setSearch('')}>
              ✕
            </button>
          )}
        </label>
        {list.isFetching && data && <span className="loading loading-spinner loading-sm text-base-content/50" aria-label={t('categories.refreshing')} />}
      </div>

      {list.isPending ? (
        <LoadingBlock text={t('categories.loading')} />
      ) : list.isError && !data ? (
        <ErrorAlert message={errorMessage(list.error, t('categories.loadFailed'))} onRetry={() => void refetch()} />
      ) : data && data.data.length === 0 ? (
        searching ? (
          <EmptyState title={t('categories.noneFound')} text={t('categories.noneFoundHint')} />
        ) : (
          <EmptyState
            title={t('categories.noneYet')}
            text={t('categories.noneYetHint')}
            action={canManage ? <button type="button" className="btn btn-primary" onClick={openAdd}>{t('categories.addFirst')}</button> : undefined}
          />
        )
      ) : data ? (
        <>
          {list.isError && <ErrorAlert message={errorMessage(list.error, t('categories.loadFailed'))} onRetry={() => void refetch()} />}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {data.data.map((c, i) => (
              <CategoryCard key={c.uuid} category={c} canManage={canManage} onEdit={() => openEdit(c)} onDelete={() => void askDelete(c)} load={pictures.loadOf(i)} onPictureSettled={i === pictures.first ? pictures.settled : undefined} />
            ))}
          </div>
          <Pagination currentPage={data.meta.current_page} lastPage={data.meta.last_page} onPageChange={setPage} />
        </>
      ) : null}

      <Drawer open={editing !== null} title={editing?.mode === 'edit' ? t('categories.edit') : t('categories.add')} onClose={close}>
        {editing && (
          <categoryForm.Part
            key={editing.mode === 'edit' ? editing.category.uuid : 'new'}
            category={editing.mode === 'edit' ? editing.category : null}
            saving={create.isPending || update.isPending}
            errors={formErrors}
            onSubmit={(input) => void save(input)}
            onCancel={close}
          />
        )}
      </Drawer>
    </div>
  );
}
