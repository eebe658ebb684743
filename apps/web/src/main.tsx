import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter, preloadSignedInScreen } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { UpdatePrompt } from './app/update-prompt';
import { initAuth } from './features/auth/auth-store';
import { watchLastScreen } from './last-screen/keep';
import { maySessionBeStored } from './offline/session-hint';
import './index.css';

/** How long the first render waits, past the session check, for the frame's and the screen's code. */
const CODE_WAIT_MS = 3000;

// Signed in on this device (most likely): the frame's and the screen's code download beside the session check,
// and the first render waits for them (capped), so it draws the screen instead of a skeleton that React would
// keep for at least 300 ms (lib/lazy-screen.tsx).
const screenCode =
  maySessionBeStored() && !['/login', '/register', '/crisis'].includes(window.location.pathname)
    ? Promise.race([preloadSignedInScreen(window.location.pathname).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))])
    : undefined;

// Auth is initialised before mounting; a failed initialisation is logged and the app is not mounted (product-rules.md#navigation).
initAuth()
  .then(() => screenCode)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    const router = createRouter();
    // What each screen shows is kept on the device, for the page to draw at the next start (decision 0101).
    watchLastScreen((listener) => router.subscribe(listener));
    // Rendered as a transition: React yields to the browser every few milliseconds while it builds the first
    // screen, instead of one long task that would hold input and the first paint's neighbours (decision 0099).
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
            <UpdatePrompt />
          </Providers>
        </StrictMode>,
      ),
    );
  })
  .catch((error: unknown) => console.error('Failed to initialise authentication', error));

// product-rules.md#navigation: a service worker is registered from /sw.js on page load; a failure is only logged. Offline,
// the precached shell opens and initAuth restores the session kept on this device (offline mode).
registerServiceWorker();
