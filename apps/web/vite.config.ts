import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The service worker (decision 0085): Workbox precaches every built file, so a cold start without a network
// opens the app shell, sign-in and every lazily loaded screen. Navigations fall back to index.html except
// /api and /uploads; API calls are never cached here (offline data is the local store's job). A new version
// waits for the user's Reload (registerType 'prompt'), never swapping code under an open form.
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Kalinga',
    short_name: 'Kalinga',
    description: 'Kalinga: counselling appointments, resources and reports',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'],
    // The charts chunk is large; every chunk must be precached or its screen would not open offline.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/uploads(\/|$)/],
    cleanupOutdatedCaches: true,
    // A first install takes the open page at once (no older code to swap); updates still wait for Reload.
    clientsClaim: true,
    skipWaiting: false,
    // One file at /sw.js, no separate workbox-*.js runtime to serve.
    inlineWorkboxRuntime: true,
    runtimeCaching: [],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true },
});
