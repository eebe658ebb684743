import { randomUUID } from 'node:crypto';
import { CASE_NOTE_MESSAGES, type CaseNote } from '@kalinga/contracts/case-notes';
import { addDaysToDate, todayIn } from '@kalinga/contracts/zone-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { call, contactNote, dapNote, draft, heldSession, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';

// Case notes (docs/decisions/0208-case-notes.md): drafts, signatures, addenda, the care team only, the settings.

let t: TestApp;
let w: NotesWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
});
afterAll(() => t.close());

const notesUrl = (clientId: number) => `/api/clients/${clientId}/case-notes`;
const noteOf = (res: { json(): unknown }) => (res.json() as { data: CaseNote }).data;
const manilaDay = (days: number) => addDaysToDate(todayIn('Asia/Manila'), days);

describe('drafts', () => {
  it('a care-team counselor starts a session note; the same key again gives the same draft; the body is encrypted at rest', async () => {
    const body = dapNote(w.session);
    const res = await call(t.app, w.counselor, 'POST', notesUrl(w.client.user.id), body);
    expect(res.statusCode).toBe(201);
    const note = noteOf(res);
    expect(note).toMatchObject({ status: 'draft', template: 'dap', kind: 'session', author: { name: 'Dana Cruz' }, signed: null, can: { edit: true, sign: true, add_addendum: false } });
    expect(note.sections.data).toBe('Client reported better sleep this week.');
    expect(note.appointment?.uuid).toBe(w.session);

    const again = await call(t.app, w.counselor, 'POST', notesUrl(w.client.user.id), body);
    expect(again.statusCode).toBe(200);
    expect(noteOf(again).uuid).toBe(note.uuid);
    const rows = await t.db.selectFrom('case_notes').select(['body']).where('appointment_id', 'is not', null).where('uuid', '=', note.uuid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].body.startsWith('enc:v1:')).toBe(true);
    expect(rows[0].body).not.toContain('better sleep');

    // One note per session.
    const second = await call(t.app, w.counselor, 'POST', notesUrl(w.client.user.id), dapNote(w.session));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: CASE_NOTE_MESSAGES.sessionTaken });
    await call(t.app, w.counselor, 'DELETE', `/api/case-notes/${note.uuid}`);
  });

  it('refuses bad input with 422: no session, sections of another template, a future contact, a session not held, another client\'s screening', async () => {
    const url = notesUrl(w.client.user.id);
    const cases: [Record<string, unknown>, string][] = [
      [dapNote(w.session, { appointment_uuid: null }), 'appointment_uuid'],
      [dapNote(w.session, { sections: { subjective: 'x' } }), 'sections'],
      [contactNote(manilaDay(2)), 'contact_date'],
      [dapNote(w.traineeSession), 'appointment_uuid'],
      [dapNote(w.session, { template: 'narrative' }), 'template'],
      [dapNote(w.session, { screening_id: 999999 }), 'screening_id'],
      [{ ...dapNote(w.session), uuid: 'not-a-uuid' }, 'uuid'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, w.counselor, 'POST', url, body);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys((res.json() as { errors: Record<string, string[]> }).errors)).toContain(field);
    }
    const future = await heldSession(t, w.admin.companyId, w.counselor.user.id, w.client.user.id, -2);
    const res = await call(t.app, w.counselor, 'POST', url, dapNote(future));
    expect(res.statusCode).toBe(422);
  });

  it('a draft is its author\'s: edited and deleted by them only, invisible to the rest of the care team', async () => {
    const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(0)));
    const edit = await call(t.app, w.counselor, 'PUT', `/api/case-notes/${uuid}`, { template: 'soap', sections: { subjective: 'S', objective: 'O', assessment: 'A', plan: 'P' } });
    expect(edit.statusCode).toBe(200);
    expect(noteOf(edit)).toMatchObject({ template: 'soap', sections: { subjective: 'S', plan: 'P' } });
    // Another counselor of the client (a session of their own) does not see or change it.
    const colleague = w.trainee;
    await heldSession(t, w.admin.companyId, colleague.user.id, w.client.user.id);
    const list = await call(t.app, colleague, 'GET', notesUrl(w.client.user.id));
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: CaseNote[] }).data.map((n) => n.uuid)).not.toContain(uuid);
    expect((await call(t.app, colleague, 'GET', `/api/case-notes/${uuid}`)).statusCode).toBe(404);
    expect((await call(t.app, colleague, 'PUT', `/api/case-notes/${uuid}`, { template: 'free', sections: { text: 'mine' } })).statusCode).toBe(404);
    expect((await call(t.app, colleague, 'DELETE', `/api/case-notes/${uuid}`)).statusCode).toBe(404);
    expect((await call(t.app, w.counselor, 'DELETE', `/api/case-notes/${uuid}`)).statusCode).toBe(204);
    expect((await call(t.app, w.counselor, 'GET', `/api/case-notes/${uuid}`)).statusCode).toBe(404);
  });
});

describe('signing locks the note; only addenda follow', () => {
  it('signing needs every section; the signature names the author and time; after it no edit, no delete, only addenda', async () => {
    const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(-1), { template: 'dap', sections: { data: 'D', assessment: '', plan: 'P' } }));
    const early = await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ message: CASE_NOTE_MESSAGES.emptySection });
    await call(t.app, w.counselor, 'PUT', `/api/case-notes/${uuid}`, { template: 'dap', sections: { data: 'D', assessment: 'A', plan: 'P' } });
    const signed = await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`);
    expect(signed.statusCode).toBe(200);
    const note = noteOf(signed);
    expect(note).toMatchObject({ status: 'signed', signed: { name: 'Dana Cruz' }, supervisor: null, late_entry: false, can: { edit: false, sign: false, add_addendum: true } });
    expect(Date.now() - Date.parse(note.signed!.at)).toBeLessThan(60_000);

    const edit = await call(t.app, w.counselor, 'PUT', `/api/case-notes/${uuid}`, { template: 'dap', sections: { data: 'changed', assessment: 'A', plan: 'P' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: CASE_NOTE_MESSAGES.locked });
    expect((await call(t.app, w.counselor, 'DELETE', `/api/case-notes/${uuid}`)).statusCode).toBe(409);
    expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`)).statusCode).toBe(409);

    const addendum = { uuid: randomUUID(), body: 'Client called back: the referral is confirmed.' };
    const added = await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, addendum);
    expect(added.statusCode).toBe(201);
    expect(noteOf(added).addenda).toMatchObject([{ body: addendum.body, author: { name: 'Dana Cruz' } }]);
    const again = await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, addendum);
    expect(again.statusCode).toBe(200);
    expect(noteOf(again).addenda).toHaveLength(1);
    expect(noteOf(again).sections.data).toBe('D');
    const stored = await t.db.selectFrom('case_note_addenda').select('body').where('uuid', '=', addendum.uuid).executeTakeFirstOrThrow();
    expect(stored.body).not.toContain('referral');
    expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: '  ' })).statusCode).toBe(422);
  });

  it('an addendum needs a signed note', async () => {
    const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(0)));
    expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: 'x' })).statusCode).toBe(409);
    await call(t.app, w.counselor, 'DELETE', `/api/case-notes/${uuid}`);
  });

  it('a note signed more than the late-entry days after its session is a late entry (site setting, default 3)', async () => {
    const late = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(-4)));
    expect(noteOf(await call(t.app, w.counselor, 'POST', `/api/case-notes/${late}/sign`)).late_entry).toBe(true);
    const onTime = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(-3)));
    expect(noteOf(await call(t.app, w.counselor, 'POST', `/api/case-notes/${onTime}/sign`)).late_entry).toBe(false);
  });
});

describe('co-signature', () => {
  it("a trainee's signature waits for their supervisor, whose queue lists it (one access-log row per client); only they co-sign", async () => {
    const uuid = await draft(t.app, w.trainee, w.traineeClient.user.id, dapNote(w.traineeSession));
    const signed = await call(t.app, w.trainee, 'POST', `/api/case-notes/${uuid}/sign`);
    expect(signed.statusCode).toBe(200);
    expect(noteOf(signed)).toMatchObject({ status: 'awaiting_cosign', signed: { name: 'Tomas Reyes' }, supervisor: { id: w.counselor.user.id, name: 'Dana Cruz' }, cosigned: null, can: { edit: false } });
    expect((await call(t.app, w.trainee, 'PUT', `/api/case-notes/${uuid}`, { template: 'free', sections: { text: 'x' } })).statusCode).toBe(409);

    const before = await t.db.selectFrom('client_access_log').select('id').where('viewer_id', '=', w.counselor.user.id).where('via', '=', 'list').execute();
    const queue = await call(t.app, w.counselor, 'GET', '/api/case-notes/review-queue');
    expect(queue.statusCode).toBe(200);
    const items = (queue.json() as { data: { uuid: string; client: { name: string } }[] }).data;
    expect(items.map((i) => i.uuid)).toContain(uuid);
    expect(JSON.stringify(items)).not.toContain('Client reported');
    const after = await t.db.selectFrom('client_access_log').select(['client_id', 'kind']).where('viewer_id', '=', w.counselor.user.id).where('via', '=', 'list').execute();
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ client_id: w.traineeClient.user.id, kind: 'case_notes' });
    expect((await call(t.app, w.outsider, 'GET', '/api/case-notes/review-queue')).json()).toEqual({ data: [] });

    expect((await call(t.app, w.outsider, 'POST', `/api/case-notes/${uuid}/cosign`)).statusCode).toBe(403);
    expect((await call(t.app, w.trainee, 'POST', `/api/case-notes/${uuid}/cosign`)).statusCode).toBe(403);
    const cosigned = await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/cosign`);
    expect(cosigned.statusCode).toBe(200);
    expect(noteOf(cosigned)).toMatchObject({ status: 'signed', cosigned: { name: 'Dana Cruz' }, signed: { name: 'Tomas Reyes' } });
    expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/cosign`)).statusCode).toBe(409);
    expect((await call(t.app, w.counselor, 'GET', '/api/case-notes/review-queue')).json()).toEqual({ data: [] });
    // The supervisor adds an addendum too.
    expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: 'Reviewed with the trainee.' })).statusCode).toBe(201);
  });

  it('the signed-in user says whether they supervise someone (the Notes to review menu entry)', async () => {
    const me = async (actor: NotesWorld['counselor']) => ((await call(t.app, actor, 'GET', '/api/me')).json() as { user: { supervises?: boolean } }).user.supervises;
    expect(await me(w.counselor)).toBe(true);
    expect(await me(w.trainee)).toBe(false);
    expect(await me(w.outsider)).toBe(false);
  });

  it('a trainee without a supervisor cannot sign (422)', async () => {
    await t.db.updateTable('users').set({ clinical_supervisor_id: null }).where('id', '=', w.trainee.user.id).execute();
    try {
      const uuid = await draft(t.app, w.trainee, w.traineeClient.user.id, contactNote(manilaDay(0)));
      const res = await call(t.app, w.trainee, 'POST', `/api/case-notes/${uuid}/sign`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: CASE_NOTE_MESSAGES.noSupervisor });
    } finally {
      await t.db.updateTable('users').set({ clinical_supervisor_id: w.counselor.user.id }).where('id', '=', w.trainee.user.id).execute();
    }
  });
});

describe('care team only', () => {
  it('a counselor outside the care team gets 403; an administrator and the client 403; another company 404', async () => {
    const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(0)));
    await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`);
    const url = notesUrl(w.client.user.id);
    for (const actor of [w.outsider, w.admin, w.client]) {
      expect((await call(t.app, actor, 'GET', url)).statusCode).toBe(403);
      expect((await call(t.app, actor, 'GET', `/api/case-notes/${uuid}`)).statusCode).toBe(403);
      expect((await call(t.app, actor, 'POST', url, contactNote(manilaDay(0)))).statusCode).toBe(403);
      expect((await call(t.app, actor, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: 'x' })).statusCode).toBe(403);
    }
    const other = w.other.counselor;
    expect((await call(t.app, other, 'GET', url)).statusCode).toBe(404);
    expect((await call(t.app, other, 'GET', `/api/case-notes/${uuid}`)).statusCode).toBe(404);
    expect((await call(t.app, other, 'POST', `/api/case-notes/${uuid}/addenda`, { uuid: randomUUID(), body: 'x' })).statusCode).toBe(404);
    expect((await call(t.app, other, 'POST', `/api/case-notes/${uuid}/cosign`)).statusCode).toBe(404);
    expect((await call(t.app, other, 'POST', url, contactNote(manilaDay(0)))).statusCode).toBe(404);
  });

  it('every read is on the access log', async () => {
    const count = async () => (await t.db.selectFrom('client_access_log').select('id').where('viewer_id', '=', w.counselor.user.id).where('kind', '=', 'case_notes').where('via', '=', 'care_team').execute()).length;
    const before = await count();
    await call(t.app, w.counselor, 'GET', notesUrl(w.client.user.id));
    expect(await count()).toBe(before + 1);
  });
});

describe('site settings', () => {
  it('defaults; an administrator changes them; a counselor may not (403); bad values 422; a template turned off is refused', async () => {
    expect((await call(t.app, w.counselor, 'GET', '/api/case-note-settings')).json()).toEqual({ templates: ['dap', 'soap', 'free'], late_entry_days: 3, clients_read_signed_notes: false });
    const body = { templates: ['soap', 'dap'], late_entry_days: 10, clients_read_signed_notes: true };
    expect((await call(t.app, w.counselor, 'PUT', '/api/case-note-settings', body)).statusCode).toBe(403);
    expect((await call(t.app, w.admin, 'PUT', '/api/case-note-settings', { ...body, templates: [] })).statusCode).toBe(422);
    expect((await call(t.app, w.admin, 'PUT', '/api/case-note-settings', { ...body, late_entry_days: -1 })).statusCode).toBe(422);
    const saved = await call(t.app, w.admin, 'PUT', '/api/case-note-settings', body);
    expect(saved.json()).toEqual({ templates: ['dap', 'soap'], late_entry_days: 10, clients_read_signed_notes: true });
    expect((await call(t.app, w.other.admin, 'GET', '/api/case-note-settings')).json()).toMatchObject({ late_entry_days: 3 });
    const refused = await call(t.app, w.counselor, 'POST', notesUrl(w.client.user.id), contactNote(manilaDay(0)));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: CASE_NOTE_MESSAGES.templateOff });
    const uuid = await draft(t.app, w.counselor, w.client.user.id, contactNote(manilaDay(-5), { template: 'dap', sections: { data: 'D', assessment: 'A', plan: 'P' } }));
    expect(noteOf(await call(t.app, w.counselor, 'POST', `/api/case-notes/${uuid}/sign`)).late_entry).toBe(false);
    await call(t.app, w.admin, 'PUT', '/api/case-note-settings', { templates: ['dap', 'soap', 'free'], late_entry_days: 3, clients_read_signed_notes: false });
  });
});
