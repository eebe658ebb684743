import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, onNavigation, preloadSignedInScreen } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { UpdatePrompt } from './app/update-prompt';
import { linkManifest } from './app/manifest-link';
import { initAuth } from './session/auth-store';
import { watchLastScreen } from './last-screen/keep';
import { keepStartUpReads } from './lib/early-reads';
import { afterFirstScreen } from './lib/first-screen';
import { maySessionBeStored } from './offline/session-hint';
import { initI18n } from './lib/i18n';
import { firstAreas } from './lib/first-areas';
import { whenStartUpSent } from './last-screen/start-up-sent';
import './index.css';

/** How long the first render waits, past the session check, for the frame's and the screen's code. */
const CODE_WAIT_MS = 3000;

/**
 * The app's own start: the session check, the first screen's code and lists, the messages, the first render. It
 * runs in a task after the entry's evaluation (the module bodies of React, React DOM and the router), so the two
 * are not one long task on a phone's main thread (decision 0314); the page can paint and answer input between them.
 * And only once the page's start-up script has asked for the screen's code, catalogs and reads, so the app does
 * not ask for any of them itself behind its own code (decision 0393).
 */
function start(): void {
  // Signed in on this device (most likely): the frame's and the screen's code download beside the session check,
  // and the first render waits for them (capped), so it draws the screen instead of a skeleton that React would
  // keep for at least 300 ms (lib/lazy-screen.tsx).
  const screenCode =
    maySessionBeStored() && !['/login', '/register', '/crisis'].includes(window.location.pathname)
      ? Promise.race([preloadSignedInScreen(window.location.pathname).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))])
      : undefined;

  // The first screen's messages in the language to use load beside the session check (decision 0245), the screen's
  // own catalog with the frame's (decision 0334).
  const messages = initI18n(firstAreas(window.location.pathname)).catch((error: unknown) => console.error('Failed to load the messages', error));

  // What the first screen asked the server for is sent by the page itself at this address's next start (decision 0252).
  const startAddress = { pathname: window.location.pathname, search: window.location.search };
  // (Or when the page is left before: what it had asked for by then.)
  const keepReads = () => keepStartUpReads(localStorage, startAddress, Date.now());
  void afterFirstScreen(0).then(keepReads);
  // The manifest is linked after the first screen (decision 0381); in development the build adds no manifest.
  if (import.meta.env.PROD) void afterFirstScreen(0).then(() => linkManifest(document));
  window.addEventListener('pagehide', keepReads, { once: true });

  // Auth is initialised before mounting; a failed initialisation is logged and the app is not mounted (product-rules.md#navigation).
  initAuth()
    .then(() => Promise.all([screenCode, messages]))
    .then(() => {
      const root = createRoot(document.getElementById('root')!);
      // What each screen shows is kept on the device, for the page to draw at the next start (decision 0101).
      watchLastScreen(onNavigation);
      // Rendered as a transition: React yields to the browser every few milliseconds while it builds the first
      // screen, instead of one long task that would hold input and the first paint's neighbours (decision 0099).
      startTransition(() =>
        root.render(
          <StrictMode>
            {/* The query client is provided by the signed-in frame (app/layout.tsx), not here (decision 0230). */}
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <UpdatePrompt />
          </StrictMode>,
        ),
      );
    })
    .catch((error: unknown) => console.error('Failed to initialise authentication', error));

  // product-rules.md#navigation: a service worker is registered from /sw.js on page load; a failure is only logged. Offline,
  // the precached shell opens and initAuth restores the session kept on this device (offline mode).
  registerServiceWorker();
}

void whenStartUpSent(window).then(() => setTimeout(start, 0));
