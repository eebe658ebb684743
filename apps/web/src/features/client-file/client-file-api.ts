import type { BreakGlassGrant } from '@kalinga/contracts/client-access';
import type { ClientFile, Correction, CorrectionAnswerBody, FileState, MyClient, Purge, ReferBody } from '@kalinga/contracts/client-file';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { refreshQueries } from '../../lib/refresh-queries';

// The client file's calls (docs/decisions/0235-client-file-and-disclosure.md). Confidential replies stay in memory:
// staleTime 0 and no persistence (nothing of a client file goes to browser storage).

const fileKey = (clientId: number) => ['client-file', clientId] as const;

export function useMyClients(search: string) {
  return useQuery({
    queryKey: ['client-file', 'mine', search],
    queryFn: () => api.get<{ data: MyClient[] }>('/api/clients/mine', { search }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useClientFile(clientId: number) {
  return useQuery({
    queryKey: fileKey(clientId),
    queryFn: () => api.get<{ data: ClientFile }>(`/api/clients/${clientId}/file`),
    staleTime: 0,
    // A refusal (403, 404) is an answer, not a failure to retry.
    retry: false,
  });
}

function useFileMutation<TBody, TReply>(clientId: number, call: (body: TBody) => Promise<TReply>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refreshQueries(qc, { queryKey: fileKey(clientId) }) });
}

export function useBreakGlass(clientId: number) {
  return useFileMutation(clientId, (reason: string) => api.post<{ data: BreakGlassGrant }>(`/api/clients/${clientId}/break-glass`, { reason }));
}

export function useRefer(clientId: number) {
  return useFileMutation(clientId, (body: ReferBody) => api.post<{ data: { id: number } }>(`/api/clients/${clientId}/referrals`, body));
}

export function useCloseFile(clientId: number) {
  return useFileMutation(clientId, (summary: string) => api.post<{ data: FileState }>(`/api/clients/${clientId}/close`, { summary }));
}

export function useReopenFile(clientId: number) {
  return useFileMutation(clientId, (reason: string) => api.post<{ data: FileState }>(`/api/clients/${clientId}/reopen`, { reason }));
}

export function useAnswerCorrection(clientId: number) {
  return useFileMutation(clientId, ({ id, ...body }: CorrectionAnswerBody & { id: number }) => api.put<{ data: Correction }>(`/api/clients/${clientId}/corrections/${id}`, body));
}

/** Downloads the chosen range of the file as a PDF (recorded on the server as a disclosure). */
export function downloadDisclosure(clientId: number, from: string, to: string): Promise<void> {
  return downloadFile(`/api/clients/${clientId}/disclosure`, { from, to }, `client-file-${from}-${to}.pdf`, 'Failed to make the PDF');
}

export function usePurges() {
  return useQuery({ queryKey: ['retention', 'purges'], queryFn: () => api.get<{ data: Purge[]; retention_years: number }>('/api/retention/purges'), staleTime: 0 });
}

export function useApprovePurge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: Purge }>(`/api/retention/purges/${id}/approve`),
    onSettled: () => refreshQueries(qc, { queryKey: ['retention', 'purges'] }),
  });
}
