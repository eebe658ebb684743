import type { ScreeningStatus } from '@kalinga/contracts/screening/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

// Whether the signed-in client is asked for the intake questionnaires (decision 0160). Shared by the Appointments
// screen (its prompt, the Book button's gate) and the questionnaire screen; it carries no answers or scores.

export const SCREENING_STATUS_KEY = ['screening-status'] as const;

/** The status query, also asked at start-up beside the landing lists (features/appointments' prefetchLandingLists). */
export const screeningStatusQuery = { queryKey: SCREENING_STATUS_KEY, queryFn: readScreeningStatus, staleTime: 60_000 };

/**
 * The status. Appointments draws the prompt, its tabs and its list together once it is in (decision 0231); the
 * prompt's words are in the Appointments catalog, already loaded with the screen (decision 0371, "helper i"), so the
 * status waits for no catalog.
 */
function readScreeningStatus(): Promise<ScreeningStatus> {
  return api.get<ScreeningStatus>('/api/screenings/status');
}

export function useScreeningStatus(enabled: boolean) {
  return useQuery({ ...screeningStatusQuery, enabled });
}

/** The client must answer before booking: the site requires it and there is no intake yet. */
export function intakeRequiredFirst(status: ScreeningStatus | undefined): boolean {
  return !!status && status.mode === 'required' && !status.done;
}

/** The prompt shows: an intake offered or required and not answered, or a counselor's repeat request. */
export function intakePromptShown(status: ScreeningStatus | undefined): boolean {
  return !!status && ((status.mode !== 'off' && !status.done) || status.requested);
}
