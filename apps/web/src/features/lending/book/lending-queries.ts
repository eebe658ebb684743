import { cashDayOf } from './cash-day-actions';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { bookKey } from '../../../offline/database';
import { counterToday, counterZone } from './lending-checks';
import {
  customerDetail,
  customerPage,
  itemPage,
  lendingCategories,
  loanCount,
  loanDetail,
  loanPage,
  syncErrorOf,
  type ItemTab,
  type LoanTab,
} from './lending-reads';

// Live-query hooks of the lending screens (dexie-react-hooks): every list and page re-renders when the local
// store changes (a save, the queue applying a reply, a pull). Errors become a value with a retry, never a throw.

export { figuresOf, termsOf } from './lending-checks';
export { ITEM_TABS, LENDING_PAGE_SIZE, LOAN_TABS } from './lending-reads';
export type { CustomerDetail, ItemRow, ItemTab, LoanDetail, LoanPage, LoanRow, LoanTab, Page } from './lending-reads';
export type { LocalCategory, LocalCustomer, LocalItem, LocalLoan, LocalTransaction, SyncStatus } from '../../../offline/db';

export interface LiveResult<T> {
  /** undefined while the first answer is loading; the previous answer while new arguments load. */
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  /** The data answers earlier arguments (another tab, page or search) while the new answer loads. */
  stale: boolean;
  retry: () => void;
}

type Outcome<T> = ({ ok: true; data: T } | { ok: false; error: Error }) & { key: string };

function useLive<T>(query: () => Promise<T>, deps: unknown[], refreshOn: string[] = []): LiveResult<T> {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const events = refreshOn.join(' ');
  useEffect(() => {
    const names = events ? events.split(' ') : [];
    names.forEach((name) => window.addEventListener(name, retry));
    return () => names.forEach((name) => window.removeEventListener(name, retry));
  }, [events, retry]);
  // The book in use is part of the key: a screen drawn while another book was in use (before the sign-in was
  // restored, another company) asks again in the right one; its live query watched the other book's tables only.
  const key = JSON.stringify([bookKey(), ...deps]);
  const outcome = useLiveQuery(
    async (): Promise<Outcome<T>> => {
      try {
        return { ok: true, data: await query(), key };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error : new Error(String(error)), key };
      }
    },
    [key, attempt],
  );
  if (!outcome) return { data: undefined, error: null, loading: true, stale: false, retry };
  const stale = outcome.key !== key;
  return outcome.ok ? { data: outcome.data, error: null, loading: false, stale, retry } : { data: undefined, error: outcome.error, loading: false, stale, retry };
}

/** Today in the company's zone (the counter's day); undefined for the first moment. */
export function useCounterToday(): string | undefined {
  return useLiveQuery(() => counterToday(), []);
}

/** The company's zone (the counter's clock), for an instant's day; undefined for the first moment. */
export function useCounterZone(): string | undefined {
  return useLiveQuery(() => counterZone(), []);
}

export function useCustomerPage(search: string, page: number) {
  return useLive(() => customerPage({ search, page }), [search, page]);
}

/** Customers matching a search, for the ticket form's picker (first 10). */
export function useCustomerMatches(search: string) {
  return useLive(async () => (search.trim() ? (await customerPage({ search, page: 1, perPage: 10 })).rows : []), [search]);
}

export function useLoanPage(tab: LoanTab, search: string, page: number, today: string | undefined) {
  return useLive(async () => (today ? loanPage({ tab, search, page, today }) : undefined), [tab, search, page, today]);
}

/** The number of loans on a date tab (Maturing, Expired); null when the tab's page already has its total. */
export function useLoanCount(tab: LoanTab, today: string | undefined, wanted: boolean) {
  return useLive(async () => (wanted && today ? loanCount(tab, today) : null), [tab, today, wanted]);
}

export function useLoanDetail(uuid: string) {
  return useLive(() => loanDetail(uuid), [uuid]);
}

export function useCustomerDetail(uuid: string) {
  return useLive(() => customerDetail(uuid), [uuid]);
}

/** Items of a status; also refreshes on the queue's item-processed and item-sold events. */
export function useItemPage(status: ItemTab, page: number) {
  return useLive(() => itemPage({ status, page }), [status, page], ['item-processed', 'item-sold']);
}

export function useLendingCategories() {
  return useLive(() => lendingCategories(), []);
}

/** The server's sentence for a failed record, null otherwise. */
export function useSyncError(record: { uuid: string; sync_status?: string; sync_error?: string }): string | null {
  const { uuid, sync_status, sync_error } = record;
  return useLiveQuery(() => syncErrorOf({ uuid, sync_status, sync_error }), [uuid, sync_status, sync_error]) ?? sync_error ?? null;
}

/** The clerk's cash day of a date on this device (null: not opened). */
export function useCashDay(day: string | undefined) {
  return useLive(async () => (day ? ((await cashDayOf(day)) ?? null) : null), [day]);
}
