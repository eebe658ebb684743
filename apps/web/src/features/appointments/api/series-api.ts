import type { SeriesBody, SeriesPreviewReply, SeriesReply, SeriesUpdateBody, SeriesUpdateReply } from '@kalinga/contracts/appointment-series';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys, downloadCalendar, useInvalidateAppointments } from './appointments-api';

// Recurring sessions (decision 0150): the preview before booking, the booking, one series and its changes.

export const seriesKey = (uuid: string) => [...appointmentKeys.all, 'series', uuid] as const;

export function usePreviewSeries() {
  return useMutation({ mutationFn: (body: SeriesBody) => api.post<SeriesPreviewReply>('/api/appointment-series/preview', body).then((r) => r.data) });
}

export function useBookSeries() {
  const invalidate = useInvalidateAppointments();
  return useMutation({ mutationFn: (body: SeriesBody) => api.post<SeriesReply>('/api/appointment-series', body).then((r) => r.data), onSuccess: invalidate });
}

export function useSeries(uuid: string | null) {
  return useQuery({
    queryKey: seriesKey(uuid ?? ''),
    queryFn: () => api.get<SeriesReply>(`/api/appointment-series/${encodeURIComponent(uuid ?? '')}`).then((r) => r.data),
    enabled: uuid !== null,
    retry: false,
  });
}

export function useUpdateSeries(uuid: string) {
  const invalidate = useInvalidateAppointments();
  return useMutation({ mutationFn: (body: SeriesUpdateBody) => api.put<SeriesUpdateReply>(`/api/appointment-series/${encodeURIComponent(uuid)}`, body), onSettled: invalidate });
}

export function downloadSeriesIcs(uuid: string): Promise<void> {
  return downloadCalendar(`/api/appointment-series/${encodeURIComponent(uuid)}/ics`, `appointment-series-${uuid}.ics`);
}
