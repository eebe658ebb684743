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

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/** Whether `id` is a root or imported statically by one, directly or through other modules (memoised per root kind). */
function staticallyFrom(isRoot: (id: string, entry: boolean) => boolean, memo: Map<string, boolean>) {
  const walk = (id: string, info: ModuleInfoOf, seen: Set<string>): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const module = info(id);
    if (!module || seen.has(id)) return false;
    seen.add(id);
    const result = isRoot(id, module.isEntry) || module.importers.some((importer) => walk(importer, info, seen));
    // A module left out only because the walk met it again on this path is decided on its own later.
    if (result || seen.size === 1) memo.set(id, result);
    return result;
  };
  return (id: string, info: ModuleInfoOf) => walk(id, info, new Set());
}

const fromEntry = staticallyFrom((_id, entry) => entry, new Map());
const fromLayout = staticallyFrom((id) => /\/src\/app\/layout\.tsx$/.test(id), new Map());

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What the entry imports statically travels as one file, and so does the signed-in frame with what it
        // imports (the local database, toasts, settings), not as the dozens of small shared chunks the splitter
        // makes of them (each one more request on a phone's slow network; decision 0098). Each screen and the
        // sync engine keep their own chunks.
        manualChunks: (id, { getModuleInfo }) => {
          if (fromEntry(id, getModuleInfo)) return 'index';
          if (fromLayout(id, getModuleInfo)) return 'layout';
          return null;
        },
      },
    },
  },
});
