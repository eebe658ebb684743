import type { AddendumBody, CaseNote, CaseNoteSettings, CreateCaseNoteBody, ReviewQueueItem, UpdateCaseNoteBody } from '@kalinga/contracts/case-notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

// Case notes over the API (decision 0208). Notes are confidential (product-rules.md#confidentiality): held in the
// query cache in memory only (gcTime 0: dropped when the screen closes), never persisted, and every read is recorded
// by the server.

const clientKey = (clientId: number) => ['case-notes', 'client', clientId] as const;
const noteKey = (uuid: string) => ['case-notes', 'note', uuid] as const;
const QUEUE_KEY = ['case-notes', 'review-queue'] as const;
export const CASE_NOTE_SETTINGS_KEY = ['case-note-settings'] as const;

export function useClientNotes(clientId: number) {
  return useQuery({
    queryKey: clientKey(clientId),
    queryFn: () => api.get<{ data: CaseNote[] }>(`/api/clients/${clientId}/case-notes`),
    enabled: Number.isInteger(clientId) && clientId > 0,
    gcTime: 0,
    staleTime: 0,
  });
}

export function useNote(uuid: string) {
  return useQuery({ queryKey: noteKey(uuid), queryFn: () => api.get<{ data: CaseNote }>(`/api/case-notes/${uuid}`), gcTime: 0, staleTime: 0 });
}

export function useReviewQueue() {
  return useQuery({ queryKey: QUEUE_KEY, queryFn: () => api.get<{ data: ReviewQueueItem[] }>('/api/case-notes/review-queue'), gcTime: 0, staleTime: 0 });
}

export function useCaseNoteSettings() {
  return useQuery({ queryKey: CASE_NOTE_SETTINGS_KEY, queryFn: () => api.get<CaseNoteSettings>('/api/case-note-settings') });
}

/** After any change: the note, the client's list and the queue are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return (note: CaseNote) => {
    qc.setQueryData(noteKey(note.uuid), { data: note });
    void refreshQueries(qc, { queryKey: clientKey(note.client.id) });
    void refreshQueries(qc, { queryKey: QUEUE_KEY });
  };
}

export function useCreateNote(clientId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateCaseNoteBody) => api.post<{ data: CaseNote }>(`/api/clients/${clientId}/case-notes`, body),
    onSuccess: (reply) => refresh(reply.data),
  });
}

export function useUpdateNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateCaseNoteBody }) => api.put<{ data: CaseNote }>(`/api/case-notes/${uuid}`, body),
    onSuccess: (reply) => refresh(reply.data),
  });
}

export function useDeleteNote(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.del(`/api/case-notes/${uuid}`),
    onSettled: () => refreshQueries(qc, { queryKey: clientKey(clientId) }),
  });
}

/** sign, cosign: the note's state changes. */
export function useNoteAction(action: 'sign' | 'cosign') {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (uuid: string) => api.post<{ data: CaseNote }>(`/api/case-notes/${uuid}/${action}`),
    onSuccess: (reply) => refresh(reply.data),
  });
}

export function useAddAddendum() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: AddendumBody }) => api.post<{ data: CaseNote }>(`/api/case-notes/${uuid}/addenda`, body),
    onSuccess: (reply) => refresh(reply.data),
  });
}
