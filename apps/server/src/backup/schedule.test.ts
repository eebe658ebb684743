import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { startSmtpReceiver } from '../../test/smtp-receiver';
import { NOT_THE_SERVERS_COMPANY } from './backup-status';
import { BACKUP_FAILED_SUBJECT, scheduledBackup, slotOf } from './schedule';

// The scheduled backup: one per slot, the last N kept, a failure told to the administrators of the server's own
// company once (in the app and by email), the status route (theirs only).

let t: TestApp;
let admin: Actor;
let dir: string;
const DAY = 24 * 3_600_000;
const day = (n: number) => new Date(Date.UTC(2026, 10, 20) + n * DAY + 3_600_000);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-sched-'));
  t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
  admin = await registerCompany(t.app, 'Scheduled Centre');
});

afterEach(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const archives = () => fs.readdirSync(dir).filter((n) => n.endsWith('.tar.gz')).sort();
const notices = async (actor: Actor) => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: actor.headers })).json().data.filter((n: { kind: string }) => n.kind === 'backup_failed');
const status = async (actor: Actor) => t.app.inject({ method: 'GET', url: '/api/backups/status', headers: actor.headers });

describe('scheduled backups', () => {
  it('makes one backup per slot, keeps the last BACKUP_KEEP scheduled archives and never removes manual ones', async () => {
    fs.writeFileSync(path.join(dir, 'kalinga-backup-20261101T000000Z.tar.gz'), 'an operator\'s archive');
    expect(await scheduledBackup(t.db, t.config, t.app.log, day(0))).toBe('written');
    expect(await scheduledBackup(t.db, t.config, t.app.log, new Date(day(0).getTime() + 3_600_000))).toBe('not-due');
    expect(await scheduledBackup(t.db, t.config, t.app.log, day(1))).toBe('written');
    expect(await scheduledBackup(t.db, t.config, t.app.log, day(2))).toBe('written');
    expect(archives()).toEqual(['kalinga-backup-20261101T000000Z.tar.gz', 'kalinga-scheduled-20261121T010000Z.tar.gz', 'kalinga-scheduled-20261122T010000Z.tar.gz']);
    expect(slotOf(24 * 60, day(0))).not.toBe(slotOf(24 * 60, day(1)));
    // Whole hours keep the slot names older versions wrote, so instances of both agree on a slot.
    expect(slotOf(24 * 60, day(0))).toMatch(/^every-24h-\d+$/);

    const res = await status(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      last: { kind: 'scheduled', outcome: 'succeeded', archive: 'kalinga-scheduled-20261122T010000Z.tar.gz', error: null },
      running: null,
      schedule: { every_minutes: 24 * 60, keep: 2 },
    });
    expect(res.json().last.bytes).toBeGreaterThan(0);
  });

  it('tells the administrators of the server\'s company of a failure once (in the app and by email), not again while failures go on, again after a success', async () => {
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    const second = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['admin'] });
    const other = await registerCompany(t.app, 'Second Centre');
    const smtp = await startSmtpReceiver();
    try {
      const blocked = path.join(dir, 'a-file');
      fs.writeFileSync(blocked, 'not a folder');
      const broken: AppConfig = { ...t.config, email: { smtpUrl: smtp.url, from: 'Kalinga <ops@example.test>' }, backup: { ...t.config.backup, dir: path.join(blocked, 'backups') } };

      expect(await scheduledBackup(t.db, broken, t.app.log, day(0))).toBe('failed');
      const [notice] = await notices(admin);
      expect(notice).toMatchObject({ kind: 'backup_failed', appointment_uuid: null });
      const words = `The backup folder ${path.join(blocked, 'backups')} could not be made or written: a file is in the place of a folder.`;
      expect(notice.reason).toBe(words);
      expect(await notices(second)).toHaveLength(1);
      // Another company on the server (anyone who registers makes one) is not told about the server's backups.
      expect(await notices(other)).toHaveLength(0);
      expect(await notices(student)).toHaveLength(0);
      await smtp.waitFor(2);
      expect(smtp.received.map((r) => r.to[0]).sort()).toEqual([admin.user.email, second.user.email].sort());
      const mail = smtp.received[0].mail;
      expect(mail.subject).toBe(BACKUP_FAILED_SUBJECT);
      expect(mail.text).toContain(`(UTC): ${words}`);
      expect(mail.text).not.toMatch(/ENOTDIR|mkdir/);
      expect(mail.text).toContain('/settings/site');

      expect(await scheduledBackup(t.db, broken, t.app.log, day(1))).toBe('failed');
      expect(await notices(admin)).toHaveLength(1);
      const failed = (await status(admin)).json();
      expect(failed.last).toMatchObject({ outcome: 'failed', kind: 'scheduled' });
      expect(failed.last.error).toBe(words);
      expect(failed.last_success).toBeNull();

      expect(await scheduledBackup(t.db, t.config, t.app.log, day(2))).toBe('written');
      expect(await scheduledBackup(t.db, broken, t.app.log, day(3))).toBe('failed');
      expect(await notices(admin)).toHaveLength(2);
      expect((await status(admin)).json().last_success).toMatchObject({ outcome: 'succeeded' });
      await smtp.waitFor(4);
      expect(smtp.count()).toBe(4);
    } finally {
      await smtp.close();
    }
  });

  it('shows the status to the administrators of the server\'s own company only', async () => {
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await status(student)).statusCode).toBe(403);
    // One archive holds every company: another company's administrator sees nothing of it (its size, its errors).
    const other = await registerCompany(t.app, 'Second Centre');
    const theirs = await status(other);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(NOT_THE_SERVERS_COMPANY);
    expect((await t.app.inject({ method: 'GET', url: '/api/backups/status' })).statusCode).toBe(401);
    expect((await status(admin)).json()).toMatchObject({ last: null, running: null, last_success: null, schedule: { every_minutes: 24 * 60, keep: 2 } });
  });
});
