import type { ClientScreenings, TriageItem } from '@kalinga/contracts/screening/schemas';
import type { BookSameDayReply, SameDaySlot, SameDaySlotsReply } from '@kalinga/contracts/screening/same-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

// The Triage list and a client's screenings (decisions 0162, 0164). Held in the query cache in memory only: the
// app persists no query to storage, and these screens are never kept as a last screen.

const TRIAGE_KEY = ['triage'] as const;
const screeningsKey = (clientId: number) => ['client-screenings', clientId] as const;

export function useTriage() {
  // Urgent cases must show without a reload: the list refreshes every 30 s while open.
  return useQuery({ queryKey: TRIAGE_KEY, queryFn: () => api.get<{ data: TriageItem[] }>('/api/triage'), refetchInterval: 30_000, gcTime: 0 });
}

export function useAcknowledge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (caseId: number) => api.post(`/api/urgent-cases/${caseId}/acknowledge`),
    onSettled: () => refreshQueries(qc, { queryKey: TRIAGE_KEY }),
  });
}

export function useClientScreenings(clientId: number) {
  // Every read is recorded on the server; gcTime 0 drops the answers from memory when the screen closes.
  return useQuery({ queryKey: screeningsKey(clientId), queryFn: () => api.get<ClientScreenings>(`/api/clients/${clientId}/screenings`), enabled: Number.isInteger(clientId) && clientId > 0, gcTime: 0, staleTime: 0 });
}

export function useRequestRepeat(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ requested_at: string }>(`/api/clients/${clientId}/screening-requests`),
    onSuccess: () => refreshQueries(qc, { queryKey: screeningsKey(clientId) }),
  });
}

const SAME_DAY_KEY = ['same-day-slots'] as const;

/** Today's free held slots (decision 0165), asked for when a counselor opens the choice; always fresh. */
export function useSameDaySlots(enabled: boolean) {
  return useQuery({ queryKey: SAME_DAY_KEY, queryFn: () => api.get<SameDaySlotsReply>('/api/same-day-slots'), enabled, staleTime: 0, gcTime: 0 });
}

export function useBookSameDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, slot }: { caseId: number; slot: SameDaySlot }) =>
      api.post<BookSameDayReply>(`/api/urgent-cases/${caseId}/book`, { counselor_id: slot.counselor_id, appointment_date: slot.appointment_date }),
    onSettled: () => {
      void refreshQueries(qc, { queryKey: TRIAGE_KEY });
      void refreshQueries(qc, { queryKey: SAME_DAY_KEY });
      void refreshQueries(qc, { queryKey: ['appointments'] });
    },
  });
}
