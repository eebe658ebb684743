import type { Category, CategoryListReply } from '@kalinga/contracts/categories';
import type { Resource, ResourceListReply } from '@kalinga/contracts/resources';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

export const RESOURCE_PAGE_SIZE = 10;
export const resourcesKey = ['resources'] as const;

export interface ResourceFilters {
  page: number;
  category: string;
  search: string;
}

export interface ResourceInput {
  title: string;
  content: string;
  categoryIds: number[];
  isPublished: boolean;
  image: File | null;
}

export type CategoryOption = Pick<Category, 'id' | 'title'>;

export function useResourceList(filters: ResourceFilters) {
  return useQuery({
    queryKey: [...resourcesKey, 'list', filters],
    queryFn: () =>
      api.get<ResourceListReply>('/api/resources', {
        page: filters.page,
        per_page: RESOURCE_PAGE_SIZE,
        category: filters.category || undefined,
        search: filters.search.trim() || undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useResource(id: string) {
  return useQuery({
    queryKey: [...resourcesKey, 'one', id],
    queryFn: async () => (await api.get<{ data: Resource }>(`/api/resources/${encodeURIComponent(id)}`)).data,
  });
}

/** Every category of the company, for the filter and the form's badges (per_page is capped at 100 by the API). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'options'],
    queryFn: async (): Promise<CategoryOption[]> => {
      const first = await api.get<CategoryListReply>('/api/categories', { page: 1, per_page: 100 });
      const pages = [first];
      for (let p = 2; p <= first.meta.last_page; p++) pages.push(await api.get<CategoryListReply>('/api/categories', { page: p, per_page: 100 }));
      return pages
        .flatMap((r) => r.data.map((c) => ({ id: c.id, title: c.title })))
        .sort((a, b) => a.title.localeCompare(b.title));
    },
    staleTime: 60_000,
  });
}

function toForm(input: ResourceInput): FormData {
  const form = new FormData();
  form.set('title', input.title.trim());
  form.set('content', input.content.trim());
  // product-rules.md#validation: categories sent comma-joined; is_published as 1 or 0.
  form.set('categories', input.categoryIds.join(','));
  form.set('is_published', input.isPublished ? '1' : '0');
  if (input.image) form.set('image', input.image);
  return form;
}

export function useResourceMutations() {
  const client = useQueryClient();
  const refresh = () => refreshQueries(client, { queryKey: resourcesKey });
  return {
    create: useMutation({
      mutationFn: async (input: ResourceInput) => (await api.postForm<{ data: Resource }>('/api/resources', toForm(input))).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ uuid, input }: { uuid: string; input: ResourceInput }) => {
        const form = toForm(input);
        form.set('_method', 'PUT');
        return (await api.postForm<{ data: Resource }>(`/api/resources/${encodeURIComponent(uuid)}`, form)).data;
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) => api.del(`/api/resources/${encodeURIComponent(uuid)}`),
      onSuccess: refresh,
    }),
  };
}
