import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

/**
 * Starts the built app (fresh database with demo data; `options` as startServer takes them) and Chromium before a
 * file's tests, hands both to `use`, and stops them after the file.
 */
export function withAppAndBrowser(use: (server: RunningServer, browser: Browser) => void, options: Parameters<typeof startServer>[0] = {}): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
    use(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
