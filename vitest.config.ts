import { defineConfig } from 'vitest/config';

// How the suite stays quick on a 2-core machine (decision 0196):
// - two workers (Vitest's default is one fewer than the cores: one);
// - the server's files share one module graph per worker (isolate: false), so the app's ~200 modules load once
//   per worker instead of once per file; the files that replace a module (vi.mock) keep their own;
// - the web files share one jsdom per worker (isolate: false); src/test/setup.ts empties it and reloads our
//   modules before each file, so each still starts from a fresh browser;
// - the migrations run once per run (apps/server/test/global-setup.ts) and each test app copies the result;
// - web files that need no DOM say `// @vitest-environment node` and skip jsdom.

/** Server files that mock a module (vi.mock): a shared module graph would keep the real one. */
const OWN_MODULES = ['apps/server/src/modules/auth/passwords-and-sessions.test.ts'];

/**
 * Web files that keep a jsdom of their own: this one's 'Loans screen drawn while another book was in use' test
 * fails after other files in a shared jsdom (passes alone and isolated; the cause is not found yet).
 */
const WEB_OWN_BROWSER = ['src/features/lending/lending-screens.test.tsx'];

const web = { root: './apps/web', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] } as const;

const server = {
  environment: 'node',
  globalSetup: ['./apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...OWN_MODULES],
          isolate: false,
        },
      },
      {
        test: { ...server, name: 'server-isolated', include: OWN_MODULES },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { ...web, name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: ['**/node_modules/**', ...WEB_OWN_BROWSER], isolate: false },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { ...web, name: 'web-isolated', include: WEB_OWN_BROWSER },
      },
    ],
  },
});
