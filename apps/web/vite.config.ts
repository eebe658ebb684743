import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { build as esbuild } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
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
    // The frame's skeleton is part of the pages the server builds, not a page of its own.
    globIgnores: ['shell.html'],
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
/** The main screens' pages (SCREEN_SOURCES below), whose static imports chunkOf groups. */
const SCREEN_PAGE = /\/apps\/web\/src\/features\/(appointments|categories|reports|profile|resources|schedule|sync)\/\1-page\.tsx$/;
const fromAnyScreen = staticallyFrom((id) => SCREEN_PAGE.test(id), new Map());

/**
 * The signed-in frame's three catalogs of one language (lib/first-areas.ts: the frame's, the crisis screen's, the
 * shared components'), which every signed-in start loads together: one file, not three requests in front of each
 * first screen's content (decision 0381). The crisis screen alone loads them with it (1.5 KB more).
 */
const FRAME_CATALOGS = /\/apps\/web\/src\/i18n\/(en|fil)\/(frame|crisis|common)\.json$/;
/**
 * The chunk a module goes to. What the entry imports statically is one file, and so is the signed-in frame
 * with what it imports (decision 0098). The small shared modules the main screens import statically (our
 * components and lib, a few KB) travel with the frame: every file is one more request, and on a phone's slow
 * network a screen that needed twelve small files waited for them in turns (decision 0100). Packages and the
 * local database (src/offline) keep their own chunks, shared by the screens that need them; what is only loaded
 * on demand (dialogs, the sync engine) stays apart. (Grouping a screen's own modules the same way does not work:
 * the bundler moves a group's dependencies into it, packages included, and every other screen then loads it.)
 */
function chunkOf(id: string, info: ModuleInfoOf): string | null {
  if (fromEntry(id, info)) return 'index';
  const frameCatalog = FRAME_CATALOGS.exec(id);
  if (frameCatalog) return `frame-${frameCatalog[1]}`;
  if (fromLayout(id, info)) return 'layout';
  return /\/apps\/web\/src\/(components|lib)\//.test(id) && fromAnyScreen(id, info) ? 'layout' : null;
}

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

const webDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs `contents` (a module importing the app's own source) in Node: bundled with esbuild (packages stay
 * external) and imported, so the build uses the very code the app runs. `name` names its cached file.
 */
async function runSource<T>(name: string, contents: string): Promise<T> {
  const outfile = path.join(webDir, `node_modules/.cache/kalinga-${name}.mjs`);
  await esbuild({
    stdin: { contents, resolveDir: webDir, loader: 'tsx' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return (await import(`${pathToFileURL(outfile).href}?${Date.now()}`)) as T;
}

/**
 * The signed-in frame's skeleton (`ShellSkeleton`, src/app/skeletons.tsx) as static HTML: bundled for Node with
 * esbuild and rendered with react-dom/server, so the page's copy is the component React draws as its fallback.
 */
async function shellMarkup(): Promise<string> {
  const { default: markup } = await runSource<{ default: string }>(
    'shell',
    `import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ShellSkeleton } from './src/app/skeletons';
export default renderToStaticMarkup(createElement(ShellSkeleton));`,
  );
  if (!markup.startsWith('<div')) throw new Error('shell.html: the skeleton rendered no markup');
  return markup;
}

/** The languages and each path segment's first catalogs (src/lib/first-areas.ts), as the app loads them. */
function firstCatalogs(): Promise<{ LANGUAGES: readonly string[]; segmentAreas: (segment: string) => string[] }> {
  return runSource('first-catalogs', `export { segmentAreas } from './src/lib/first-areas';
export { LANGUAGES } from '../../packages/contracts/src/languages';`);
}

/** The start-up script (src/last-screen/boot-entry.ts), bundled and minified on its own. */
async function bootScript(): Promise<string> {
  const built = await esbuild({
    entryPoints: [path.join(webDir, 'src/last-screen/boot-entry.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    logLevel: 'error',
  });
  const code = built.outputFiles[0].text.trim();
  if (code.includes('</script')) throw new Error('boot script: it would end the page\'s script element');
  return code;
}

/**
 * The page's start-up (decision 0101): the built index.html asks for no script itself. The entry script and the
 * modules Vite preloads move into `<script type="application/json" id="boot-data">` (with the stylesheet's
 * name), and the start-up script, first in <head>, asks for them: at once, or, when the device kept a snapshot of
 * the path, once that is on screen. The server adds each path's modules to the same list (route-pages.ts) and
 * allows the inline script by its hash (plugins/inline-scripts.ts). In development the page keeps Vite's tags.
 */
function bootLoader(): Plugin {
  return {
    name: 'kalinga-boot-loader',
    // After the PWA plugin's own post transform, which links the manifest.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        let entry: string | undefined;
        const preload: string[] = [];
        let page = html.replace(/\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g, (_tag, src: string) => {
          if (entry) throw new Error('index.html: more than one entry script');
          entry = src;
          return '';
        });
        page = page.replace(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g, (_tag, href: string) => {
          preload.push(href);
          return '';
        });
        // The app links the manifest once its first screen is up (src/app/manifest-link.ts, decision 0381).
        const manifestLink = '<link rel="manifest" href="/manifest.webmanifest">';
        if (!page.includes(manifestLink)) throw new Error(`index.html: no ${manifestLink} to take out`);
        page = page.replace(manifestLink, '');
        const css = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/.exec(page)?.[1] ?? '';
        const data = JSON.stringify({ ...(entry ? { entry } : {}), css, preload });
        const tags = `<script type="application/json" id="boot-data">${data}</script>\n    <script>${await bootScript()}</script>`;
        if (!page.includes('<meta charset="UTF-8" />')) throw new Error('index.html: no <meta charset> to put the start-up script after');
        // A function, not a string: a replacement string reads `$'`, `$&` and `` $` `` as patterns, and the minified
        // start-up script may hold them (a variable named `$` before a quote).
        return page.replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />\n    ${tags}`);
      },
    },
  };
}

/**
 * Writes `route-preloads.json` beside index.html: for each segment above, the built chunks its modules live in
 * and the chunks those import statically (not the entry, which the page loads anyway). The server adds them to
 * the start-up list (bootLoader) of the page it sends for that path, so they download beside the entry instead of
 * after it has run (decision 0099). Also writes `shell.html`, the frame's skeleton for those pages.
 */
function routePreloads(): Plugin {
  return {
    name: 'kalinga-route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
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
      // Each segment's first catalogs per language (lib/first-areas.ts), for the page's start-up script to fetch
      // those of the language the app starts in beside the entry (decision 0345).
      const { LANGUAGES, segmentAreas } = await firstCatalogs();
      const catalogs: Record<string, Record<string, string[]>> = {};
      for (const segment of Object.keys(SCREEN_SOURCES)) {
        catalogs[segment] = Object.fromEntries(
          LANGUAGES.map((language) => {
            const files: string[] = [];
            for (const area of segmentAreas(segment)) {
              const chunk = owner(`src/i18n/${language}/${area}.json`);
              if (!chunk) this.error(`route-catalogs: no chunk holds src/i18n/${language}/${area}.json`);
              closure(chunk.fileName, files);
            }
            return [language, files];
          }),
        );
      }
      this.emitFile({ type: 'asset', fileName: 'route-catalogs.json', source: `${JSON.stringify(catalogs, null, 1)}\n` });
      // The frame's skeleton, which the server puts in each signed-in path's page (decision 0100).
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: await shellMarkup() });
    },
  };
}

/**
 * The message catalogs (src/i18n/<language>/<area>.json, ICU messages) are compiled as they are bundled, so the
 * page carries Lingui's small runtime and no ICU parser (decision 0245). Vite's JSON plugin then makes the module.
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'kalinga-compiled-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!/\/src\/i18n\/(en|fil)\/[A-Za-z-]+\.json$/.test(id)) return null;
      const messages = JSON.parse(await readFile(id, 'utf8')) as Record<string, string>;
      return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)])));
    },
  };
}

export default defineConfig({
  plugins: [compiledCatalogs(), react(), tailwindcss(), pwa, routePreloads(), bootLoader()],
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // See chunkOf: fewer, larger files for the first screen (decisions 0098, 0100).
        manualChunks: (id, { getModuleInfo }) => chunkOf(id, getModuleInfo),
      },
    },
  },
});
