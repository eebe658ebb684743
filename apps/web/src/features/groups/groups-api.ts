import type { AttendanceRow, GroupBody, GroupCancelResult, GroupDetail, GroupOccurrence, GroupSession, GroupSettings, GroupSummary, MyGroupSession, Workshop } from '@kalinga/contracts/groups';
import type { StudentOption } from '@kalinga/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

// The requests of the Groups and Workshops screens (decisions 0277-0280). A seat held for someone on a workshop's
// waitlist must show without a reload: the workshop list refreshes every 30 s while open.

const GROUPS = ['groups'] as const;
const WORKSHOPS = ['workshops'] as const;

export function useGroups(enabled: boolean) {
  return useQuery({ queryKey: [...GROUPS, 'list'], queryFn: () => api.get<{ data: GroupSummary[] }>('/api/groups').then((r) => r.data), enabled });
}

export function useGroup(uuid: string | null) {
  return useQuery({ queryKey: [...GROUPS, 'one', uuid], queryFn: () => api.get<{ data: GroupDetail }>(`/api/groups/${uuid}`).then((r) => r.data), enabled: uuid !== null });
}

/** Whom the caller may name co-facilitator: the centre's other active clinicians (decisions 0340, 0352). */
export function useCoFacilitators() {
  return useQuery({
    queryKey: [...GROUPS, 'co-facilitators'],
    queryFn: () => api.get<{ data: { id: number; name: string }[] }>('/api/groups/co-facilitators').then((r) => r.data),
    staleTime: 300_000,
  });
}

export function useAttendance(sessionUuid: string | null) {
  return useQuery({
    queryKey: [...GROUPS, 'attendance', sessionUuid],
    queryFn: () => api.get<{ data: { session: GroupSession; rows: AttendanceRow[] } }>(`/api/group-sessions/${sessionUuid}/attendance`).then((r) => r.data),
    enabled: sessionUuid !== null,
  });
}

export function useGroupSettings(enabled: boolean) {
  return useQuery({ queryKey: [...GROUPS, 'settings'], queryFn: () => api.get<{ data: GroupSettings }>('/api/group-settings').then((r) => r.data), enabled });
}

export function useWorkshops(enabled: boolean) {
  return useQuery({ queryKey: [...WORKSHOPS, 'list'], queryFn: () => api.get<{ data: Workshop[] }>('/api/workshops').then((r) => r.data), enabled, refetchInterval: 30_000 });
}

export function useMyGroupSessions(enabled: boolean) {
  return useQuery({ queryKey: [...WORKSHOPS, 'mine'], queryFn: () => api.get<{ data: MyGroupSession[] }>('/api/my-group-sessions').then((r) => r.data), enabled });
}

function useChange<T, R>(key: readonly string[], fn: (arg: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshQueries(qc, { queryKey: key }) });
}

export const previewGroup = (body: GroupBody) =>
  api.post<{ data: { duration_minutes: number; occurrences: GroupOccurrence[]; blocked: number } }>('/api/groups/preview', body).then((r) => r.data);
export const useCreateGroup = () => useChange(GROUPS, (body: GroupBody) => api.post<{ data: GroupDetail }>('/api/groups', body).then((r) => r.data));
export const useAddMember = (uuid: string) => useChange(GROUPS, (clientId: number) => api.post<{ data: GroupDetail }>(`/api/groups/${uuid}/members`, { client_id: clientId }));
export const useRemoveMember = (uuid: string) => useChange(GROUPS, (clientId: number) => api.del(`/api/groups/${uuid}/members/${clientId}`));
export const useRecordAttendance = (sessionUuid: string) =>
  useChange(GROUPS, (entries: { client_id: number; outcome: AttendanceRow['outcome'] }[]) => api.put(`/api/group-sessions/${sessionUuid}/attendance`, { entries }));
// Cancelling (decision 0282): the members are told by the server.
export const useCancelSession = () => useChange(GROUPS, (sessionUuid: string) => api.post<{ data: GroupCancelResult }>(`/api/group-sessions/${sessionUuid}/cancel`).then((r) => r.data));
export const useCancelGroup = () => useChange(GROUPS, (uuid: string) => api.post<{ data: GroupCancelResult }>(`/api/groups/${uuid}/cancel`).then((r) => r.data));
export const useSaveGroupSettings = () => useChange(GROUPS, (body: GroupSettings) => api.put<{ data: GroupSettings }>('/api/group-settings', body));

type WorkshopAction = 'sign-up' | 'cancel' | 'wait' | 'leave';
export const useWorkshopAction = () =>
  useChange(WORKSHOPS, ({ uuid, action }: { uuid: string; action: WorkshopAction }) => {
    const path = `/api/workshops/${uuid}/${action === 'sign-up' || action === 'cancel' ? 'sign-up' : 'waitlist'}`;
    return action === 'sign-up' || action === 'wait' ? api.post<{ data: Workshop }>(path) : api.del(path);
  });

/** Clients matching a name, for adding a member; none when the server finds nobody (404). */
export async function searchClients(query: string): Promise<StudentOption[]> {
  try {
    return await api.get<StudentOption[]>('/api/users/search', { query });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
