import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { FILE_CLOSED, FILE_CLOSED_ALREADY, FILE_HAS_DRAFTS, FILE_OPEN_ALREADY, type ClientFile } from '@kalinga/contracts/client-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, type Actor, type TestApp } from '../../../test/harness';
import { dapNote, heldSession, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';
import { answers, call, submit } from '../../../test/screening/screening-helpers';
import { accessRows } from '../../../test/client-record/client-access-helpers';

// The client file (decision 0235): the care team reads it (one access-log row), everyone else is refused; a referral
// joins the care team; a closed file is read-only until reopened with a reason; a disclosure is recorded.

let t: TestApp;
let w: NotesWorld;
let manager: Actor;
const file = (actor: Actor, clientId = w.client.user.id) => call(t.app, actor, 'GET', `/api/clients/${clientId}/file`);

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  manager = await addUser(t.app, w.admin.companyId, { userType: 'personnel', roles: ['admin'] });
  await submit(t.app, w.client, answers(2, 1));
  const note = await call(t.app, w.counselor, 'POST', `/api/clients/${w.client.user.id}/case-notes`, dapNote(w.session));
  expect(note.statusCode).toBe(201);
  expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${note.json().data.uuid}/sign`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('reading the file', () => {
  it("titles the timeline's entries in the reader's language (decision 0290), English as before", async () => {
    const english = (await file(w.counselor)).json().data as ClientFile;
    const res = await t.app.inject({ method: 'GET', url: `/api/clients/${w.client.user.id}/file`, headers: { ...w.counselor.headers, 'accept-language': 'fil' } });
    expect(res.statusCode).toBe(200);
    const filipino = res.json().data as ClientFile;
    const title = (data: ClientFile, type: string) => data.timeline.find((i) => i.type === type)?.title ?? '';
    expect(title(english, 'appointment')).toMatch(/^Appointment with .+: (Pending|Confirmed|Completed|Cancelled|No-show)/);
    expect(title(filipino, 'appointment')).toMatch(/^Appointment kay .+: (naghihintay|kumpirmado|tapos na|kinansela|hindi sumipot)/);
    expect(title(english, 'note')).toMatch(/^Session note of \d{4}-\d{2}-\d{2} by /);
    expect(title(filipino, 'note')).toMatch(/^Session note ng \d{4}-\d{2}-\d{2} ni /);
    expect(title(filipino, 'screening')).toMatch(/^(Intake|Follow-up) na screening: PHQ-9 \d+/);
    const detail = (data: ClientFile) => data.timeline.find((i) => i.type === 'appointment')?.detail ?? '';
    expect(detail(english)).toMatch(/^\d+ minutes, (online|on-site)\. Reason: /);
    expect(detail(filipino)).toMatch(/^\d+ minuto, (online|sa opisina)\. Dahilan: /);
  });

  it('the care team reads the timeline (appointment, screening, signed note) and the scores; the opening is one access-log row', async () => {
    const before = (await accessRows(t.db, w.client.user.id)).length;
    const res = await file(w.counselor);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as ClientFile;
    expect(data.access.via).toBe('care_team');
    expect(data.may_act).toBe(true);
    expect(data.file.status).toBe('open');
    expect(data.timeline.map((i) => i.type).sort()).toEqual(['appointment', 'note', 'screening']);
    expect(data.timeline.find((i) => i.type === 'note')?.detail).toContain('Client reported better sleep this week.');
    expect(data.scores).toHaveLength(1);
    const rows = await accessRows(t.db, w.client.user.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ viewer_id: w.counselor.user.id, kind: 'client_file', via: 'care_team' });
  });

  it('another counselor, an administrator, a manager and the client are refused (403); another company gets 404; nothing is logged', async () => {
    const before = (await accessRows(t.db, w.client.user.id)).length;
    for (const actor of [w.outsider, w.admin, manager, w.client]) {
      const res = await file(actor);
      expect(res.statusCode, actor.user.name).toBe(403);
      expect(res.json().message).toBe(CARE_TEAM_ONLY);
    }
    expect((await file(w.other.counselor)).statusCode).toBe(404);
    expect((await file(w.counselor, w.other.client.user.id)).statusCode).toBe(404);
    expect((await call(t.app, w.counselor, 'GET', '/api/clients/abc/file')).statusCode).toBe(422);
    expect(await accessRows(t.db, w.client.user.id)).toHaveLength(before);
  });

  it("a counselor's clients list shows their clients (and their supervisee's), each one recorded as shown; an administrator has none (403)", async () => {
    const res = await call(t.app, w.counselor, 'GET', '/api/clients/mine');
    expect(res.statusCode).toBe(200);
    // Their own client, and the client of the trainee they supervise.
    expect(res.json().data.map((c: { id: number }) => c.id).sort()).toEqual([w.client.user.id, w.traineeClient.user.id].sort());
    expect((await accessRows(t.db, w.client.user.id)).at(-1)).toMatchObject({ viewer_id: w.counselor.user.id, via: 'list', kind: 'client_file' });
    expect((await call(t.app, w.outsider, 'GET', '/api/clients/mine')).json().data).toEqual([]);
    expect((await call(t.app, w.admin, 'GET', '/api/clients/mine')).statusCode).toBe(403);
  });
});

describe('referral', () => {
  it('refuses bad input (422), an outsider (403) and another company (404); a referral puts the receiver in the care team', async () => {
    const url = `/api/clients/${w.client.user.id}/referrals`;
    expect((await call(t.app, w.counselor, 'POST', url, { to_counselor_id: w.outsider.user.id, reason: 'short' })).statusCode).toBe(422);
    expect((await call(t.app, w.counselor, 'POST', url, { to_counselor_id: w.counselor.user.id, reason: 'Needs a specialist in grief.' })).statusCode).toBe(422);
    expect((await call(t.app, w.counselor, 'POST', url, { to_counselor_id: w.client.user.id, reason: 'Needs a specialist in grief.' })).statusCode).toBe(422);
    expect((await call(t.app, w.outsider, 'POST', url, { to_counselor_id: w.outsider.user.id, reason: 'Needs a specialist in grief.' })).statusCode).toBe(403);
    expect((await call(t.app, w.other.counselor, 'POST', url, { to_counselor_id: w.other.counselor.user.id, reason: 'Needs a specialist in grief.' })).statusCode).toBe(404);
    expect((await file(w.outsider)).statusCode).toBe(403);
    const res = await call(t.app, w.counselor, 'POST', url, { to_counselor_id: w.outsider.user.id, reason: 'Needs a specialist in grief.' });
    expect(res.statusCode).toBe(201);
    const opened = await file(w.outsider);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ access: { via: 'care_team' }, may_act: true });
    expect(opened.json().data.timeline.find((i: { type: string }) => i.type === 'referral').title).toBe('Referred by Dana Cruz to Olive Outside');
  });
});

describe('closing and reopening', () => {
  it('a file with an unsigned note cannot close; a closed file takes no note, addendum, staff booking or referral until reopened with a reason', async () => {
    const url = `/api/clients/${w.client.user.id}`;
    const second = await heldSession(t, w.admin.companyId, w.counselor.user.id, w.client.user.id, 2);
    const draft = await call(t.app, w.counselor, 'POST', `${url}/case-notes`, dapNote(second));
    expect(draft.statusCode).toBe(201);
    const drafted = await call(t.app, w.counselor, 'POST', `${url}/close`, { summary: 'Goals met; client discharged.' });
    expect(drafted.statusCode).toBe(409);
    expect(drafted.json().message).toBe(FILE_HAS_DRAFTS);
    expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${draft.json().data.uuid}/sign`)).statusCode).toBe(200);

    expect((await call(t.app, w.counselor, 'POST', `${url}/close`, { summary: 'short' })).statusCode).toBe(422);
    expect((await call(t.app, manager, 'POST', `${url}/close`, { summary: 'Goals met; client discharged.' })).statusCode).toBe(403);
    expect((await call(t.app, w.other.counselor, 'POST', `${url}/close`, { summary: 'Goals met; client discharged.' })).statusCode).toBe(404);
    const closed = await call(t.app, w.counselor, 'POST', `${url}/close`, { summary: 'Goals met; client discharged.' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closing_summary: 'Goals met; client discharged.' });
    expect((await call(t.app, w.counselor, 'POST', `${url}/close`, { summary: 'Goals met; client discharged.' })).json().message).toBe(FILE_CLOSED_ALREADY);
    // The summary is stored encrypted.
    const stored = await t.db.selectFrom('client_files').select('closing_summary').where('client_id', '=', w.client.user.id).executeTakeFirstOrThrow();
    expect(stored.closing_summary).not.toContain('Goals met');

    const third = await heldSession(t, w.admin.companyId, w.counselor.user.id, w.client.user.id, 3);
    const note = await call(t.app, w.counselor, 'POST', `${url}/case-notes`, dapNote(third));
    expect(note.statusCode).toBe(409);
    expect(note.json().message).toBe(FILE_CLOSED);
    const addendum = await call(t.app, w.counselor, 'POST', `/api/case-notes/${draft.json().data.uuid}/addenda`, { uuid: crypto.randomUUID(), body: 'A late thought on the plan.' });
    expect(addendum.statusCode).toBe(409);
    expect((await call(t.app, w.counselor, 'POST', `${url}/referrals`, { to_counselor_id: w.trainee.user.id, reason: 'Needs a specialist in grief.' })).json().message).toBe(FILE_CLOSED);
    // Still readable, and the closing is on the timeline.
    const read = await file(w.counselor);
    expect(read.json().data.file.status).toBe('closed');
    expect(read.json().data.timeline[0]).toMatchObject({ type: 'file', detail: 'Goals met; client discharged.' });

    expect((await call(t.app, w.counselor, 'POST', `${url}/reopen`, { reason: 'no' })).statusCode).toBe(422);
    expect((await call(t.app, w.trainee, 'POST', `${url}/reopen`, { reason: 'Client came back for support.' })).statusCode).toBe(403);
    const reopened = await call(t.app, w.counselor, 'POST', `${url}/reopen`, { reason: 'Client came back for support.' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.status).toBe('open');
    expect((await call(t.app, w.counselor, 'POST', `${url}/reopen`, { reason: 'Client came back for support.' })).json().message).toBe(FILE_OPEN_ALREADY);
    expect((await call(t.app, w.counselor, 'POST', `${url}/case-notes`, dapNote(third))).statusCode).toBe(201);
    const timeline = (await file(w.counselor)).json().data.timeline as { type: string; title: string; detail: string }[];
    expect(timeline.filter((i) => i.type === 'file').map((i) => i.detail)).toEqual(['Client came back for support.', 'Goals met; client discharged.']);
  });

  it('a closed file takes no booking by its counselor (409) until reopened; the client may still book themself', async () => {
    const client = await addUser(t.app, w.admin.companyId, { userType: 'personnel' });
    await heldSession(t, w.admin.companyId, w.counselor.user.id, client.user.id);
    await setWeek(t.app, w.counselor);
    const categoryId = await addCategory(t.app, w.admin.companyId, 'File Closing');
    const book = async (by: Actor, day: number) => {
      const at = await instantOf(t.app, w.admin, w.counselor.user.id, daysAhead(day), '10:00');
      const payload = { counselor_id: w.counselor.user.id, ...(by === client ? {} : { student_id: client.user.id }), appointment_date: at, reason: 'Talk', category_id: categoryId, location_type: 'online' };
      return t.app.inject({ method: 'POST', url: '/api/appointments', headers: by.headers, payload });
    };
    expect((await call(t.app, w.counselor, 'POST', `/api/clients/${client.user.id}/close`, { summary: 'Goals met; client discharged.' })).statusCode).toBe(200);
    const refused = await book(w.counselor, 3);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(FILE_CLOSED);
    const own = await book(client, 4);
    expect(own.statusCode, own.body).toBe(201);
    expect((await call(t.app, w.counselor, 'POST', `/api/clients/${client.user.id}/reopen`, { reason: 'Client came back for support.' })).statusCode).toBe(200);
    expect((await book(w.counselor, 5)).statusCode).toBe(201);
  });

  it('two closings at once close once', async () => {
    const client = await addUser(t.app, w.admin.companyId, { userType: 'student' });
    await heldSession(t, w.admin.companyId, w.counselor.user.id, client.user.id);
    const body = { summary: 'Goals met; client discharged.' };
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, w.counselor, 'POST', `/api/clients/${client.user.id}/close`, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.db.selectFrom('client_file_events').select('id').where('client_id', '=', client.user.id).execute()).toHaveLength(1);
  });
});

describe('disclosure', () => {
  it('the care team prints a range as a PDF, recorded as a disclosure; a bad range is 422; others are refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/clients/${w.client.user.id}/disclosure?from=2020-01-01&to=${today}`;
    const res = await call(t.app, w.counselor, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await accessRows(t.db, w.client.user.id)).at(-1)).toMatchObject({ viewer_id: w.counselor.user.id, kind: 'disclosure', via: 'care_team' });
    expect((await call(t.app, w.counselor, 'GET', `/api/clients/${w.client.user.id}/disclosure?from=${today}&to=2020-01-01`)).statusCode).toBe(422);
    expect((await call(t.app, w.trainee, 'GET', url)).statusCode).toBe(403);
    expect((await call(t.app, manager, 'GET', url)).statusCode).toBe(403);
    expect((await call(t.app, w.other.counselor, 'GET', url)).statusCode).toBe(404);
  });
});
