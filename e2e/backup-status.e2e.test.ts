import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, DESKTOP, newPage, PHONE, SCREENSHOT_DIR, screenshot, signIn } from './support/browser';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Site Settings › Backups after a failed backup: the card says what failed in words (no system error), when the last
// one succeeded, and a schedule in minutes (docs/decisions/0226-backup-files-private.md).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-e2e-backup-status-'));

let server: RunningServer;
let browser: Browser;
// Registered first, so it runs last: after the server has stopped.
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
withAppAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { env: { BACKUP_EVERY_MINUTES: '5', BACKUP_KEEP: '3' } },
);

/** `npm run backup <folder>` against the running server's DATA_DIR; resolves with its exit code and output. */
async function backup(folder: string): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  return run(process.execPath, [path.join(root, 'apps/server/dist/main.js'), 'backup', folder], { cwd: root, env }).then(
    ({ stdout }) => ({ code: 0, out: stdout.trim() }),
    (err: { code: number; stderr: string }) => ({ code: err.code, out: err.stderr.trim() }),
  );
}

describe('Site Settings › Backups', () => {
  it('shows a failed backup in words, the last success and a schedule in minutes, at 1280 and 375 px', async () => {
    const ok = await backup(path.join(work, 'backups'));
    expect(ok.code).toBe(0);
    const blocked = path.join(work, 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    const failed = await backup(blocked);
    expect(failed.code).toBe(1);
    const words = `The backup folder ${blocked} could not be made or written: a file is in the place of a folder.`;
    expect(failed.out.split('\n')[0]).toBe(`Backup failed: ${words}`);

    for (const [viewport, size] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/settings/site');
      const card = page.locator('section[aria-labelledby="settings-backups"]');
      const last = page.getByTestId('last-backup');
      await last.waitFor();
      expect(await last.textContent()).toContain('Failed');
      expect(await last.textContent()).toContain(`Error: ${words}`);
      expect(await card.textContent()).not.toMatch(/EEXIST|ENOTDIR|mkdir/);
      expect(await card.textContent()).toContain('Last successful backup:');
      expect(await card.textContent()).toContain('A backup is made every 5 minutes and the last 3 are kept');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(SCREENSHOT_DIR, `backup-status-card-${size}.png`) });
      await screenshot(page, `backup-status-failed-${size}`);
      await context.close();
    }
  }, 180_000);
});
