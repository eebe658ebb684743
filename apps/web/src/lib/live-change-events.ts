import type { ChangeScope } from '@kalinga/contracts/live-changes';
import { useEffect, useRef } from 'react';

// The live change signal inside the page (docs/decisions/0325-changes-pushed-to-devices.md): the offline engine
// hears the server's stream (or another tab's copy of it) and dispatches this window event; a screen whose data a
// signal names refetches. Nothing here knows how the signal arrived.

export const LIVE_CHANGED_EVENT = 'kalinga:live-changed';

/** Tells this page's listeners that rows of these scopes changed on the server. */
export function announceLiveChange(scopes: readonly ChangeScope[]): void {
  if (scopes.length > 0) window.dispatchEvent(new CustomEvent<readonly ChangeScope[]>(LIVE_CHANGED_EVENT, { detail: scopes }));
}

/** Calls `onChange` whenever a signal names `scope`, while the component is mounted. */
export function useLiveChange(scope: ChangeScope, onChange: () => unknown): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = (event: Event) => {
      if ((event as CustomEvent<readonly ChangeScope[]>).detail.includes(scope)) void latest.current();
    };
    window.addEventListener(LIVE_CHANGED_EVENT, listener);
    return () => window.removeEventListener(LIVE_CHANGED_EVENT, listener);
  }, [scope]);
}
