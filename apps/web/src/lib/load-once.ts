/**
 * `load` (a dynamic import) run at most once at a time: `preload()` starts it or returns the run in flight, a
 * failed run is tried again on the next call, and `current()` is the result once it has arrived (else null).
 */
export function loadOnce<T>(load: () => Promise<T>): { preload: () => Promise<T>; current: () => T | null } {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const preload = () => {
    pending ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return { preload, current: () => loaded };
}
