import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { hasPermission, useAuth } from '../../session/auth-store';
import { useResourceList } from './api/resources-api';
import { ResourceCard } from './components/resource-card';
import { useResourceEditor } from './use-resource-editor';

export function ResourcesPage() {
  const t = useT('resources');
  const { user } = useAuth();
  const canManage = hasPermission(user, 'manage resources');
  // Filters and page live in the address, so coming back from a resource keeps them.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [category, setCategory] = useState(params.get('category') ?? '');
  const [search, setSearch] = useState(params.get('search') ?? '');
  // product-rules.md#screen-resources: filter changes reload after a 300 ms debounce. The address follows the debounced
  // values, and only when they differ from it, so landing on /resources?page=2 keeps the page.
  const debouncedCategory = useDebouncedValue(category);
  const debouncedSearch = useDebouncedValue(search);
  const latest = useRef({ params, setParams });
  useLayoutEffect(() => {
    latest.current = { params, setParams };
  });
  useEffect(() => {
    const { params: p, setParams: set } = latest.current;
    if ((p.get('category') ?? '') === debouncedCategory && (p.get('search') ?? '') === debouncedSearch) return;
    const next = new URLSearchParams(p);
    if (debouncedCategory) next.set('category', debouncedCategory);
    else next.delete('category');
    if (debouncedSearch) next.set('search', debouncedSearch);
    else next.delete('search');
    next.delete('page');
    set(next, { replace: true });
  }, [debouncedCategory, debouncedSearch]);

  const query = { page, category: params.get('category') ?? '', search: params.get('search') ?? '' };
  const list = useResourceList(query);
  const editor = useResourceEditor();
  const categoryOptions = editor.categories;

  const goToPage = (p: number) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });
    // product-rules.md#screen-resources: page changes scroll to top (at once: a smooth scroll races the new page's layout).
    window.scrollTo({ top: 0 });
  };

  const data = list.data;
  const lastPage = data?.meta.last_page ?? 1;
  useEffect(() => {
    if (data && page > lastPage) goToPage(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the data says the page is past the end
  }, [data, page, lastPage]);

  const hasFilters = category !== '' || search !== '';
  const filtered = query.category !== '' || query.search.trim() !== '';
  const clearFilters = () => {
    setCategory('');
    setSearch('');
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('resources.title')}</h1>
          <p className="text-base-content/70">{t('resources.subtitle')}</p>
        </div>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={editor.openAdd}>
            <span aria-hidden="true">+</span> {t('resources.add')}
          </button>
        )}
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <select className="select w-full sm:w-60" aria-label={t('resources.category')} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('resources.allCategories')}</option>
          {(categoryOptions.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>{c.title}</option>
          ))}
        </select>
        <label className="input w-full sm:max-w-md">
          <svg aria-hidden="true" className="h-4 w-4 opacity-60" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
            <path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-5.197-5.197m0 0A7.5 7.5 0 105.196 5.196a7.5 7.5 0 0010.607 10.607z" />
          </svg>
          <input type="search" className="grow" placeholder={t('resources.search')} aria-label={t('resources.searchLabel')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {hasFilters && (
          <button type="button" className="btn btn-ghost" onClick={clearFilters}>{t('resources.clearFilters')}</button>
        )}
        {list.isFetching && data && <span className="loading loading-spinner loading-sm text-base-content/50" aria-label={t('resources.refreshing')} />}
      </div>

      {list.isPending ? (
        <LoadingBlock text={t('resources.loading')} />
      ) : list.isError && !data ? (
        <ErrorAlert message={errorMessage(list.error, t('resources.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : data && data.data.length === 0 ? (
        <EmptyState
          title={t('resources.noneFound')}
          text={filtered ? t('resources.noneFoundFiltered') : t('resources.checkBack')}
          action={canManage && !filtered ? <button type="button" className="btn btn-primary" onClick={editor.openAdd}>{t('resources.addFirst')}</button> : undefined}
        />
      ) : data ? (
        <>
          {list.isError && <ErrorAlert message={errorMessage(list.error, t('resources.loadFailed'))} onRetry={() => void list.refetch()} />}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.data.map((r) => (
              <ResourceCard key={r.uuid} resource={r} canManage={canManage} onEdit={() => editor.openEdit(r)} onDelete={() => void editor.askDelete(r)} />
            ))}
          </div>
          <Pagination currentPage={data.meta.current_page} lastPage={data.meta.last_page} onPageChange={goToPage} />
        </>
      ) : null}

      {editor.modal}
    </div>
  );
}
