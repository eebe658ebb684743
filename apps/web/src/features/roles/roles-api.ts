import type { Permission, Role, RoleBody } from '@kalinga/contracts/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

const ROLES_KEY = ['roles'] as const;

export function useRoles() {
  return useQuery({ queryKey: ROLES_KEY, queryFn: () => api.get<{ data: Role[] }>('/api/roles') });
}

export function usePermissions() {
  return useQuery({ queryKey: ['permissions'], queryFn: () => api.get<{ data: Permission[] }>('/api/permissions'), staleTime: Infinity });
}

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoleBody }) =>
      id === null ? api.post<{ data: Role }>('/api/roles', body) : api.put<{ data: Role }>(`/api/roles/${id}`, body),
    onSuccess: () => {
      void refreshQueries(qc, { queryKey: ROLES_KEY });
      // The users list shows each user's permissions.
      void refreshQueries(qc, { queryKey: ['users'] });
    },
  });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/api/roles/${id}`),
    onSuccess: () => refreshQueries(qc, { queryKey: ROLES_KEY }),
  });
}
