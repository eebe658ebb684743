import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { bookKey } from '../../../offline/database';
import { keptRates, refreshRates } from './metal-rates-store';

/**
 * The rates kept on this device (live), refreshed from the server when online and when the network comes back.
 * `error` is the last refresh's failure; the kept rates stay usable.
 */
export function useMetalRates() {
  const kept = useLiveQuery(async () => ({ value: await keptRates() }), [bookKey()]);
  const [error, setError] = useState<Error | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    if (!navigator.onLine) return;
    setRefreshing(true);
    try {
      await refreshRates();
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setRefreshing(false);
    }
  }, []);
  useEffect(() => {
    void refresh();
    const online = () => void refresh();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [refresh]);
  return { kept: kept?.value, loading: kept === undefined, error, refreshing, refresh };
}
