import type { JoinWaitlistBody, WaitlistEntry } from '@kalinga/contracts/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

// The waitlist's requests (decisions 0151, 0152). A held time must show without a reload: the lists refresh every
// 30 s while open (the offer is also told in the bell and by email).

const MINE = ['waitlist', 'mine'] as const;
const ALL = ['waitlist', 'all'] as const;

export function useMyWaitlist(enabled: boolean) {
  return useQuery({ queryKey: MINE, queryFn: () => api.get<{ data: WaitlistEntry[] }>('/api/waitlist/mine'), enabled, refetchInterval: 30_000 });
}

export function useWaitingList(enabled: boolean) {
  return useQuery({ queryKey: ALL, queryFn: () => api.get<{ data: WaitlistEntry[] }>('/api/waitlist'), enabled, refetchInterval: 30_000 });
}

function useWaitlistChange<T, R>(fn: (arg: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await refreshQueries(qc, { queryKey: ['waitlist'] });
      // Accepting books an appointment: the appointment lists and counts are stale.
      await refreshQueries(qc, { queryKey: ['appointments'] });
    },
  });
}

export const useJoinWaitlist = () => useWaitlistChange((body: JoinWaitlistBody) => api.post<{ data: WaitlistEntry }>('/api/waitlist', body));
export const useLeaveWaitlist = () => useWaitlistChange((uuid: string) => api.del(`/api/waitlist/${uuid}`));
export const useAcceptOffer = () => useWaitlistChange((uuid: string) => api.post<{ appointment_uuid: string; approval_reason: string | null }>(`/api/waitlist/offers/${uuid}/accept`));
export const useDeclineOffer = () => useWaitlistChange((uuid: string) => api.post(`/api/waitlist/offers/${uuid}/decline`));
