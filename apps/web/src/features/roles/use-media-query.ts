import { useSyncExternalStore } from 'react';

/** True while the media query matches; one layout is rendered at a time, so labels stay unique. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (callback) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', callback);
      return () => mql.removeEventListener('change', callback);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
