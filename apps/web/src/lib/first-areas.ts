import type { Area } from './i18n';
import { screenToReady } from './home-hint';

// The message catalogs the first screen draws with, loaded beside the session check (decision 0245). A screen's own
// catalog used to be asked for only when its first render suspended on it: one more round trip after the frame's
// catalogs, the screen's code and the session check, in front of every first open's content (decision 0334).

/** The main screens' own catalogs, by the first segment of their path ('' is the landing screen, Appointments). */
const SCREEN_AREAS: Record<string, Area[]> = {
  '': ['appointments'],
  appointments: ['appointments'],
  categories: ['categories'],
  resources: ['resources'],
  reports: ['reports'],
  profile: ['profile'],
  schedule: ['schedule'],
  waitlist: ['waitlist'],
  sync: ['sync'],
  settings: ['users'],
  lending: ['lending'],
};

/** The signed-in frame's catalogs: its own, the crisis screen's (for its "I need help now") and the shared components' (decision 0271). */
const FRAME_AREAS: Area[] = ['frame', 'crisis', 'common'];

/**
 * The catalogs a page opened at a path whose first segment is `segment` starts with, as far as the path tells
 * (the build lists their files per language for the page's start-up script, decision 0345): the register page's,
 * else the frame's and the main screen's of that segment.
 */
export function segmentAreas(segment: string): Area[] {
  if (segment === 'register' || segment === 'login') return ['auth'];
  if (segment === 'crisis') return ['crisis'];
  return [...FRAME_AREAS, ...(SCREEN_AREAS[segment] ?? [])];
}

/**
 * The catalogs to load at start-up on `pathname`: the sign-in pages' own, the crisis screen's, or the signed-in
 * frame's (with the crisis one, for its "I need help now", and the shared components' common one, decision 0271)
 * and, on a main screen, that screen's (at '/', the screen this device's user lands on, home-hint.ts).
 */
export function firstAreas(pathname: string): Area[] {
  if (pathname === '/login' || pathname === '/register') return ['auth'];
  if (pathname === '/crisis') return ['crisis'];
  const screen = pathname === '/settings/roles' ? ['roles'] : pathname === '/settings/site' ? ['settings'] : (SCREEN_AREAS[screenToReady(pathname).screen] ?? []);
  return [...FRAME_AREAS, ...(screen as Area[])];
}
