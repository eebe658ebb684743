// What the user signed in on this device may open, kept for the next start: before the session check answers,
// the page readies the screen's code and first lists (router.tsx). At '/' that is the user's own landing
// screen, and lists are asked for only on a screen the user may open: a counter clerk reloading the page
// would otherwise earn two refusals for the dashboard's appointment lists (decision 0145).

const HINT_KEY = 'screens_hint';

interface Hint {
  /** The first screen the user may use. */
  home: string;
  /** The first path segments of the screens the menu offers them. */
  screens: string[];
}

const segment = (path: string) => path.split('/')[1] ?? '';

export function rememberScreens(home: string, paths: string[]): void {
  localStorage.setItem(HINT_KEY, JSON.stringify({ home, screens: paths.map(segment) } satisfies Hint));
}

/** At sign-out: the next person on this browser learns nothing of which screens the last one had. */
export function forgetScreens(): void {
  localStorage.removeItem(HINT_KEY);
}

function hint(): Hint | null {
  try {
    const value = JSON.parse(localStorage.getItem(HINT_KEY) ?? 'null') as Hint | null;
    return value && typeof value.home === 'string' && Array.isArray(value.screens) ? value : null;
  } catch {
    return null;
  }
}

/**
 * What the landing screen draws above its lists for the user kept here, asked for with the lists (decision 0231):
 * an administrator's first-run checklist (the menu offers Settings), a client's intake prompt (no My Schedule).
 */
export function landingExtras(): { setup: boolean; screening: boolean } {
  const known = hint();
  return { setup: !!known?.screens.includes('settings'), screening: !!known && !known.screens.includes('schedule') };
}

/**
 * The screen to ready for `pathname` (its first segment; '' is the dashboard) and whether its lists may be
 * asked for. Nothing kept (a session from before the hint): the dashboard and every screen's lists, as before.
 */
export function screenToReady(pathname: string): { screen: string; listsAllowed: boolean } {
  const known = hint();
  let screen = segment(pathname);
  if (screen === '' && known && known.home !== '/appointments') screen = segment(known.home);
  const checked = screen === '' ? 'appointments' : screen;
  return { screen, listsAllowed: !known || checked === 'profile' || known.screens.includes(checked) };
}
