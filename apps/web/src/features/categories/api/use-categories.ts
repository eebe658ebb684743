import type { CategoryListReply } from '@kalinga/contracts/categories';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { CATEGORY_PAGE_SIZE, type CategoryInput, type CategoryListParams, createCategory, deleteCategory, listCategories, updateCategory } from './categories-store';
import { refreshQueries } from '../../../lib/refresh-queries';
import { warmCover } from '../../../components/ui/cover-image';

export const categoriesKey = ['categories'] as const;

/** A category change this device queued reached the server: the list shows the server's row now. */
function useReloadAfterSync(reload: () => void) {
  useEffect(() => {
    const listener = (event: Event) => {
      const operation = (event as CustomEvent<{ operation?: string }>).detail?.operation ?? '';
      if (operation.endsWith('_CATEGORY')) reload();
    };
    window.addEventListener('sync-operation-completed', listener);
    return () => window.removeEventListener('sync-operation-completed', listener);
  }, [reload]);
}

export function useCategoryList(params: CategoryListParams) {
  const client = useQueryClient();
  useReloadAfterSync(useCallback(() => void refreshQueries(client, { queryKey: categoriesKey }), [client]));
  return useQuery({ ...listQuery(client, params), placeholderData: keepPreviousData });
}

function listQuery(client: QueryClient, params: CategoryListParams) {
  const queryKey = [...categoriesKey, 'list', params];
  return {
    queryKey,
    // A list drawn from the server's answer before the device's code was in is drawn again with this device's
    // unsent changes over it (decision 0363).
    queryFn: () =>
      listCategories(params, (list, drawn) => {
        // Not over a newer answer that came meanwhile.
        if (client.getQueryData(queryKey) === drawn) client.setQueryData(queryKey, list);
      }),
    // The store answers offline too: React Query must not hold the call back while the browser is offline.
    networkMode: 'always' as const,
  };
}

/**
 * The screen's first page (no search), asked for at start-up beside the session check (decision 0100); its first
 * picture is asked for as soon as the page is in, before the screen is drawn (decision 0381).
 */
export function prefetchFirstCategories(client: QueryClient): void {
  const query = listQuery(client, { page: 1, perPage: CATEGORY_PAGE_SIZE, search: '' });
  void client.prefetchQuery(query).then(() => {
    const first = client.getQueryData<CategoryListReply>(query.queryKey)?.data.find((c) => c.image_path)?.image_path;
    if (first) warmCover(first);
  });
}

/** Create, update and delete; each refreshes every category list (and the resources that show category titles). */
export function useCategoryMutations() {
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([refreshQueries(client, { queryKey: categoriesKey }), refreshQueries(client, { queryKey: ['resources'] })]);
  };
  return {
    // Writes are kept on the device and queued: they run offline ('always'), unlike the delete, which needs the server.
    create: useMutation({ mutationFn: (input: CategoryInput) => createCategory(input), onSuccess: refresh, networkMode: 'always' }),
    update: useMutation({ mutationFn: ({ uuid, input }: { uuid: string; input: CategoryInput }) => updateCategory(uuid, input), onSuccess: refresh, networkMode: 'always' }),
    remove: useMutation({ mutationFn: (uuid: string) => deleteCategory(uuid), onSuccess: refresh }),
  };
}
