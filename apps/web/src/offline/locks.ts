// One holder at a time across every tab of this browser (Web Locks); without Web Locks (old browsers, tests)
// a chain within this tab only.

const chains = new Map<string, Promise<unknown>>();

export function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(name, () => fn()) as Promise<T>;
  const run = (chains.get(name) ?? Promise.resolve()).then(fn, fn);
  chains.set(name, run.catch(() => undefined));
  return run;
}

/**
 * One run at a time in this tab: a call while a run is going asks for one more run after it (it may have
 * missed what the caller just wrote) and shares its promise, instead of starting a second run.
 */
export function coalesced<T>(run: () => Promise<T>, stop: (result: T) => boolean = () => false): () => Promise<T> {
  let running: Promise<T> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: T;
      do {
        again = false;
        result = await run();
      } while (again && !stop(result));
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
