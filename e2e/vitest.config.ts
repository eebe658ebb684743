import { defineConfig } from 'vitest/config';

// Browser tests: the built app on a real server and database, driven in Debian's Chromium.
// Two files at a time (E2E_WORKERS overrides): each starts its own server, data folder and browser on free ports, so
// files never share state; CI has two cores, and one file at a time left a core idle while the other waited on the
// browser (decision 0311).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
