import type {
  Appointment,
  AppointmentCounts,
  AppointmentListReply,
  AppointmentStatus,
  AppointmentTab,
  AvailableDaysReply,
  AvailableSlotsReply,
  ClientUserType,
  CreateAppointmentBody,
  StatusHistoryReply,
  UpdateAppointmentBody,
} from '@kalinga/contracts/appointments';
import type { SetupStatus } from '@kalinga/contracts/setup';
import { screeningStatusQuery } from '../../../components/intake-status';
import { myGroupSessionsQuery } from '../../../components/my-group-sessions';
import type { AuthUser } from '@kalinga/contracts/auth';
import { getAuthState } from '../../../session/auth-store';
import { isWholeDate } from '../../../lib/dates';
import type { StudentOption } from '@kalinga/contracts/users';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, COMPANY_KEY, getToken, OFFLINE_MESSAGE } from '../../../lib/api-client';
import { currentLanguage, t } from '../../../lib/i18n';
import { refreshQueries } from '../../../lib/refresh-queries';

export interface AppointmentFilters {
  user_type?: ClientUserType;
  search?: string;
}

export interface AppointmentListParams extends AppointmentFilters {
  status: AppointmentTab;
  page: number;
}

const ROOT = ['appointments'] as const;
export const appointmentKeys = {
  all: ROOT,
  list: (p: AppointmentListParams) => [...ROOT, 'list', p] as const,
  counts: (f: AppointmentFilters) => [...ROOT, 'counts', f] as const,
  slots: (counselorId: number | null, date: string, exclude?: string) => [...ROOT, 'slots', counselorId, date, exclude ?? null] as const,
  // Under 'slots' so whatever refreshes the times refreshes the month too.
  days: (counselorId: number | null, month: string, exclude?: string) => [...ROOT, 'slots', 'days', counselorId, month, exclude ?? null] as const,
  history: (uuid: string) => [...ROOT, 'history', uuid] as const,
};

const listQuery = (params: AppointmentListParams) => ({
  queryKey: appointmentKeys.list(params),
  queryFn: () => api.get<AppointmentListReply>('/api/appointments', { ...params, per_page: 10 }),
});

const countsQuery = (filters: AppointmentFilters) => ({
  queryKey: appointmentKeys.counts(filters),
  queryFn: () => api.get<AppointmentCounts>('/api/appointments/counts', { ...filters }),
});

export function useAppointments(params: AppointmentListParams, enabled = true) {
  return useQuery({ ...listQuery(params), placeholderData: keepPreviousData, enabled });
}

export function useAppointmentCounts(filters: AppointmentFilters) {
  return useQuery({ ...countsQuery(filters), placeholderData: keepPreviousData });
}

/**
 * The administrator's first-run checklist (components/setup-checklist.tsx); asked again each time the screen opens,
 * except within a few seconds of its last answer: the copy the start-up asked for beside the lists is not asked for
 * a second time while the screen first draws (decision 0363).
 */
export const setupStatusQuery = {
  queryKey: ['company-setup'],
  queryFn: () => api.get<{ data: SetupStatus }>('/api/company/setup'),
  staleTime: 5_000,
};

/** Who has group sessions of their own in the Appointments list: a member (a student or personnel; decision 0283). */
export function isGroupMember(user: Pick<AuthUser, 'user_type'> | null | undefined): boolean {
  return user?.user_type === 'student' || user?.user_type === 'personnel';
}

/**
 * The landing screen's first requests (Pending, page 1, and the tab counts), sent at start-up beside the
 * session check instead of after it (decision 0098); the screen's queries find them in the cache. What the
 * screen draws above its tabs comes with them where the device's hint says the user has it (decision 0231):
 * the checklist of an administrator, the intake prompt of a client; and a member's group sessions, which the
 * Upcoming tab's count includes (decision 0363), when the signed-in user is known to be one.
 */
export function prefetchLandingLists(client: QueryClient, above: { setup: boolean; screening: boolean } = { setup: false, screening: false }): void {
  void client.prefetchQuery(listQuery({ status: 'pending', page: 1 }));
  void client.prefetchQuery(countsQuery({}));
  if (above.setup) void client.prefetchQuery(setupStatusQuery);
  if (above.screening) void client.prefetchQuery(screeningStatusQuery);
  if (isGroupMember(getAuthState().user)) void client.prefetchQuery(myGroupSessionsQuery);
}

/** The free HH:mm slots of a counselor on a date (and their exact instants); `exclude` frees the edited appointment's own slot. */
export function useAvailableSlots(counselorId: number | null, date: string, exclude?: string) {
  return useQuery({
    queryKey: appointmentKeys.slots(counselorId, date, exclude),
    queryFn: () => api.get<AvailableSlotsReply>('/api/appointments/available-slots', { counselor_id: counselorId, date, exclude }),
    // Only a whole date: while its year is typed the field reads '0002-…', '0020-…' (lib/dates.ts).
    enabled: counselorId !== null && counselorId > 0 && isWholeDate(date),
    // Slots change as others book: always ask again when the form asks.
    staleTime: 0,
    retry: false,
  });
}

/** The days of a month (YYYY-MM) with a free slot, and the next free day: one call per month shown. */
export function useAvailableDays(counselorId: number | null, month: string, exclude?: string) {
  return useQuery({
    queryKey: appointmentKeys.days(counselorId, month, exclude),
    queryFn: () => api.get<AvailableDaysReply>('/api/appointments/available-days', { counselor_id: counselorId, month, exclude }),
    enabled: counselorId !== null && counselorId > 0 && /^\d{4}-\d{2}$/.test(month),
    staleTime: 0,
    retry: false,
  });
}

/** Student search for the counselor's picker; an empty list when the server answers 404 (nobody matches). */
export async function searchStudents(query: string, signal?: AbortSignal): Promise<StudentOption[] | 'none'> {
  try {
    const list = await api.get<StudentOption[]>('/api/users/search', { query, role: 'student' });
    if (signal?.aborted) return [];
    return list.length ? list : 'none';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'none';
    throw error;
  }
}

/** The status changes of one appointment (the audit trail), for counselors and managers. */
export function useStatusHistory(uuid: string | null) {
  return useQuery({
    queryKey: appointmentKeys.history(uuid ?? ''),
    queryFn: () => api.get<StatusHistoryReply>(`/api/appointments/${uuid}/history`).then((r) => r.data),
    enabled: uuid !== null,
  });
}

/**
 * Reads every appointments query again after a change, the newest answer winning. A read still on its way is
 * dropped first: TanStack Query's refetch cancels one only when the query already holds data, and otherwise waits
 * for it, so a list's first read (a search's, drawn over the list before it) that left before the change committed
 * would be the answer kept, the changed card showing its old status until something else read the list again.
 */
export async function readAppointmentsAgain(client: QueryClient): Promise<void> {
  await refreshQueries(client, { queryKey: ROOT });
}

/** A change from here, or one the live stream signals (decision 0325), reads the lists, counts and slots again. */
export function useInvalidateAppointments() {
  const client = useQueryClient();
  return () => readAppointmentsAgain(client);
}

export function useChangeStatus() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: AppointmentStatus }) => api.put<{ data: Appointment }>(`/api/appointments/${uuid}`, { status }),
    onSettled: invalidate,
  });
}

export function useDeleteAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (uuid: string) => api.del<{ message: string }>(`/api/appointments/${uuid}`),
    onSettled: invalidate,
  });
}

export function useSaveAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string | null; body: CreateAppointmentBody | UpdateAppointmentBody }) =>
      uuid ? api.put<{ data: Appointment }>(`/api/appointments/${uuid}`, body) : api.post<{ data: Appointment }>('/api/appointments', body),
    onSuccess: invalidate,
  });
}

/** "Add to calendar": fetches the appointment's .ics with the session's headers and saves it as a file. */
export async function downloadIcs(uuid: string): Promise<void> {
  return downloadCalendar(`/api/appointments/${uuid}/ics`, `appointment-${uuid}.ics`);
}

/** Fetches a calendar file (an appointment's or a series') with the session's headers and saves it as `filename`. */
export async function downloadCalendar(path: string, filename: string): Promise<void> {
  // In the language in use, like every other call (decision 0247): a refusal comes back in it.
  const headers = new Headers({ Accept: 'text/calendar', 'Accept-Language': currentLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const company = localStorage.getItem(COMPANY_KEY);
  if (company) headers.set('X-Company-Id', company);
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? t('appointments.icsFailed'));
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
