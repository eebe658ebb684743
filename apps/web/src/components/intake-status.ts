import type { ScreeningStatus } from '@kalinga/contracts/screening/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { initI18n } from '../lib/i18n';

// Whether the signed-in client is asked for the intake questionnaires (decision 0160). Shared by the Appointments
// screen (its prompt, the Book button's gate) and the questionnaire screen; it carries no answers or scores.

export const SCREENING_STATUS_KEY = ['screening-status'] as const;

/** The status query, also asked at start-up beside the landing lists (features/appointments' prefetchLandingLists). */
export const screeningStatusQuery = { queryKey: SCREENING_STATUS_KEY, queryFn: readScreeningStatus, staleTime: 60_000 };

/**
 * The status, and when it shows the prompt, the prompt's words (the intake catalog) before it resolves: Appointments
 * draws the prompt, its tabs and its list together once the status is in (decision 0231); words arriving later
 * would draw the prompt alone and push the tabs and the list down. The words (about 1 KB) are asked for beside the
 * status, not after its answer: the list no longer waits a second round trip for them (decision 0363). A catalog
 * that fails to load does not hold the status (the prompt then waits for its words by itself).
 */
async function readScreeningStatus(): Promise<ScreeningStatus> {
  const words = initI18n(['intake']).catch(() => undefined);
  const status = await api.get<ScreeningStatus>('/api/screenings/status');
  if (intakePromptShown(status)) await words;
  return status;
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
