import { useSyncExternalStore } from 'react';

/**
 * True while the media query matches; a screen that draws one layout at a time keeps its labels and test ids
 * unique. Without matchMedia (a test's DOM) it answers true, as on a server drawing.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (callback) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', callback);
      return () => mql.removeEventListener('change', callback);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
