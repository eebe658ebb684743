import { lazyScreen } from '../lib/lazy-screen';

// The Settings screens (Users, Roles & Permissions, Site Settings), loaded ahead for whoever may open them once the
// first screen is up and the browser is idle (decision 0149). Opened from the menu, a screen whose code is already
// in memory draws at once with its lists on the way; loaded on the click it waited for its chunk, then for React's
// 300 ms reveal throttle after the skeleton (lib/lazy-screen.tsx), then for its lists: just over a second.

const users = () => import('../features/users/users-page');
const roles = () => import('../features/roles/roles-page');
const site = () => import('../features/settings/settings-page');

export const UsersPage = lazyScreen(() => users().then((m) => m.UsersPage));
export const RolesPage = lazyScreen(() => roles().then((m) => m.RolesPage));
export const SettingsPage = lazyScreen(() => site().then((m) => m.SettingsPage));

/** Where a pointer or the focus going means the administrator is heading for the menu: the sidebar, the top bar's buttons (the phone's menu button). */
const TOWARDS_MENU = 'nav, header button';
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Called once the page has settled. Their code (with zod and the schemas their forms validate with) is evaluated
 * on the first pointer or focus on the navigation, not at once: evaluated after the start-up, it was one
 * main-thread task of 200-400 ms at 4x CPU on every administrator's screen (decision 0335). Opening a Settings
 * screen takes a tap on the menu or a pointer over the sidebar first, which leaves the code the time to be ready;
 * the service worker keeps every chunk, so nothing waits for the network.
 */
export function preloadSettingsScreens(): void {
  const stop = () => INTENT_EVENTS.forEach((name) => document.removeEventListener(name, onIntent, true));
  function onIntent(event: Event): void {
    if (!(event.target instanceof Element) || !event.target.closest(TOWARDS_MENU)) return;
    stop();
    void Promise.all([UsersPage.preload(), RolesPage.preload(), SettingsPage.preload()]).catch(() => undefined);
  }
  INTENT_EVENTS.forEach((name) => document.addEventListener(name, onIntent, { capture: true, passive: true }));
}
