// Note text is encrypted at rest (decision 0205): a case note's sections and addendum, and a group note's shared part,
// member parts and addenda are written with distinctive words, read back whole through the API, and found in no
// stored row (both databases) nor in the SQLite file and its write-ahead log.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as notesCall, contactNote, draft, makeWorld } from '../../../test/case-notes/case-notes-helpers';
import { call, noteBody, notesGroup } from '../../../test/groups/group-note-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
const MARKS = {
  section: 'QUOKKASECTION talked about the move home',
  addendum: 'WOMBATADDENDUM phoned the parent',
  shared: 'PANGOLINSHARED worry before exams',
  part: 'TARSIERPART spoke for the first time',
  groupAddendum: 'TAMARAWADDENDUM follow-up next week',
};
const TABLES = ['case_notes', 'case_note_addenda', 'group_notes', 'group_note_parts', 'group_note_addenda'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const w = await makeWorld(t);
  const today = new Date().toISOString().slice(0, 10);
  const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(today, { sections: { text: MARKS.section } }));
  expect((await notesCall(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`)).statusCode).toBe(200);
  expect((await notesCall(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: MARKS.addendum })).statusCode).toBe(201);
  const read = await notesCall(t.app, w.counselor, 'GET', `/api/case-notes/${uuid}`);
  expect(read.body).toContain(MARKS.section);
  expect(read.body).toContain(MARKS.addendum);

  const g = await notesGroup(t, 'Encryption Group School');
  const { amihan, bituin } = g.members;
  const created = await call(t, g.c.lead, 'POST', `/api/group-sessions/${g.sessions[0]}/note`, noteBody([{ client_id: amihan.user.id, text: MARKS.part }, { client_id: bituin.user.id, text: 'the other part' }], { themes: MARKS.shared, activities: 'pairs' }));
  expect(created.statusCode, created.body).toBe(201);
  const noteUuid = created.json().data.uuid as string;
  expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/sign`)).statusCode).toBe(200);
  expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: MARKS.groupAddendum, client_id: null })).statusCode).toBe(201);
  const whole = await call(t, g.c.lead, 'GET', `/api/group-notes/${noteUuid}`);
  for (const m of [MARKS.shared, MARKS.part, MARKS.groupAddendum]) expect(whole.body).toContain(m);
});
afterAll(async () => t?.close());

describe('note text at rest (decision 0205)', () => {
  it('no stored row of the note tables holds a note word', async () => {
    for (const table of TABLES) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(rows.length, table).toBeGreaterThan(0);
      const stored = JSON.stringify(rows);
      for (const m of Object.values(MARKS)) expect(stored.includes(m.split(' ')[0]), `${table} holds ${m}`).toBe(false);
    }
  });

  it('the SQLite file and its write-ahead log hold no note word', async () => {
    if (t.config.database.kind !== 'sqlite') return;
    const file = t.config.database.file;
    const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    expect(bytes.length).toBeGreaterThan(0);
    for (const m of Object.values(MARKS)) expect(bytes.includes(Buffer.from(m.split(' ')[0])), m).toBe(false);
    // The names stored plain beside them are there: the search is not blind.
    expect(bytes.includes(Buffer.from('Dana Cruz'))).toBe(true);
  });
});
