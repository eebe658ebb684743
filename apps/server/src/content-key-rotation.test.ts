import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContentKeys, reencryptAll } from './content-key-rotation';
import { contentKeyIdsInUse, ENCRYPTED_COLUMNS, sealColumn } from './lib/encrypted-columns';
import { availableContentKeyIds, envelopeKeyId, reloadContentKeys, writeKeyFile } from './lib/field-crypto';
import { readAnswers, type ScreeningAnswers } from './modules/screening/screening-answers';
import { addUser, createTestApp, registerCompany, type TestApp } from '../test/harness';

// Key rotation (docs/decisions/0205-encryption-at-rest.md): the sweep brings every registered column to the current
// key, batch by batch, with conditional updates, so a write landing meanwhile is kept; plain rows are encrypted too.

let t: TestApp;
let companyId: number;
let clientId: number;

beforeEach(async () => {
  t = await createTestApp();
  companyId = (await registerCompany(t.app, 'Rotation School')).companyId;
  clientId = (await addUser(t.app, companyId, { userType: 'student' })).user.id;
});
afterEach(() => t.close());

const quiet = { info: () => undefined, warn: () => undefined };
const answersOf = (n: number): ScreeningAnswers => ({ phq9: Array.from({ length: 9 }, (_, i) => (n + i) % 4), gad7: Array.from({ length: 7 }, () => n % 4), difficulty: n % 4 });

/** `count` screenings of the client; `plain` stores the answers as they were before encryption. */
async function insertScreenings(count: number, plain = false): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => {
    const uuid = randomUUID();
    const text = JSON.stringify(answersOf(n));
    const answers = plain ? text : sealColumn(t.app.contentKeys, ENCRYPTED_COLUMNS.screeningAnswers, { company_id: companyId, uuid }, text);
    return { company_id: companyId, client_id: clientId, uuid, kind: 'follow-up' as const, answers, phq9_score: 0, phq9_band: 'minimal', gad7_score: 0, gad7_band: 'minimal', created_at: new Date().toISOString() };
  });
  for (let i = 0; i < rows.length; i += 100) await t.db.insertInto('screenings').values(rows.slice(i, i + 100)).execute();
}

async function allRows() {
  return t.db.selectFrom('screenings').select(['id', 'company_id', 'uuid', 'answers']).where('company_id', '=', companyId).orderBy('id').execute();
}

/** A newer key file, made current in the app's keyring (what npm run rotate-key and the minute's reload do). */
function rotate(): { old: string; current: string } {
  const old = t.app.contentKeys.current.id;
  writeKeyFile(t.config.contentKeys.dir, new Date(Date.now() + 60_000));
  expect(reloadContentKeys(t.app.contentKeys, t.config)).toBe(true);
  return { old, current: t.app.contentKeys.current.id };
}

describe('re-encrypting confidential fields (decision 0205)', () => {
  it('encrypts rows stored plain before, once: a second sweep rewrites nothing', async () => {
    await insertScreenings(5, true);
    expect((await reencryptAll(t.db, t.app.contentKeys, quiet, 2)).rewritten).toBe(5);
    const rows = await allRows();
    expect(rows.every((r) => envelopeKeyId(r.answers) === t.app.contentKeys.current.id)).toBe(true);
    expect(rows.map((r) => readAnswers(t.app.contentKeys, r))).toEqual([0, 1, 2, 3, 4].map(answersOf));
    expect(await reencryptAll(t.db, t.app.contentKeys, quiet, 2)).toEqual({ rewritten: 0, changed: 0, failed: 0 });
  });

  it('moves every row to a new current key, logs progress per batch, and then names the old key as unused', async () => {
    await insertScreenings(7);
    const { old, current } = rotate();
    const lines: string[] = [];
    const log = { info: (_o: object, msg: string) => void lines.push(msg), warn: () => undefined };
    expect((await reencryptAll(t.db, t.app.contentKeys, log, 3)).rewritten).toBe(7);
    expect([...(await contentKeyIdsInUse(t.db))]).toEqual([current]);
    expect(lines.filter((l) => l === 're-encrypting confidential fields')).toHaveLength(3);
    expect(lines.at(-1)).toBe(`every confidential field is on content key ${current}; ${old} can be retired once no backup you keep needs them`);
    expect((await allRows()).map((r) => readAnswers(t.app.contentKeys, r))).toEqual([0, 1, 2, 3, 4, 5, 6].map(answersOf));
  });

  it('leaves a row it cannot read as it is, says so, and goes on with the others', async () => {
    await insertScreenings(3);
    const [first, second] = await allRows();
    await t.db.updateTable('screenings').set({ answers: first.answers }).where('id', '=', second.id).execute();
    rotate();
    const warnings: object[] = [];
    const result = await reencryptAll(t.db, t.app.contentKeys, { info: () => undefined, warn: (o: object) => void warnings.push(o) });
    expect(result).toEqual({ rewritten: 2, changed: 0, failed: 1 });
    expect(warnings[0]).toMatchObject({ table: 'screenings', id: second.id });
    expect(JSON.stringify(warnings)).not.toContain('phq9');
  });

  it('refuses to start when the database names a key the server lacks, with where the key must come from', async () => {
    await insertScreenings(1);
    const id = t.app.contentKeys.current.id;
    await expect(checkContentKeys(t.db, availableContentKeyIds(t.config))).resolves.toBeUndefined();
    await expect(checkContentKeys(t.db, new Set(['someOtherKey']))).rejects.toThrow(`Confidential fields are encrypted with content key ${id}, which this server does not have`);
  });

  // Races need real overlap: PostgreSQL (npm run test:pg). On SQLite the writes and the sweep take turns.
  it('loses no write made while the sweep runs (conditional updates), and ends with every row on the new key', async () => {
    await insertScreenings(300);
    rotate();
    const rows = await allRows();
    const latest = new Map<number, string>();
    const writer = (async () => {
      // Rewrites rows as an edit would (with the current key), spread over the sweep's run.
      for (let i = 0; i < 120; i++) {
        const row = rows[(i * 37) % rows.length];
        const text = JSON.stringify({ ...answersOf(0), difficulty: i % 4, phq9: Array.from({ length: 9 }, () => i % 4) });
        await t.db.updateTable('screenings').set({ answers: sealColumn(t.app.contentKeys, ENCRYPTED_COLUMNS.screeningAnswers, row, text) }).where('id', '=', row.id).execute();
        latest.set(row.id, text);
      }
    })();
    const inserts = (async () => {
      for (let i = 0; i < 20; i++) await insertScreenings(1, i % 2 === 0);
    })();
    const [result] = await Promise.all([reencryptAll(t.db, t.app.contentKeys, quiet, 10), writer, inserts]);
    expect(result.failed).toBe(0);
    await reencryptAll(t.db, t.app.contentKeys, quiet, 10);
    const after = await allRows();
    expect(after).toHaveLength(320);
    expect(after.every((r) => envelopeKeyId(r.answers) === t.app.contentKeys.current.id)).toBe(true);
    for (const r of after.slice(0, 300)) {
      const expected = latest.get(r.id) ?? JSON.stringify(answersOf(rows.findIndex((x) => x.id === r.id)));
      expect(JSON.stringify(readAnswers(t.app.contentKeys, r))).toBe(expected);
    }
  });
});
