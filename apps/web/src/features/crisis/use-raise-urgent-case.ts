import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

export type RaiseState = 'idle' | 'sending' | 'told' | 'offline' | 'failed' | 'signed-out';

/**
 * "I need help now" (decision 0163): tells the counselors on call once the screen is up (the screen itself needs no
 * server). Offline, it waits for the network while the screen is open and sends then; the server keeps one open case
 * per client, so a reload or a second press tells nobody twice.
 */
export function useRaiseUrgentCase(enabled: boolean, signedIn: boolean): { state: RaiseState; retry: () => void } {
  const [state, setState] = useState<RaiseState>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    if (!signedIn) {
      setState('signed-out');
      return;
    }
    let cancelled = false;
    const send = () => {
      if (!navigator.onLine) {
        setState('offline');
        return;
      }
      setState('sending');
      api.post('/api/urgent-cases').then(
        () => !cancelled && setState('told'),
        (error: unknown) => {
          if (cancelled) return;
          const status = (error as { status?: number }).status;
          setState(status === 0 || !navigator.onLine ? 'offline' : 'failed');
        },
      );
    };
    send();
    window.addEventListener('online', send);
    return () => {
      cancelled = true;
      window.removeEventListener('online', send);
    };
  }, [enabled, signedIn, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
