import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addDaysToDate, todayIn } from '@kalinga/contracts/zone-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { reencryptColumn } from '../../content-key-rotation';
import { ENCRYPTED_COLUMNS } from '../../lib/encrypted-columns';
import { envelopeKeyId, parseContentKey } from '../../lib/field-crypto';
import { call, contactNote, draft, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';

// The database keeps a signed note locked whatever the SQL (migration 029's triggers, decision 0208): no change to
// its content, links or signatures, no delete; an addendum is never changed or deleted. Only a re-encryption under
// another key (key rotation, decision 0205) passes.

let t: TestApp;
let w: NotesWorld;
let signed: string;
let awaiting: string;
let draftUuid: string;
let addendum: string;
const LOCKED = /A signed case note is never changed or deleted/;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  const today = todayIn('Asia/Manila');
  signed = await draft(t.app, w.counselor, w.client.user.id, contactNote(addDaysToDate(today, -1)));
  await call(t.app, w.counselor, 'POST', `/api/case-notes/${signed}/sign`);
  addendum = randomUUID();
  await call(t.app, w.counselor, 'POST', `/api/case-notes/${signed}/addenda`, { uuid: addendum, body: 'Later note.' });
  awaiting = await draft(t.app, w.trainee, w.traineeClient.user.id, contactNote(today));
  await call(t.app, w.trainee, 'POST', `/api/case-notes/${awaiting}/sign`);
  draftUuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(today));
});
afterAll(() => t.close());

const note = (uuid: string) => t.db.selectFrom('case_notes').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
const update = (uuid: string, set: Record<string, unknown>) => t.db.updateTable('case_notes').set(set).where('uuid', '=', uuid).execute();

/** The same envelope shape under another key id: what a key rotation writes. */
function rekeyed(body: string): string {
  const parts = body.split(':');
  parts[2] = 'Zz9Zz9Zz9Zz';
  return parts.join(':');
}

describe('the database refuses changes to a signed note', () => {
  it('refuses an UPDATE of the body, template, links or signature, and a DELETE', async () => {
    const before = await note(signed);
    const screening = await t.db
      .insertInto('screenings')
      .values({ company_id: before.company_id, client_id: before.client_id, uuid: randomUUID(), kind: 'intake', answers: '{}', phq9_score: 0, phq9_band: 'minimal', gad7_score: 0, gad7_band: 'minimal', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempts: Record<string, unknown>[] = [
      { body: `${before.body}x` },
      { body: 'plain text' },
      { template: 'soap' },
      { screening_id: screening.id },
      { session_date: '2020-01-01' },
      { signed_by_name: 'Someone Else' },
      { signed_at: '2020-01-01T00:00:00.000Z' },
      { status: 'draft' },
      { late_entry: 1 },
      { cosigned_by_name: 'Someone Else', cosigned_at: '2020-01-01T00:00:00.000Z' },
    ];
    for (const set of attempts) await expect(update(signed, set), JSON.stringify(set)).rejects.toThrow(LOCKED);
    await expect(t.db.deleteFrom('case_notes').where('uuid', '=', signed).execute()).rejects.toThrow(LOCKED);
    await expect(sql`delete from case_notes where status <> 'draft'`.execute(t.db)).rejects.toThrow(LOCKED);
    expect(await note(signed)).toEqual(before);
  });

  it('a note awaiting co-signature only gains the co-signature', async () => {
    await expect(update(awaiting, { body: 'x' })).rejects.toThrow(LOCKED);
    await expect(update(awaiting, { status: 'draft' })).rejects.toThrow(LOCKED);
    await expect(t.db.deleteFrom('case_notes').where('uuid', '=', awaiting).execute()).rejects.toThrow(LOCKED);
    await update(awaiting, { status: 'signed', cosigned_at: new Date().toISOString(), cosigned_by_name: 'Dana Cruz' });
    await expect(update(awaiting, { cosigned_by_name: 'Someone Else' })).rejects.toThrow(LOCKED);
  });

  it('an addendum is never changed or deleted', async () => {
    const row = await t.db.selectFrom('case_note_addenda').selectAll().where('uuid', '=', addendum).executeTakeFirstOrThrow();
    await expect(t.db.updateTable('case_note_addenda').set({ body: 'changed' }).where('uuid', '=', addendum).execute()).rejects.toThrow(/never changed or deleted/);
    await expect(t.db.updateTable('case_note_addenda').set({ author_name: 'Else' }).where('uuid', '=', addendum).execute()).rejects.toThrow(/never changed or deleted/);
    await expect(t.db.deleteFrom('case_note_addenda').where('uuid', '=', addendum).execute()).rejects.toThrow(/never changed or deleted/);
    // A re-encryption under another key passes (key rotation).
    await t.db.updateTable('case_note_addenda').set({ body: rekeyed(row.body) }).where('uuid', '=', addendum).execute();
    await t.db.updateTable('case_note_addenda').set({ body: row.body }).where('uuid', '=', addendum).execute();
  });

  it('lets a key rotation re-encrypt a signed body (another key id), and leaves drafts free', async () => {
    const before = await note(signed);
    await expect(update(signed, { body: `${before.body.slice(0, -2)}AA` })).rejects.toThrow(LOCKED);
    await update(signed, { body: rekeyed(before.body) });
    expect((await note(signed)).body).toBe(rekeyed(before.body));
    await update(signed, { body: before.body });
    await update(draftUuid, { template: 'soap', body: 'anything' });
    await t.db.deleteFrom('case_notes').where('uuid', '=', draftUuid).execute();
  });

  it('a key rotation re-encrypts signed notes and addenda through the triggers, and they still read the same', async () => {
    const before = (await call(t.app, w.counselor, 'GET', `/api/case-notes/${signed}`)).json() as { data: unknown };
    const keys = t.app.contentKeys;
    const fresh = parseContentKey(randomBytes(32).toString('base64'), 'test key');
    keys.byId.set(fresh.id, fresh);
    keys.current = fresh;
    const log = { info: () => undefined, warn: () => undefined };
    for (const col of [ENCRYPTED_COLUMNS.caseNoteBody, ENCRYPTED_COLUMNS.caseNoteAddendumBody]) {
      const result = await reencryptColumn(t.db, keys, col, log);
      expect(result.failed).toBe(0);
    }
    const rows = await t.db.selectFrom('case_notes').select('body').execute();
    expect(rows.every((r) => envelopeKeyId(r.body) === fresh.id)).toBe(true);
    expect((await call(t.app, w.counselor, 'GET', `/api/case-notes/${signed}`)).json()).toEqual(before);
  });
});
