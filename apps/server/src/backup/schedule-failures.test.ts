import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { nextSlotStart, scheduledBackup, slotOf } from './schedule';

// A failed scheduled backup says what failed in words (the system's error stays in the log), and a schedule may be
// minutes long so retention can be tried (docs/decisions/0226-backup-files-private.md).

let t: TestApp;
let admin: Actor;
let dir: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-sched-min-'));
  t = await createTestApp({ BACKUP_DIR: path.join(dir, 'backups'), BACKUP_EVERY_MINUTES: '5', BACKUP_KEEP: '2' });
  admin = await registerCompany(t.app, 'Minute Centre');
});

afterEach(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A logger that keeps what was logged at error level (only what these tests read; the rest does nothing). */
function recordingLog(): { log: FastifyBaseLogger; errors: { obj: unknown; msg: string[] }[] } {
  const errors: { obj: unknown; msg: string[] }[] = [];
  const none = () => undefined;
  const log = { level: 'info', fatal: none, warn: none, info: none, debug: none, trace: none, silent: none, error: (obj: unknown, ...msg: string[]) => errors.push({ obj, msg }) };
  // Only the methods scheduledBackup calls are needed; the full pino interface is not.
  return { log: { ...log, child: () => log } as unknown as FastifyBaseLogger, errors };
}

const status = async () => (await t.app.inject({ method: 'GET', url: '/api/backups/status', headers: admin.headers })).json();

describe('a failed scheduled backup', () => {
  it('when BACKUP_DIR is a file: the status card says so in words, the log keeps the system error', async () => {
    const file = path.join(dir, 'backups');
    fs.writeFileSync(file, 'a file where the folder should be');
    const { log, errors } = recordingLog();
    expect(await scheduledBackup(t.db, t.config, log, new Date())).toBe('failed');

    const words = `The backup folder ${file} could not be made or written: a file is in the place of a folder.`;
    const last = (await status()).last;
    expect(last).toMatchObject({ outcome: 'failed', error: words });
    expect(last.error).not.toMatch(/EEXIST|mkdir|ENOTDIR/);
    const notice = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.headers })).json().data.find((n: { kind: string }) => n.kind === 'backup_failed');
    expect(notice.reason).toBe(words);

    const logged = errors.find((e) => e.msg[0]?.startsWith('scheduled backup failed'));
    expect((logged?.obj as { err: NodeJS.ErrnoException }).err.code).toBe('EEXIST');
    expect(logged?.msg).toEqual(['scheduled backup failed: %s', words]);
  });
});

describe('a schedule in minutes', () => {
  it('makes one backup per 5-minute slot and keeps the last BACKUP_KEEP', async () => {
    const start = new Date(Date.UTC(2026, 10, 28, 10, 0, 30));
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const log = t.app.log;
    expect(await scheduledBackup(t.db, t.config, log, at(0))).toBe('written');
    expect(await scheduledBackup(t.db, t.config, log, at(2))).toBe('not-due');
    expect(await scheduledBackup(t.db, t.config, log, at(5))).toBe('written');
    expect(await scheduledBackup(t.db, t.config, log, at(10))).toBe('written');
    const archives = fs.readdirSync(t.config.backup.dir).filter((n) => n.endsWith('.tar.gz')).sort();
    expect(archives).toEqual(['kalinga-scheduled-20261128T100530Z.tar.gz', 'kalinga-scheduled-20261128T101030Z.tar.gz']);

    expect(slotOf(5, at(0))).toMatch(/^every-5m-\d+$/);
    expect(nextSlotStart(5, at(2))).toBe('2026-11-28T10:05:00.000Z');
    expect((await status()).schedule).toMatchObject({ every_minutes: 5, keep: 2 });
  });
});
