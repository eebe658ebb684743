// Races of group notes (decision 0295): every change is one conditional statement, so two signatures, or an edit
// racing the signature, change a note once. They overlap for real on PostgreSQL; on SQLite they run one by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { call, noteBody, type NotesGroup, notesGroup } from '../../../test/groups/group-note-helpers';

let t: TestApp;
let g: NotesGroup;
beforeAll(async () => {
  t = await createTestApp();
  g = await notesGroup(t, 'Racing Notes School');
});
afterAll(async () => t?.close());

const codes = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();
const full = () => noteBody([{ client_id: g.members.amihan.user.id, text: 'Amihan part' }, { client_id: g.members.bituin.user.id, text: 'Bituin part' }]);

async function freshDraft(session: string): Promise<string> {
  await t.db.deleteFrom('group_note_parts').where('note_id', 'in', t.db.selectFrom('group_notes').select('id').where('status', '=', 'draft')).execute();
  await t.db.deleteFrom('group_notes').where('status', '=', 'draft').execute();
  const res = await call(t, g.c.lead, 'POST', `/api/group-sessions/${session}/note`, full());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.uuid as string;
}

describe('group note races', () => {
  it('two signatures at once: one 200, one 409, one signature stored', async () => {
    const uuid = await freshDraft(g.sessions[0]);
    const results = await Promise.all([1, 2].map(() => call(t, g.c.lead, 'POST', `/api/group-notes/${uuid}/sign`)));
    expect(codes(results)).toEqual([200, 409]);
    const row = await t.db.selectFrom('group_notes').select(['status', 'signed_at']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row.status).toBe('signed');
  });

  it('an edit racing the signature: the signed note holds what was signed, or the edit lands and the signature is refused', async () => {
    const uuid = await freshDraft(g.sessions[1]);
    const edited = { shared: { themes: 'Edited themes', activities: 'Edited' }, parts: full().parts.map((p) => ({ ...p, text: `${p.text} edited` })) };
    const [sign, edit] = await Promise.all([call(t, g.c.lead, 'POST', `/api/group-notes/${uuid}/sign`), call(t, g.c.lead, 'PUT', `/api/group-notes/${uuid}`, edited)]);
    const after = (await call(t, g.c.lead, 'GET', `/api/group-notes/${uuid}`)).json().data;
    if (sign.statusCode === 200 && edit.statusCode === 200) {
      // The edit came first and the signature read it.
      expect(after).toMatchObject({ status: 'signed', shared: { themes: 'Edited themes' } });
    } else if (sign.statusCode === 200) {
      expect(edit.statusCode).toBe(409);
      expect(after.status).toBe('signed');
      expect(after.parts.map((p: { text: string }) => p.text)).toEqual(sign.json().data.parts.map((p: { text: string }) => p.text));
    } else {
      expect([sign.statusCode, edit.statusCode]).toEqual([409, 200]);
      expect(after.status).toBe('draft');
      expect(after.shared.themes).toBe('Edited themes');
    }
  });
});
