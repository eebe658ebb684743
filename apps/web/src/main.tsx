import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter, preloadSignedInScreen } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { UpdatePrompt } from './app/update-prompt';
import { initAuth } from './features/auth/auth-store';
import { maySessionBeStored } from './offline/session-hint';
import './index.css';

// Signed in on this device (most likely): the screen's code downloads beside the session check.
if (maySessionBeStored() && !['/login', '/register'].includes(window.location.pathname)) preloadSignedInScreen(window.location.pathname);

// Auth is initialised before mounting; a failed initialisation is logged and the app is not mounted (spec section 2).
initAuth()
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createRouter()} />
          <UpdatePrompt />
        </Providers>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => console.error('Failed to initialise authentication', error));

// Spec section 2: a service worker is registered from /sw.js on page load; a failure is only logged. Offline,
// the precached shell opens and initAuth restores the session kept on this device (offline mode).
registerServiceWorker();
