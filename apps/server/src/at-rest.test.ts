import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from './backup/create-backup';
import { call as notesCall, dapNote, draft, makeWorld } from '../test/case-notes/case-notes-helpers';
import { answers, call, safetyBody, submit } from '../test/screening/screening-helpers';
import { addUser, createTestApp, type TestApp } from '../test/harness';

// What a copied database file or backup archive shows of confidential content (docs/decisions/0205-encryption-at-rest.md):
// no screening answer and no case note or addendum text, only their envelopes. Read as raw bytes, as a thief would.

let t: TestApp;
let dir: string;
const NOTE = `Client disclosed panic attacks on the jeepney ${randomUUID()}`;
const ADDENDUM = `Supervisor advised a safety plan ${randomUUID()}`;
let marker: ReturnType<typeof answers>;

beforeAll(async () => {
  t = await createTestApp();
  const world = await makeWorld(t);
  await call(t.app, world.admin, 'PUT', '/api/safety-settings', safetyBody({ intake_mode: 'offered' }));
  marker = { ...answers(3, 2, 1), difficulty: 3 };
  expect((await submit(t.app, await addUser(t.app, world.admin.companyId, { userType: 'student' }), marker)).statusCode).toBe(201);
  const uuid = await draft(t.app, world.counselor, world.client.user.id, dapNote(world.session, { sections: { data: NOTE, assessment: 'Anxious.', plan: 'Breathing exercises.' } }));
  expect((await notesCall(t.app, world.counselor, 'POST', `/api/case-notes/${uuid}/sign`)).statusCode).toBe(200);
  expect((await notesCall(t.app, world.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: ADDENDUM })).statusCode).toBe(201);
  const read = await notesCall(t.app, world.counselor, 'GET', `/api/case-notes/${uuid}`);
  expect(read.body).toContain(NOTE);
  expect(read.body).toContain(ADDENDUM);
  dir = fs.mkdtempSync(path.join(t.config.dataDir, '..', 'kalinga-at-rest-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function secrets(): string[] {
  return [NOTE, ADDENDUM, '"phq9"', '"gad7"', JSON.stringify(marker.phq9)];
}

describe('confidential content at rest (decision 0205)', () => {
  it('the SQLite file (and its write-ahead log) holds no answer, note or addendum text', () => {
    if (t.config.database.kind !== 'sqlite') return;
    const file = t.config.database.file;
    const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    for (const text of secrets()) expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    expect(bytes.includes(Buffer.from('enc:v1:'))).toBe(true);
  });

  it('nor does a backup archive', async () => {
    if (t.config.database.kind !== 'sqlite') return; // pg_dump's custom format compresses: its bytes say nothing either way
    const { archive } = await createBackup({ config: t.config, db: t.db, dir, kind: 'manual' });
    const bytes = gunzipSync(fs.readFileSync(archive));
    for (const text of secrets()) expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    expect(bytes.includes(Buffer.from('enc:v1:'))).toBe(true);
  });
});
