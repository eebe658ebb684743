import type { Appointment } from '@kalinga/contracts/appointments';
import type { ClientCancelBody, ClientRescheduleBody } from '@kalinga/contracts/self-service';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateAppointments } from './appointments-api';

/** The client cancels their own appointment (decision 0057); lists, counts and slots refresh either way. */
export function useCancelOwnAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: ClientCancelBody }) => api.post<{ data: Appointment }>(`/api/appointments/${uuid}/cancel`, body),
    onSettled: invalidate,
  });
}

/** The client moves their own appointment to another free slot of the same counselor, in one call. */
export function useRescheduleOwnAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: ClientRescheduleBody }) => api.post<{ data: Appointment }>(`/api/appointments/${uuid}/reschedule`, body),
    onSettled: invalidate,
  });
}
