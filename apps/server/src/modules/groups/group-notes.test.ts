// Group notes (decisions 0295, 0296): a facilitator drafts and signs one note per held session of a closed group; a
// member's record (notes list, file timeline, disclosure PDF, their own record and its PDF) holds the shared part and
// that member's part only, never another member's name, id or part.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { referTo } from '../../../test/client-record/client-access-helpers';
import { purgeMemberParts } from '../client-record/group-note-record.repository';
import { call, idsIn, noteBody, type NotesGroup, notesGroup, pdfText } from '../../../test/groups/group-note-helpers';

let t: TestApp;
let g: NotesGroup;
let other: NotesGroup;
let noteUuid: string;
/** The members' individual counselor: their care team, which reads their record (the facilitators read the group's). */
let carer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  g = await notesGroup(t, 'Group Notes School');
  other = await notesGroup(t, 'Other Notes School', 'O');
  carer = await addUser(t.app, g.c.admin.companyId, { userType: 'counselor', name: 'Carer' });
  for (const m of [g.members.amihan, g.members.bituin]) await referTo(t.db, g.c.admin.companyId, carer.user.id, m.user.id);
  await t.db.insertInto('case_note_settings').values({ company_id: g.c.admin.companyId, templates: '["dap","soap","free"]', late_entry_days: 3, clients_read_signed_notes: 1, updated_at: new Date().toISOString() }).execute();
});
afterAll(async () => t?.close());

const A_PART = 'AMIHANPART spoke about exam worry';
const B_PART = 'BITUINPART stayed quiet, left early';

describe('group notes', () => {
  it('a facilitator drafts the note of a held session: present members only, bad input 422, others 403/404', async () => {
    const { amihan, bituin, carmelo } = g.members;
    const url = `/api/group-sessions/${g.sessions[0]}/note`;
    const empty = await call(t, g.c.lead, 'GET', url);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({ note: null, present: [{ client_id: amihan.user.id, name: amihan.user.name }, { client_id: bituin.user.id, name: bituin.user.name }] });

    expect((await call(t, g.c.lead, 'POST', url, { ...noteBody([]), uuid: 'nope' })).statusCode).toBe(422);
    expect((await call(t, g.c.lead, 'POST', url, { uuid: randomUUID(), parts: [] })).statusCode).toBe(422);
    const absent = await call(t, g.c.lead, 'POST', url, noteBody([{ client_id: carmelo.user.id, text: 'was not there' }]));
    expect(absent.statusCode).toBe(422);
    expect(absent.json().errors).toHaveProperty(['parts.0.client_id']);
    expect((await call(t, g.c.lead, 'POST', url, noteBody([{ client_id: amihan.user.id, text: 'x' }, { client_id: amihan.user.id, text: 'y' }]))).statusCode).toBe(422);
    const upcoming = await call(t, g.c.lead, 'POST', `/api/group-sessions/${g.sessions[2]}/note`, noteBody([]));
    expect(upcoming.statusCode).toBe(422);

    expect((await call(t, g.outsider, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, g.outsider, 'POST', url, noteBody([{ client_id: amihan.user.id, text: 'x' }]))).statusCode).toBe(403);
    expect((await call(t, g.c.admin, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, amihan, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, other.c.lead, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, other.c.lead, 'POST', url, noteBody([]))).statusCode).toBe(404);

    const body = noteBody([{ client_id: amihan.user.id, text: A_PART }, { client_id: bituin.user.id, text: '' }]);
    const created = await call(t, g.c.lead, 'POST', url, body);
    expect(created.statusCode, created.body).toBe(201);
    noteUuid = created.json().data.uuid;
    expect(created.json().data).toMatchObject({ status: 'draft', shared: body.shared, can: { edit: true, sign: true, add_addendum: false } });
    expect((await call(t, g.c.lead, 'POST', url, body)).statusCode).toBe(200);
    expect((await call(t, g.c.lead, 'POST', url, noteBody([]))).statusCode).toBe(409);
    // The content is sealed at rest.
    const stored = await t.db.selectFrom('group_note_parts').select('body').where('client_id', '=', amihan.user.id).executeTakeFirstOrThrow();
    expect(stored.body.startsWith('enc:')).toBe(true);
    expect(stored.body).not.toContain('AMIHANPART');
  });

  it("the draft is its author's: the co-facilitator sees who writes it, not what, and cannot change or sign it", async () => {
    const seen = await call(t, g.c.co, 'GET', `/api/group-sessions/${g.sessions[0]}/note`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.note).toMatchObject({ author: { name: g.c.lead.user.name }, shared: null, parts: [] });
    expect((await call(t, g.c.co, 'PUT', `/api/group-notes/${noteUuid}`, noteBody([]))).statusCode).toBe(403);
    expect((await call(t, g.c.co, 'POST', `/api/group-notes/${noteUuid}/sign`)).statusCode).toBe(403);
    expect((await call(t, g.outsider, 'POST', `/api/group-notes/${noteUuid}/sign`)).statusCode).toBe(403);
    expect((await call(t, other.c.lead, 'POST', `/api/group-notes/${noteUuid}/sign`)).statusCode).toBe(404);
    expect((await call(t, other.c.lead, 'GET', `/api/group-notes/${noteUuid}`)).statusCode).toBe(404);
  });

  it("signing needs every present member's part; it locks the note; then only addenda", async () => {
    const { amihan, bituin, carmelo } = g.members;
    const unwritten = await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/sign`);
    expect(unwritten.statusCode).toBe(422);
    expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'too soon', client_id: null })).statusCode).toBe(409);
    const { shared, parts } = noteBody([{ client_id: amihan.user.id, text: A_PART }, { client_id: bituin.user.id, text: B_PART }]);
    const saved = await call(t, g.c.lead, 'PUT', `/api/group-notes/${noteUuid}`, { shared, parts });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.parts.map((p: { text: string }) => p.text)).toEqual([A_PART, B_PART]);
    const signed = await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/sign`);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ status: 'signed', signed: { name: g.c.lead.user.name }, can: { edit: false, sign: false, add_addendum: true } });
    expect((await call(t, g.c.lead, 'PUT', `/api/group-notes/${noteUuid}`, { shared, parts })).statusCode).toBe(409);
    expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/sign`)).statusCode).toBe(409);
    // The database refuses a change whatever the SQL.
    await expect(t.db.updateTable('group_note_parts').set({ body: 'changed' }).where('client_id', '=', bituin.user.id).execute()).rejects.toThrow(/never changed/);
    await expect(t.db.deleteFrom('group_note_parts').where('client_id', '=', bituin.user.id).execute()).rejects.toThrow(/never changed/);
    await expect(t.db.deleteFrom('group_notes').where('uuid', '=', noteUuid).execute()).rejects.toThrow(/never changed/);

    const bad = await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: '', client_id: null });
    expect(bad.statusCode).toBe(422);
    expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'About Carmelo', client_id: carmelo.user.id })).statusCode).toBe(422);
    expect((await call(t, g.outsider, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'x', client_id: null })).statusCode).toBe(403);
    const groupAdd = await call(t, g.c.co, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'SHAREDADDENDUM next week we practise again', client_id: null });
    expect(groupAdd.statusCode, groupAdd.body).toBe(201);
    expect((await call(t, g.c.co, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'AMIHANADDENDUM asked for an individual session', client_id: amihan.user.id })).statusCode).toBe(201);
    expect((await call(t, g.c.co, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'BITUINADDENDUM phoned after', client_id: bituin.user.id })).statusCode).toBe(201);
    const whole = await call(t, g.c.co, 'GET', `/api/group-notes/${noteUuid}`);
    expect(whole.json().data.parts).toHaveLength(2);
    expect(whole.json().data.addenda).toHaveLength(3);
  });

  it("a member's record shows the shared part and their own part only, on every read path", async () => {
    const { amihan, bituin } = g.members;
    const mustShow = ['AMIHANPART', 'Worry and sleep', 'Breathing', 'SHAREDADDENDUM', 'AMIHANADDENDUM'];
    const mustHide = ['BITUINPART', 'BITUINADDENDUM', bituin.user.name, 'Carmelo'];
    const check = (text: string, where: string) => {
      for (const s of mustShow) expect(text, `${where} shows ${s}`).toContain(s);
      for (const s of mustHide) expect(text, `${where} hides ${s}`).not.toContain(s);
    };
    const list = await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/group-notes`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ group_name: 'Anxiety group', part: A_PART, shared: { themes: 'Worry and sleep' } });
    check(list.body, 'notes list');
    const file = await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/file`);
    expect(file.statusCode, file.body).toBe(200);
    check(file.body, 'client file');
    // The range ends tomorrow (UTC): the company's local day (Manila, UTC+8) is already tomorrow after 16:00 UTC.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const pdf = await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/disclosure?from=${from}&to=${day}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    check(pdfText(pdf.rawPayload), 'disclosure PDF');
    const own = await call(t, amihan, 'GET', '/api/me/record');
    expect(own.statusCode, own.body).toBe(200);
    check(own.body, 'own record');
    const ownPdf = await call(t, amihan, 'GET', '/api/me/record?format=pdf');
    check(pdfText(ownPdf.rawPayload), 'own record PDF');
    for (const reply of [list, file, own]) expect(idsIn(reply.json())).not.toContain(bituin.user.id);
    // Bituin's side mirrors it.
    const theirs = await call(t, carer, 'GET', `/api/clients/${bituin.user.id}/group-notes`);
    expect(theirs.body).toContain('BITUINPART');
    expect(theirs.body).not.toContain('AMIHANPART');
    expect(theirs.body).not.toContain(amihan.user.name);
    // Every read was recorded on the member's record; outsiders and administrators are refused.
    const logged = await t.db.selectFrom('client_access_log').select('kind').where('client_id', '=', amihan.user.id).where('viewer_id', '=', carer.user.id).execute();
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect((await call(t, g.outsider, 'GET', `/api/clients/${amihan.user.id}/group-notes`)).statusCode).toBe(403);
    expect((await call(t, g.c.admin, 'GET', `/api/clients/${amihan.user.id}/group-notes`)).statusCode).toBe(403);
    expect((await call(t, other.c.lead, 'GET', `/api/clients/${amihan.user.id}/group-notes`)).statusCode).toBe(404);
  });

  it('a member removed from the group keeps their part; a closed file takes no new part or addendum', async () => {
    const { amihan, bituin } = g.members;
    expect((await call(t, g.c.lead, 'DELETE', `/api/groups/${g.group}/members/${amihan.user.id}`)).statusCode).toBe(200);
    const kept = await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/group-notes`);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain('AMIHANPART');
    const closed = await call(t, carer, 'POST', `/api/clients/${bituin.user.id}/close`, { summary: 'Goals met; client discharged.' });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await call(t, g.c.lead, 'POST', `/api/group-sessions/${g.sessions[1]}/note`, noteBody([{ client_id: bituin.user.id, text: 'new part' }]));
    expect(refused.statusCode).toBe(409);
    expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'late word', client_id: bituin.user.id })).statusCode).toBe(409);
  });

  it("a member's purge removes their part and the addenda about them only; nothing else deletes a signed part", async () => {
    const { amihan, bituin } = g.members;
    const companyId = g.c.admin.companyId;
    await expect(purgeMemberParts(t.db, companyId, bituin.user.id)).rejects.toThrow(/never changed/);
    const now = new Date().toISOString();
    await t.db.insertInto('client_file_purges').values({ company_id: companyId, client_id: bituin.user.id, client_name: bituin.user.name, closed_at: now, keep_until: now, listed_at: now, status: 'approved', approved_by: null, approved_by_name: null, purged_at: null, counts: null }).execute();
    expect(await purgeMemberParts(t.db, companyId, bituin.user.id)).toEqual({ parts: 1, addenda: 1 });
    const left = await t.db.selectFrom('group_note_parts').select('client_id').where('company_id', '=', companyId).execute();
    expect(left.map((r) => r.client_id)).toEqual([amihan.user.id]);
    expect((await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/group-notes`)).body).toContain('SHAREDADDENDUM');
  });
});
