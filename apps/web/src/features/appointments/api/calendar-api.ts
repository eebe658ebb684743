import type { CounselorCalendarReply } from '@kalinga/contracts/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointments-api';

/**
 * One counselor's day or week (appointments, hours, excluded dates, free slots). Kept under the
 * appointments key so every booking, status change or deletion refreshes it.
 */
export function useCounselorCalendar(counselorId: number | null, from: string, days: number, enabled: boolean) {
  return useQuery({
    queryKey: [...appointmentKeys.all, 'calendar', counselorId, from, days] as const,
    queryFn: () => api.get<CounselorCalendarReply>('/api/appointments/calendar', { counselor_id: counselorId ?? undefined, from, days }),
    enabled,
    // The previous range stays on screen (marked busy) while the next one loads.
    placeholderData: keepPreviousData,
    // Free slots change as others book.
    staleTime: 0,
  });
}
