import { useEffect, useState } from 'react';

/**
 * Loads a module (a dynamic import) once `when` is true and gives it back, null until then. A load that fails
 * (offline before the service worker had precached it) is not thrown at the screen: it is tried again when the
 * network returns. For parts of the frame that draw a placeholder meanwhile (decision 0098).
 */
export function useLoadedWhen<T>(load: () => Promise<T>, when: boolean): T | null {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  useEffect(() => {
    if (!when || loaded) return;
    let live = true;
    const attempt = () => {
      load().then(
        (module) => live && setLoaded({ module }),
        (error: unknown) => {
          console.error('Failed to load a part of the page; trying again when online', error);
          window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [when, loaded, load]);
  return loaded?.module ?? null;
}
