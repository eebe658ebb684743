import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { afterFirstScreen } from '../lib/first-screen';

// The Workbox service worker at /sw.js (decision 0085). Registered on page load in production builds, once the
// first screen has painted its content (lib/first-screen.ts, its last stage; decision 0099): a first install
// downloads every built file, which must not share a phone's network and CPU with the first screen. A failed
// registration is only logged (product-rules.md#navigation). A new version waits until the user chooses Reload.

/** Caches of the hand-written worker this one replaced (decision 0005). */
const LEGACY_CACHES = ['kalinga-shell-v1', 'kalinga-assets-v1'];
/** A tab left open for a day still hears about new versions. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateAvailable = false;
let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean): void {
  updateAvailable = value;
  listeners.forEach((l) => l());
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  void afterFirstScreen(2).then(register);
}

function register(): void {
  applyUpdate = registerSW({
    // The page has loaded by now (the first screen is up): register at once rather than on a later load event.
    immediate: true,
    onNeedRefresh: () => setUpdateAvailable(true),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
  if ('caches' in window) for (const name of LEGACY_CACHES) void caches.delete(name).catch(() => undefined);
}

/** True once a new version is installed and waiting for the user. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => updateAvailable,
    () => false,
  );
}

/** The user's Reload: the waiting worker takes over and the page reloads on the new version. */
export async function reloadToUpdate(): Promise<void> {
  if (!applyUpdate) return window.location.reload();
  // Workbox reloads only a page that had a worker when it loaded; the tab that installed the first version
  // reloads here when the new worker takes control.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await applyUpdate(true);
}

/** Later: hidden until the next new version. */
export function dismissUpdate(): void {
  setUpdateAvailable(false);
}
