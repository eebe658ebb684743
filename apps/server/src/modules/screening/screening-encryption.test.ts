import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { envelopeKeyId } from '../../lib/field-crypto';
import { readAnswers } from './screening-answers';
import { answers, call, safetyBody, submit } from '../../../test/screening/screening-helpers';

// A screening's answers are stored encrypted, bound to their row (docs/decisions/0205-encryption-at-rest.md); the
// scores and bands stay plain for reports and triage.

let t: TestApp;
let admin: Actor;
let student: Actor;
let classmate: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Encrypted School');
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  classmate = await addUser(t.app, admin.companyId, { userType: 'student' });
  await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ intake_mode: 'offered' }));
});
afterAll(() => t.close());

async function rowOf(clientId: number) {
  return t.db.selectFrom('screenings').selectAll().where('client_id', '=', clientId).orderBy('id').executeTakeFirstOrThrow();
}

describe('screening answers at rest (decision 0205)', () => {
  it('are stored as an envelope under the current key, read back whole, with scores and bands plain', async () => {
    const body = { ...answers(2, 1, 1), difficulty: 3 };
    expect((await submit(t.app, student, body)).json()).toEqual({ crisis: true });
    const row = await rowOf(student.user.id);
    expect(row.answers.startsWith('enc:v1:')).toBe(true);
    expect(envelopeKeyId(row.answers)).toBe(t.app.contentKeys.current.id);
    expect(row.answers).not.toContain('phq9');
    expect(readAnswers(t.app.contentKeys, row)).toEqual({ phq9: body.phq9, gad7: body.gad7, difficulty: 3 });
    expect(row).toMatchObject({ phq9_score: 17, phq9_band: 'moderately severe', gad7_score: 7, gad7_band: 'mild' });
  });

  it('a repeated submission is answered from the stored (encrypted) answers', async () => {
    const body = answers(0, 0, 2);
    expect((await submit(t.app, classmate, body)).json()).toEqual({ crisis: true });
    expect((await submit(t.app, classmate, body)).json()).toEqual({ crisis: true });
    expect(await t.db.selectFrom('screenings').select('id').where('client_id', '=', classmate.user.id).execute()).toHaveLength(1);
  });

  it("one client's ciphertext copied onto another's row does not read", async () => {
    const mine = await rowOf(student.user.id);
    const theirs = await rowOf(classmate.user.id);
    expect(() => readAnswers(t.app.contentKeys, { ...theirs, answers: mine.answers })).toThrow(/failed its integrity check/);
  });

  it('the SQLite file on disk holds no answer text (answers written with distinctive numbers to look for)', async () => {
    if (t.config.database.kind !== 'sqlite') return;
    const marker = { ...answers(0, 0), difficulty: 2 };
    await submit(t.app, await addUser(t.app, admin.companyId, { userType: 'student' }), marker);
    const file = t.config.database.file;
    const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    expect(bytes.length).toBeGreaterThan(0);
    for (const text of ['"phq9"', '"gad7"', '"difficulty"', JSON.stringify(marker.phq9)]) expect(bytes.includes(Buffer.from(text))).toBe(false);
    // Scores and bands stay plain (decision 0205): reports and the triage order read them.
    expect(bytes.includes(Buffer.from('moderately severe'))).toBe(true);
  });
});
