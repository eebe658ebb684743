import { isOfferedRole } from '@kalinga/contracts/role-constants';
import type { PaginationMeta } from '@kalinga/contracts/common';
import type { Role } from '@kalinga/contracts/roles';
import type { CreateUserBody, UpdateUserBody, User } from '@kalinga/contracts/users';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

export interface UserFilters {
  page: number;
  search: string;
  role: string;
  user_type: string;
}

const USERS_KEY = ['users'] as const;

const usersQuery = (filters: UserFilters) => ({
  queryKey: [...USERS_KEY, filters],
  queryFn: () => api.get<{ data: User[]; meta: PaginationMeta }>('/api/users', { ...filters, per_page: 10 }),
});
const rolesQuery = { queryKey: ['roles'], queryFn: () => api.get<{ data: Role[] }>('/api/roles') };

export function useUsers(filters: UserFilters) {
  return useQuery({ ...usersQuery(filters), placeholderData: keepPreviousData });
}

/**
 * The screen's first lists, asked for as the navigation starts (the route's loader) rather than after the screen's
 * first render, which took some 60 ms of the ~135 ms to the first row (decision 0139).
 */
export function prefetchUsersLists(client: QueryClient): void {
  void client.prefetchQuery(usersQuery({ page: 1, search: '', role: '', user_type: '' }));
  void client.prefetchQuery(rolesQuery);
}

/** The company's roles, for the filter and the form's role choices (the Roles screen has its own hooks). */
export function useRoleNames() {
  return useQuery({
    ...rolesQuery,
    // Landlord and tenant are never offered (decision 0148).
    select: (reply) => reply.data.map((r) => r.name).filter(isOfferedRole),
  });
}

/** The active counselors, offered as a counselor's clinical supervisor (decision 0201). */
export function useCounselorOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...USERS_KEY, 'counselor-options'],
    queryFn: () => api.get<{ data: User[] }>('/api/users', { user_type: 'counselor', status: 'active', per_page: 100 }),
    select: (reply) => reply.data.map((u) => ({ id: u.id, name: u.name })),
    enabled,
  });
}

export type UserFormBody = CreateUserBody | UpdateUserBody;

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: UserFormBody }) =>
      id === null ? api.post<{ data: User }>('/api/users', body) : api.put<{ data: User }>(`/api/users/${id}`, body),
    onSuccess: () => refreshQueries(qc, { queryKey: USERS_KEY }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/api/users/${id}`),
    onSuccess: () => {
      void refreshQueries(qc, { queryKey: USERS_KEY });
      void refreshQueries(qc, { queryKey: ['roles'] });
    },
  });
}

export function useToggleStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<{ data: User }>(`/api/users/${id}/toggle-status`),
    onSuccess: () => refreshQueries(qc, { queryKey: USERS_KEY }),
  });
}
