import type { QueryClient } from '@tanstack/react-query';

// The query library is not in the entry script (decision 0230): the sign-in page never loads it. What the session
// store must do to the cache (clear it at sign-out or a company switch) goes through here, a no-op until the
// client has loaded (nothing can be cached before that).

let loaded: QueryClient | null = null;

/** Called by lib/query-client.ts when it is evaluated. */
export function queryClientLoaded(client: QueryClient): void {
  loaded = client;
}

/** Empties the query cache, if the query client has loaded. */
export function clearQueries(): void {
  loaded?.clear();
}
