import type { MyGroupSession } from '@kalinga/contracts/groups';
import { api } from '../lib/api-client';

/**
 * The signed-in member's sessions from today on, soonest first (GET /api/my-group-sessions). One definition for the
 * list's hook and the landing screen's start-up reads (decision 0363).
 */
export const myGroupSessionsQuery = {
  queryKey: ['workshops', 'mine'],
  queryFn: () => api.get<{ data: MyGroupSession[] }>('/api/my-group-sessions').then((r) => r.data),
  retry: false,
} as const;
