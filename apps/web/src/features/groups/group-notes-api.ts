import type { CreateGroupNoteBody, GroupNote, GroupNoteAddendumBody, GroupNoteContent, SessionNoteReply } from '@kalinga/contracts/group-notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';

// A group session's note over the API (decision 0295). Confidential like case notes: held in memory only (gcTime 0),
// never persisted; every read is recorded by the server.

const noteKey = (sessionUuid: string) => ['group-notes', 'session', sessionUuid] as const;

export function useSessionNote(sessionUuid: string) {
  return useQuery({ queryKey: noteKey(sessionUuid), queryFn: () => api.get<SessionNoteReply>(`/api/group-sessions/${sessionUuid}/note`).then((r) => r.data), gcTime: 0, staleTime: 0 });
}

function useNoteChange<T>(sessionUuid: string, fn: (arg: T) => Promise<{ data: GroupNote }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (reply) => qc.setQueryData<SessionNoteReply['data']>(noteKey(sessionUuid), (old) => (old ? { ...old, note: reply.data } : old)),
    // Every read of a group note (the session's, and the one a supervisor reviews) is read again.
    onSettled: () => refreshQueries(qc, { queryKey: ['group-notes'] }),
  });
}

export const useCreateGroupNote = (sessionUuid: string) => useNoteChange(sessionUuid, (body: CreateGroupNoteBody) => api.post<{ data: GroupNote }>(`/api/group-sessions/${sessionUuid}/note`, body));
export const useUpdateGroupNote = (sessionUuid: string) => useNoteChange(sessionUuid, ({ uuid, body }: { uuid: string; body: GroupNoteContent }) => api.put<{ data: GroupNote }>(`/api/group-notes/${uuid}`, body));
export const useSignGroupNote = (sessionUuid: string) => useNoteChange(sessionUuid, (uuid: string) => api.post<{ data: GroupNote }>(`/api/group-notes/${uuid}/sign`));
export const useAddGroupAddendum = (sessionUuid: string) =>
  useNoteChange(sessionUuid, ({ uuid, body }: { uuid: string; body: GroupNoteAddendumBody }) => api.post<{ data: GroupNote }>(`/api/group-notes/${uuid}/addenda`, body));

// A trainee's signed note as their supervisor reviews it (decision 0320): read whole by its uuid, co-signed.
const reviewKey = (uuid: string) => ['group-notes', 'review', uuid] as const;

export function useGroupNote(uuid: string) {
  return useQuery({ queryKey: reviewKey(uuid), queryFn: () => api.get<{ data: GroupNote }>(`/api/group-notes/${uuid}`).then((r) => r.data), gcTime: 0, staleTime: 0, retry: false });
}

export function useCosignGroupNote(uuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: GroupNote }>(`/api/group-notes/${uuid}/cosign`),
    onSuccess: (reply) => qc.setQueryData(reviewKey(uuid), reply.data),
    onSettled: () => refreshQueries(qc, { queryKey: ['group-notes'] }),
  });
}
