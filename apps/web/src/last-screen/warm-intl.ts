import { GUEST_PATHS, sessionOwner } from './snapshot';

/** The worker that makes the first Intl formatters (public/intl-warm.js). */
export const INTL_WARM_URL = '/intl-warm.js';

/**
 * Starts the worker that loads the browser's locale and time-zone data off the main thread (decision 0334): the
 * first `Intl` formatter of a page costs ~200 ms on a phone, and the app's first is in a list's render. Only on a
 * signed-in path with a session on the device: the sign-in pages show no date at start, and their bytes are
 * counted to the kilobyte (decision 0288). True when started.
 */
export function warmIntl(win: { location: { pathname: string }; Worker?: typeof Worker }, storage: () => Storage): boolean {
  try {
    if (typeof win.Worker !== 'function' || GUEST_PATHS.includes(win.location.pathname) || sessionOwner(storage()) === null) return false;
    // It closes itself when done; nothing is sent to it or taken from it.
    return new win.Worker(INTL_WARM_URL) instanceof win.Worker;
  } catch {
    // No worker (a browser refusing it, a strict policy): the app's first formatter loads the data itself.
    return false;
  }
}
