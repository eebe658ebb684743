import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

// The query library's timers (each query's removal after gcTime, each observer's staleness, retries' waits) on one
// browser timer (decision 0388). Each of them was a browser setTimeout/clearTimeout of its own: a screen's start
// creates and re-times dozens (every observer re-arms its staleness timer on every update of its query), and on a
// phone each call costs the main thread a measurable slice inside the start's longest tasks. Here a timer is an
// entry in a map; the browser's one timer is re-armed only when a new entry is due before the armed moment, and
// clearing an entry never calls the browser. Each callback still runs no earlier than its own delay, in due order.

interface Entry {
  due: number;
  callback: TimeoutCallback;
  /** For an interval: its period. */
  every?: number;
}

/** The browser's timer takes at most about 24.8 days; a later moment is reached in steps. */
const MAX_DELAY = 2_147_483_647;

/**
 * A TimeoutProvider (`timeoutManager.setTimeoutProvider`) keeping every timer on one browser timer. The browser's
 * `setTimeout`, `clearTimeout` and `Date.now` are read at each call, so a test's fake timers drive it too.
 */
export function coalescedTimers(): TimeoutProvider<number> {
  const entries = new Map<number, Entry>();
  let lastId = 0;
  // The browser timer armed, with the functions that armed it: a test that installs or removes fake timers swaps the
  // global ones, and a timer of the other kind would never fire, so the next timer asked for arms one of the new kind.
  let armed: { at: number; handle: ReturnType<typeof setTimeout>; set: typeof setTimeout; clear: typeof clearTimeout } | null = null;

  const arm = (due: number) => {
    if (armed && armed.at <= due && armed.set === globalThis.setTimeout) return;
    // Called on the global object, as the browser requires of its timer functions ('Illegal invocation' otherwise).
    if (armed) armed.clear.call(globalThis, armed.handle);
    const delay = Math.min(MAX_DELAY, Math.max(0, due - Date.now()));
    armed = { at: due, handle: globalThis.setTimeout(fire, delay), set: globalThis.setTimeout, clear: globalThis.clearTimeout };
  };

  function fire(): void {
    armed = null;
    const now = Date.now();
    const due = [...entries].filter(([, e]) => e.due <= now).sort((a, b) => a[1].due - b[1].due);
    for (const [id, entry] of due) {
      // A callback before it may have cleared it.
      if (entries.get(id) !== entry) continue;
      if (entry.every === undefined) entries.delete(id);
      else entry.due = now + entry.every;
      try {
        entry.callback();
      } catch (error) {
        // As the browser's timers do: the error is reported, and the other callbacks still run.
        queueMicrotask(() => { throw error; });
      }
    }
    let next = Infinity;
    for (const entry of entries.values()) next = Math.min(next, entry.due);
    if (next !== Infinity) arm(next);
  }

  const add = (callback: TimeoutCallback, delay: number, every?: number): number => {
    const entry: Entry = { due: Date.now() + Math.max(0, delay || 0), callback, every };
    entries.set(++lastId, entry);
    arm(entry.due);
    return lastId;
  };
  // An entry cleared is only forgotten: the browser's timer, if it was armed for it, finds nothing due and re-arms.
  const clear = (id: number | undefined) => {
    if (id !== undefined) entries.delete(id);
  };

  return {
    setTimeout: (callback, delay) => add(callback, delay),
    clearTimeout: clear,
    setInterval: (callback, delay) => add(callback, delay, Math.max(1, delay || 0)),
    clearInterval: clear,
  };
}
