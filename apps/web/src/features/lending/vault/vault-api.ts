import type { ItemMove, ItemPhoto, VaultCount } from '@kalinga/contracts/lending/vault';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

// The vault's reads and the count's save on the server (decisions 0308 to 0310); the tag and place travel by the
// queue instead (vault-actions.ts).

export interface PastCount {
  uuid: string;
  counted_by_name: string | null;
  counted_at: string;
  expected_count: number;
  present_count: number;
  missing_count: number;
  unexpected_count: number;
}

const COUNTS_KEY = ['vault-counts'] as const;

/** `version`: the item's row version on this device, so a move applied here (or pulled) reads the history again. */
export function useItemMoves(uuid: string, version: number | undefined) {
  return useQuery({ queryKey: ['item-moves', uuid, version], queryFn: () => api.get<{ data: ItemMove[] }>(`/api/items/${encodeURIComponent(uuid)}/moves`).then((r) => r.data) });
}

export function useServerPhotos(uuid: string) {
  return useQuery({ queryKey: ['item-photos', uuid], queryFn: () => api.get<{ data: ItemPhoto[] }>(`/api/items/${encodeURIComponent(uuid)}/photos`).then((r) => r.data) });
}

export function usePastCounts() {
  return useQuery({ queryKey: COUNTS_KEY, queryFn: () => api.get<{ data: PastCount[] }>('/api/vault-counts', { per_page: 20 }).then((r) => r.data) });
}

export function useSaveCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { uuid: string; tags: string[] }) => api.post<{ data: VaultCount }>('/api/vault-counts', body).then((r) => r.data),
    onSuccess: () => void refreshQueries(client, { queryKey: COUNTS_KEY }),
  });
}
