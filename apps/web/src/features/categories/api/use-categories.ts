import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CategoryInput, type CategoryListParams, createCategory, deleteCategory, listCategories, updateCategory } from './categories-store';

export const categoriesKey = ['categories'] as const;

export function useCategoryList(params: CategoryListParams) {
  return useQuery({
    queryKey: [...categoriesKey, 'list', params],
    queryFn: () => listCategories(params),
    placeholderData: keepPreviousData,
  });
}

/** Create, update and delete; each refreshes every category list (and the resources that show category titles). */
export function useCategoryMutations() {
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: categoriesKey }), client.invalidateQueries({ queryKey: ['resources'] })]);
  };
  return {
    create: useMutation({ mutationFn: (input: CategoryInput) => createCategory(input), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ uuid, input }: { uuid: string; input: CategoryInput }) => updateCategory(uuid, input), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (uuid: string) => deleteCategory(uuid), onSuccess: refresh }),
  };
}
