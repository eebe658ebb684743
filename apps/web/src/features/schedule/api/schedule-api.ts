import type { AddExcludedDatesBody, ExcludedDate, SaveScheduleBody, ScheduleReply } from '@kalinga/contracts/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

export const SCHEDULE_KEY = ['counselor-schedule'] as const;

/** The signed-in counselor's week (always seven days, monday first) and excluded dates from today on. */
export function useSchedule() {
  return useQuery({
    queryKey: SCHEDULE_KEY,
    queryFn: () => api.get<ScheduleReply>('/api/counselor/schedule'),
  });
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScheduleBody) => api.post<ScheduleReply & { message: string }>('/api/counselor/schedule', body),
    onSuccess: (reply) => {
      client.setQueryData<ScheduleReply>(SCHEDULE_KEY, { schedule: reply.schedule, excluded_dates: reply.excluded_dates, slot_minutes: reply.slot_minutes });
      // Booking slots depend on the week.
      void refreshQueries(client, { queryKey: ['appointments', 'slots'] });
    },
  });
}

export function useAddExcludedDates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddExcludedDatesBody) => api.post<{ message: string; data: ExcludedDate[] }>('/api/counselor/excluded-dates', body),
    onSuccess: () => {
      void refreshQueries(client, { queryKey: SCHEDULE_KEY });
      void refreshQueries(client, { queryKey: ['appointments', 'slots'] });
    },
  });
}

export function useRemoveExcludedDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/api/counselor/excluded-dates/${id}`),
    onSuccess: () => {
      void refreshQueries(client, { queryKey: SCHEDULE_KEY });
      void refreshQueries(client, { queryKey: ['appointments', 'slots'] });
    },
  });
}
