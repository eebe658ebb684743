import { todayIn } from '@kalinga/contracts/zone-time';
import type { AccessLogReply, ClinicalGrantsReply } from '@kalinga/contracts/client-access';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The Access log's filters as the screen holds them ('' = not set). */
export interface AccessLogFilters {
  person: string;
  client: string;
  kind: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AccessLogFilters = { person: '', client: '', kind: '', from: '', to: '' };

export const PER_PAGE = 20;

/** One page of the access log (kept in memory only: names of screened clients never go to browser storage). */
export function useAccessLog(filters: AccessLogFilters, page: number) {
  return useQuery({
    queryKey: ['access-log', filters, page],
    queryFn: () => api.get<AccessLogReply>('/api/access-log', { ...filters, page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
    // Who opened what changes by the minute; an old page is not worth showing as current.
    staleTime: 0,
  });
}

/** Downloads the filtered log as the server writes it (CSV), named with the centre's day (decision 0373). */
export async function downloadAccessLog(filters: AccessLogFilters, timeZone: string | undefined): Promise<void> {
  const text = await api.get<string>('/api/access-log/export', { ...filters });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `access-log-${todayIn(timeZone)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Who was given clinical access or the access log (decision 0202), newest first. */
export function useClinicalGrants(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['access-log', 'grants', page],
    queryFn: () => api.get<ClinicalGrantsReply>('/api/access-log/grants', { page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
