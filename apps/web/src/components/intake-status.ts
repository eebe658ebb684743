import type { ScreeningStatus } from '@kalinga/contracts/screening';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

// Whether the signed-in client is asked for the intake questionnaires (decision 0160). Shared by the Appointments
// screen (its prompt, the Book button's gate) and the questionnaire screen; it carries no answers or scores.

export const SCREENING_STATUS_KEY = ['screening-status'] as const;

export function useScreeningStatus(enabled: boolean) {
  return useQuery({ queryKey: SCREENING_STATUS_KEY, queryFn: () => api.get<ScreeningStatus>('/api/screenings/status'), enabled, staleTime: 60_000 });
}

/** The client must answer before booking: the site requires it and there is no intake yet. */
export function intakeRequiredFirst(status: ScreeningStatus | undefined): boolean {
  return !!status && status.mode === 'required' && !status.done;
}

/** The prompt shows: an intake offered or required and not answered, or a counselor's repeat request. */
export function intakePromptShown(status: ScreeningStatus | undefined): boolean {
  return !!status && ((status.mode !== 'off' && !status.done) || status.requested);
}
