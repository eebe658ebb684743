import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { checkContentKeys } from '../content-key-rotation';
import { createDatabase } from '../db/database';
import { availableContentKeyIds, loadContentKeys, parseContentKey } from '../lib/field-crypto';
import { readAnswers } from '../modules/screening/screening-answers';
import { answers, call, safetyBody, submit } from '../../test/screening/screening-helpers';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { emptyTarget } from '../../test/backup/backup-helpers';
import { createBackup } from './create-backup';
import { RestoreRefused, restoreBackup } from './restore';

// A backup carries confidential fields as ciphertext and never their key; a restore without the key is refused with
// where the key must come from, and leaves the target empty (docs/decisions/0205-encryption-at-rest.md).

let t: TestApp;
let dir: string;
let archive: string;
let marker: ReturnType<typeof answers>;
const drops: (() => Promise<void>)[] = [];

async function start(env: Record<string, string> = {}): Promise<void> {
  t = await createTestApp(env);
  const admin = await registerCompany(t.app, 'Keyed Centre');
  const student = await addUser(t.app, admin.companyId, { userType: 'student' });
  await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ intake_mode: 'offered' }));
  marker = { ...answers(3, 2), difficulty: 3 };
  expect((await submit(t.app, student, marker)).statusCode).toBe(201);
  dir = fs.mkdtempSync(path.join(t.config.dataDir, '..', 'kalinga-keyed-'));
  ({ archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' }));
}

beforeEach(() => {
  dir = '';
});
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
  await t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function target(): Promise<AppConfig> {
  const made = await emptyTarget();
  drops.push(made.drop);
  return made.config;
}

/** The restored screening's answers, read with the target's keys as its server would. */
async function restoredAnswers(config: AppConfig) {
  const db = createDatabase(config.database);
  try {
    await checkContentKeys(db, availableContentKeyIds(config));
    const keys = loadContentKeys(config);
    const row = await db.selectFrom('screenings').select(['id', 'company_id', 'uuid', 'answers']).executeTakeFirstOrThrow();
    return readAnswers(keys, row);
  } finally {
    await db.destroy();
  }
}

describe('backups of encrypted fields (decision 0205)', () => {
  it('the archive holds the answers only as ciphertext', async () => {
    await start();
    if (t.config.database.kind !== 'sqlite') return; // pg_dump's custom format compresses its data: nothing to read
    const bytes = gunzipSync(fs.readFileSync(archive));
    expect(bytes.includes(Buffer.from('enc:v1:'))).toBe(true);
    for (const text of ['"phq9"', '"gad7"', JSON.stringify(marker.phq9)]) expect(bytes.includes(Buffer.from(text))).toBe(false);
  });

  it('a restore without the key is refused, naming the key and where it must come from, and writes nothing', async () => {
    await start();
    const config = await target();
    const refusal = restoreBackup(config, archive);
    await expect(refusal).rejects.toThrow(RestoreRefused);
    await expect(refusal).rejects.toThrow(
      `Confidential fields are encrypted with content key ${t.app.contentKeys.current.id}, which this server does not have: set CONTENT_KEY (or CONTENT_KEYS_PREVIOUS) to the original server's key, or copy its DATA_DIR/content-keys folder into DATA_DIR, then restore again`,
    );
    if (config.database.kind === 'sqlite') expect(fs.existsSync(config.database.file)).toBe(false);
    else {
      const db = createDatabase(config.database);
      expect(await db.introspection.getTables()).toEqual([]);
      await db.destroy();
    }
  });

  it('restores once the key files are copied into the empty DATA_DIR, and the restored answers read', async () => {
    await start();
    const config = await target();
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.cpSync(t.config.contentKeys.dir, config.contentKeys.dir, { recursive: true });
    await restoreBackup(config, archive);
    expect(await restoredAnswers(config)).toEqual({ phq9: marker.phq9, gad7: marker.gad7, difficulty: 3 });
  });

  it('restores with the key given as CONTENT_KEY', async () => {
    const key = randomBytes(32).toString('base64');
    await start({ CONTENT_KEY: key });
    expect(t.app.contentKeys.current.id).toBe(parseContentKey(key, '').id);
    const made = await target();
    const config = { ...made, contentKeys: { ...made.contentKeys, current: key } };
    await restoreBackup(config, archive);
    expect(await restoredAnswers(config)).toEqual({ phq9: marker.phq9, gad7: marker.gad7, difficulty: 3 });
    expect(fs.existsSync(config.contentKeys.dir)).toBe(false);
  });
});
