import type { AppointmentTab } from '@kalinga/contracts/appointments';
import type { DB } from '../../db/database';
import type { AppointmentFilters, CountedTotal, Scope } from './appointment.repository';

/**
 * Cached list totals (docs/decisions/0025-appointments-list-performance.md).
 *
 * Counting a company's 100,000 appointments costs milliseconds; the answer only changes when the
 * company's appointments (or a searched user's name) change, or, for the tabs, when the clock passes
 * the start of a pending or confirmed appointment. So a total is kept with
 *  - the company's appointment_versions.version read in the same statement as the count (triggers
 *    bump it in the same transaction as every write, from any process), and
 *  - for tabs, the interval [count's `now`, `validThrough`], where `validThrough` is the earliest start
 *    of a live appointment at or after that `now`: inside it no row moves between pending/upcoming and
 *    history.
 * A total is used only while both still hold, so it always equals a fresh count.
 */

interface Entry extends CountedTotal {
  tab: boolean;
}

const MAX_ENTRIES = 1000;
const caches = new WeakMap<DB, Map<string, Entry>>();

export function totalKey(companyId: number, scope: Scope, filters: AppointmentFilters, tab: AppointmentTab | 'all' | undefined): string {
  const who = scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.userId}`;
  return JSON.stringify([companyId, who, tab ?? null, filters.date ?? null, filters.user_type ?? null, filters.counselor_id ?? null, filters.search ?? null]);
}

/** The cached total when it still holds at `version` and `nowIso`, else undefined. */
export function cachedTotal(db: DB, key: string, version: number, nowIso: string): number | undefined {
  const entry = caches.get(db)?.get(key);
  if (!entry || entry.version !== version) return undefined;
  if (entry.tab && (nowIso < entry.countedAt || (entry.validThrough !== null && nowIso > entry.validThrough))) return undefined;
  return entry.total;
}

export function rememberTotal(db: DB, key: string, counted: CountedTotal, tab: boolean): void {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { ...counted, tab });
}
