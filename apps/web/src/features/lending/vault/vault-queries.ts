import { IN_VAULT_STATUSES } from '@kalinga/contracts/lending/vault-rules';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { bookKey, db } from '../../../offline/database';
import type { LocalItem, LocalLoan } from '../../../offline/db';
import { photosOfItem, type LocalPhoto } from '../../../offline/photo-store';

// The vault screens' reads of the device's book and photos (docs/decisions/0308 to 0310), live like the lending
// screens': a save, a reply applied or a pull redraws them.

export interface Live<T> {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
}

function useLive<T>(query: () => Promise<T>, deps: unknown[]): Live<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([bookKey(), ...deps, attempt]);
  const outcome = useLiveQuery(
    async () => {
      try {
        return { ok: true as const, data: await query(), key };
      } catch (error) {
        return { ok: false as const, error: error instanceof Error ? error : new Error(String(error)), key };
      }
    },
    [key],
  );
  const retry = () => setAttempt((n) => n + 1);
  if (!outcome) return { data: undefined, error: null, loading: true, retry };
  return outcome.ok ? { data: outcome.data, error: null, loading: false, retry } : { data: undefined, error: outcome.error, loading: false, retry };
}

export interface ItemWithLoan {
  item: LocalItem | null;
  loan: LocalLoan | null;
}

/** One item and its loan, from the device's book (null when the item is not on this device). */
export function useItemWithLoan(uuid: string) {
  return useLive<ItemWithLoan>(async () => {
    const item = (await db.items.get(uuid)) ?? null;
    const loan = item ? ((await db.loans.get(item.loan_uuid)) ?? null) : null;
    return { item, loan };
  }, [uuid]);
}

/** The book's items in the vault (pawned, forfeited, for sale), tagged or not. */
export function useItemsInVault() {
  return useLive(async () => db.items.where('status').anyOf([...IN_VAULT_STATUSES]).toArray(), []);
}

/** An item's photos kept on this device. */
export function useLocalPhotos(itemUuid: string) {
  return useLive<LocalPhoto[]>(() => photosOfItem(itemUuid), [itemUuid]);
}

/** An object URL for a kept photo's blob, let go when the photo leaves the screen. */
export function useBlobUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
