import type { CategoryListReply } from '@kalinga/contracts/categories';
import type { CounselorsReply, UserOption } from '@kalinga/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

// The short option lists several screens' pickers share (booking, the waitlist's join form): the company's
// counselors and categories, kept five minutes.

/** The company's counselors (id and name): any signed-in member may list them. */
export function useCounselors(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'counselor-options'],
    queryFn: async (): Promise<UserOption[]> => {
      const reply = await api.get<CounselorsReply>('/api/users', { user_type: 'counselor', status: 'active', per_page: 100 });
      return reply.data.map((u) => ({ id: u.id, name: u.name }));
    },
    enabled,
    staleTime: 300_000,
  });
}

export interface CategoryOption {
  id: number;
  title: string;
}

export function useCategoryOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['categories', 'options'],
    queryFn: async (): Promise<CategoryOption[]> => {
      const reply = await api.get<CategoryListReply>('/api/categories', { per_page: 100 });
      return reply.data.map((c) => ({ id: c.id, title: c.title }));
    },
    enabled,
    staleTime: 300_000,
  });
}
