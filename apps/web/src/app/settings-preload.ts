import { RolesPage, SettingsPage, UsersPage } from './settings-screens';

// Loading an administrator's Settings screens ahead (decision 0149), apart from settings-screens.ts, which the
// entry imports (through the router): this is the signed-in frame's, and stays out of the sign-in page's bytes.

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
