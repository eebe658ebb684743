import { QueryClient, timeoutManager, type TimeoutProvider } from '@tanstack/react-query';
import { ApiError, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from './api-client';
import { coalescedTimers } from './coalesced-timers';
import { queryClientLoaded } from './query-clear';

/** Client errors will not fix themselves and a dead network or a silent server should not be waited on; blips might. */
export function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && (error.message === OFFLINE_MESSAGE || error.message === TIMEOUT_MESSAGE)) return false;
  return count < 2;
}

/**
 * networkMode 'always': TanStack Query would otherwise pause every query and mutation while the browser is
 * offline, so server-only screens spun forever. The api client fails at once offline instead (decision 0053), and
 * local-store reads never needed the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always', retry: shouldRetry },
      mutations: { networkMode: 'always' },
    },
  });
}

// The library's timers share one browser timer (decision 0388). One provider for the page's life: a module loaded
// again (a test's fresh copy) finds it, and the library never sees two providers' timers.
const TIMERS = Symbol.for('kalinga.queryTimers');
const holder = globalThis as { [TIMERS]?: TimeoutProvider<number> };
timeoutManager.setTimeoutProvider((holder[TIMERS] ??= coalescedTimers()));

export const queryClient = createQueryClient();
queryClientLoaded(queryClient);
