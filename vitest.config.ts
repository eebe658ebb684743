import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// How the suite stays quick on a 2-core machine (decision 0196):
// - two workers (Vitest's default is one fewer than the cores: one);
// - the server's files share one module graph per worker (isolate: false), so the app's ~200 modules load once
//   per worker instead of once per file; the files that replace a module (vi.mock) keep their own;
// - the web files share one jsdom per worker (isolate: false); src/test/setup.ts empties it and reloads our
//   modules before each file, so each still starts from a fresh browser; files with vi.mock keep their own;
// - the migrations run once per run (apps/server/test/global-setup.ts) and each test app copies the result;
// - web files that need no DOM say `// @vitest-environment node` and skip jsdom.

/** Test files under `dir` (relative to `base`) that replace a module with vi.mock: a shared module graph would keep the real one. */
function mockingFiles(base: string, dir: string): string[] {
  return (fs.readdirSync(path.join(base, dir), { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules') && fs.readFileSync(path.join(base, file), 'utf8').includes('vi.mock('));
}

const OWN_MODULES = [...mockingFiles('.', 'apps/server'), ...mockingFiles('.', 'packages')];

/**
 * Web files that keep a jsdom and module graph of their own: those that replace a module (vi.mock), as on the
 * server (reports-page timed out once while sharing). The lending screens' file shares again (decision 0265).
 */
const WEB_OWN_BROWSER = mockingFiles('apps/web', 'src');

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
