import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

export type RaiseState = 'idle' | 'sending' | 'told' | 'offline' | 'failed' | 'signed-out';

/** Without a reply (a timeout, a connection lost, a reply lost) the request is sent again this often. */
export const NO_REPLY_RETRY_MS = 15_000;

/**
 * "I need help now" (decision 0163): tells the counselors on call once the screen is up (the screen itself needs no
 * server). Offline, it waits for the network while the screen is open and sends then; without a reply while the
 * browser thinks it is online (no 'online' event will come), it sends again every `retryMs`. The server keeps one
 * open case per client, so a reload, a second press or a resend after a lost reply tells nobody twice.
 */
export function useRaiseUrgentCase(enabled: boolean, signedIn: boolean, retryMs = NO_REPLY_RETRY_MS): { state: RaiseState; retry: () => void } {
  const [state, setState] = useState<RaiseState>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    if (!signedIn) {
      setState('signed-out');
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      clearTimeout(timer);
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
          const noReply = status === 0 || !navigator.onLine;
          setState(noReply ? 'offline' : 'failed');
          if (noReply) timer = setTimeout(send, retryMs);
        },
      );
    };
    send();
    window.addEventListener('online', send);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', send);
    };
  }, [enabled, signedIn, attempt, retryMs]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
