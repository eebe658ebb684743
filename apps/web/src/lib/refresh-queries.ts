import type { InvalidateOptions, InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

// After a write, or a live signal that something changed, every screen shows the newest answer (decision 0368).
// This is the one place that marks queries stale: `house/query-refresh` refuses `invalidateQueries` elsewhere
// (docs/architecture.md#checked).

/**
 * Reads the matching queries again, the newest answer winning. A read still on its way is dropped first: TanStack
 * Query's refetch cancels an in-flight read only when the query already holds data, and otherwise waits for it, so
 * a first read (a search's, a screen just opened) that left before the write committed would be the answer kept.
 * Data a screen set by hand meanwhile (an optimistic count) is kept by the cancel. The same filters and options
 * as `invalidateQueries` (the same keys, the same `refetchType`); no filters reads every query again.
 */
export async function refreshQueries(client: QueryClient, filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters, options);
}
