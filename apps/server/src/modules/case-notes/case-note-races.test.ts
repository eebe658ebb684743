import { randomUUID } from 'node:crypto';
import { addDaysToDate, todayIn } from '@kalinga/contracts/zone-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { call, contactNote, dapNote, draft, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';

// Races (decision 0208): every state change is one conditional statement, so two tabs or two people at once change
// a note once. They overlap for real on PostgreSQL (npm run test:pg); on SQLite they run one after the other.

let t: TestApp;
let w: NotesWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
});
afterAll(() => t.close());

const today = () => todayIn('Asia/Manila');
const codes = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();

describe('races', () => {
  it('the same create sent twice at once makes one draft (201 and 200)', async () => {
    for (let i = 0; i < 5; i++) {
      const body = contactNote(addDaysToDate(today(), -i));
      const results = await Promise.all([1, 2].map(() => call(t.app, w.counselor, 'POST', `/api/clients/${w.client.user.id}/case-notes`, body)));
      expect(codes(results)).toEqual([200, 201]);
      const rows = await t.db.selectFrom('case_notes').select('id').where('uuid', '=', body.uuid).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('two notes of one session at once: one is made, the other is 409', async () => {
    const results = await Promise.all([1, 2].map(() => call(t.app, w.trainee, 'POST', `/api/clients/${w.traineeClient.user.id}/case-notes`, dapNote(w.traineeSession))));
    expect(codes(results)).toEqual([201, 409]);
  });

  it('an edit racing the signature: the signed note holds what was signed, the edit after it is 409', async () => {
    for (let i = 0; i < 5; i++) {
      const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(today()));
      const [sign, edit] = await Promise.all([
        call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`),
        call(t.app, w.counselor, 'PUT', `/api/case-notes/${uuid}`, { template: 'free', sections: { text: `edited ${i}` } }),
      ]);
      const note = (await call(t.app, w.counselor, 'GET', `/api/case-notes/${uuid}`)).json() as { data: { status: string; sections: { text: string } } };
      expect(note.data.status).toBe(sign.statusCode === 200 ? 'signed' : 'draft');
      if (edit.statusCode === 409) expect(sign.statusCode).toBe(200);
      if (sign.statusCode === 200) {
        // What was signed is what the signature's reply said.
        expect(note.data.sections.text).toBe((sign.json() as { data: { sections: { text: string } } }).data.sections.text);
      } else {
        expect(sign.statusCode).toBe(409);
        expect(edit.statusCode).toBe(200);
      }
    }
  });

  it('two co-signatures at once: one 200, one 409', async () => {
    for (let i = 0; i < 3; i++) {
      const uuid = await draft(t.app, w.trainee, w.traineeClient.user.id, contactNote(today()));
      await call(t.app, w.trainee, 'POST', `/api/case-notes/${uuid}/sign`);
      const results = await Promise.all([1, 2].map(() => call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/cosign`)));
      expect(codes(results)).toEqual([200, 409]);
    }
  });

  it('the same addendum sent twice at once is added once', async () => {
    const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(today()));
    await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`);
    const body = { uuid: randomUUID(), body: 'Added later.' };
    const results = await Promise.all([1, 2].map(() => call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, body)));
    expect(codes(results)).toEqual([200, 201]);
    expect(await t.db.selectFrom('case_note_addenda').select('id').where('uuid', '=', body.uuid).execute()).toHaveLength(1);
  });
});
