import { defineConfig } from 'vitest/config';

// Browser tests: the built app on a real server and database, driven in Debian's Chromium.
// One file at a time: each starts its own server and browser, and CI has two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
