import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

/**
 * The code each signed-in path opens with, by the path's first segment ('' is the landing screen): the signed-in
 * frame plus the screen. router.tsx's lazy routes name the same modules; a segment missing here only loses its
 * preload. Register is a guest screen without the frame.
 */
const SCREEN_SOURCES: Record<string, string[]> = {
  '': ['src/app/layout.tsx', 'src/features/appointments/appointments-page.tsx'],
  appointments: ['src/app/layout.tsx', 'src/features/appointments/appointments-page.tsx'],
  schedule: ['src/app/layout.tsx', 'src/features/schedule/schedule-page.tsx'],
  profile: ['src/app/layout.tsx', 'src/features/profile/profile-page.tsx'],
  categories: ['src/app/layout.tsx', 'src/features/categories/categories-page.tsx'],
  resources: ['src/app/layout.tsx', 'src/features/resources/resources-page.tsx'],
  reports: ['src/app/layout.tsx', 'src/features/reports/reports-page.tsx'],
  sync: ['src/app/layout.tsx', 'src/features/sync/sync-page.tsx'],
  lending: ['src/app/layout.tsx', 'src/features/lending/lending-routes.ts'],
  settings: ['src/app/layout.tsx'],
  register: ['src/features/auth/register-page.tsx'],
};

/**
 * Writes `route-preloads.json` beside index.html: for each segment above, the built chunks its modules live in
 * and the chunks those import statically (not the entry, which the page loads anyway). The server lists them as
 * `<link rel="modulepreload">` in the page it sends for that path, so they download beside the entry instead of
 * after it has run (issue 16, decision 0099).
 */
function routePreloads(): Plugin {
  return {
    name: 'kalinga-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const owner = (source: string) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/apps/web/${source}`)));
      const closure = (fileName: string, out: string[]) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || out.includes(fileName)) return;
        out.push(fileName);
        for (const imported of chunk.imports) closure(imported, out);
      };
      const map: Record<string, string[]> = {};
      for (const [segment, sources] of Object.entries(SCREEN_SOURCES)) {
        const files: string[] = [];
        for (const source of sources) {
          const chunk = owner(source);
          if (!chunk) this.error(`route-preloads: no chunk holds ${source}`);
          closure(chunk.fileName, files);
        }
        map[segment] = files;
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(map, null, 1)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, routePreloads()],
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
