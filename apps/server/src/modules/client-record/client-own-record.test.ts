import { randomUUID } from 'node:crypto';
import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import type { MyRecord } from '@kalinga/contracts/client-file';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, type Actor, type TestApp } from '../../../test/harness';
import { dapNote, heldSession, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';
import { answers, call, submit } from '../../../test/screening/screening-helpers';
import { accessRows } from '../../../test/client-record/client-access-helpers';
import { ANSWERED_ALREADY } from './corrections.service';

// The client's own record (decision 0235): what is theirs only, notes only when the site shares them, every download
// recorded via 'self'; correction requests answered once by the care team, the answer shown to the client.

let t: TestApp;
let w: NotesWorld;
let other: Actor;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  other = await addUser(t.app, w.admin.companyId, { userType: 'student', name: 'Another Student' });
  await heldSession(t, w.admin.companyId, w.counselor.user.id, other.user.id);
  await submit(t.app, w.client, answers(2, 1));
  await submit(t.app, other, answers(3, 3));
  const note = await call(t.app, w.counselor, 'POST', `/api/clients/${w.client.user.id}/case-notes`, dapNote(w.session));
  await call(t.app, w.counselor, 'POST', `/api/case-notes/${note.json().data.uuid}/sign`);
});
afterAll(() => t.close());

describe("the client's own record", () => {
  it('holds their appointments and their own screening answers, no notes while the site does not share them, nothing of another client; recorded via self', async () => {
    const res = await call(t.app, w.client, 'GET', '/api/me/record');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const record = res.json() as MyRecord;
    expect(record.client.name).toBe('Sam Student');
    expect(record.appointments).toHaveLength(1);
    expect(record.screenings).toHaveLength(1);
    expect(record.screenings[0].phq9.slice(0, 8)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
    expect(record.notes).toBeNull();
    expect(JSON.stringify(record)).not.toContain('Another Student');
    expect(JSON.stringify(record)).not.toContain('phq9_score');
    expect((await accessRows(t.db, w.client.user.id)).at(-1)).toMatchObject({ viewer_id: w.client.user.id, kind: 'export', via: 'self' });
  });

  it("is named with the centre's day it was made, not UTC's, as JSON and as PDF (decision 0373)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 01:00 on 30 November in Manila
      expect((await call(t.app, w.client, 'GET', '/api/me/record')).headers['content-disposition']).toBe('attachment; filename="my-record-2026-11-30.json"');
      expect((await call(t.app, w.client, 'GET', '/api/me/record?format=pdf')).headers['content-disposition']).toContain('my-record-2026-11-30.pdf');
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds their signed notes when the site shares them; a PDF too, recorded as well', async () => {
    await t.db.insertInto('case_note_settings').values({ company_id: w.admin.companyId, templates: '["dap","soap","free"]', late_entry_days: 3, clients_read_signed_notes: 1, updated_at: new Date().toISOString() }).execute();
    const record = (await call(t.app, w.client, 'GET', '/api/me/record')).json() as MyRecord;
    expect(record.notes).toHaveLength(1);
    expect(record.notes![0].sections.Data).toBe('Client reported better sleep this week.');
    const before = (await accessRows(t.db, w.client.user.id)).length;
    const pdf = await call(t.app, w.client, 'GET', '/api/me/record?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await accessRows(t.db, w.client.user.id)).toHaveLength(before + 1);
    expect((await call(t.app, w.client, 'GET', '/api/me/record?format=doc')).statusCode).toBe(422);
  });

  it('a counselor has no client record here (404); an administrator who is personnel gets only their own (empty) one', async () => {
    expect((await call(t.app, w.counselor, 'GET', '/api/me/record')).statusCode).toBe(404);
    const admin = (await call(t.app, w.admin, 'GET', '/api/me/record')).json() as MyRecord;
    expect(admin.appointments).toEqual([]);
    expect(admin.screenings).toEqual([]);
  });
});

describe('correction requests', () => {
  it('a client asks (the same uuid once), the care team answers once, and the client reads the answer', async () => {
    const uuid = randomUUID();
    expect((await call(t.app, w.client, 'POST', '/api/me/corrections', { uuid, body: 'short' })).statusCode).toBe(422);
    const asked = await call(t.app, w.client, 'POST', '/api/me/corrections', { uuid, body: 'My second session was on a Tuesday, not a Monday.' });
    expect(asked.statusCode).toBe(201);
    expect((await call(t.app, w.client, 'POST', '/api/me/corrections', { uuid, body: 'My second session was on a Tuesday, not a Monday.' })).statusCode).toBe(200);
    expect((await call(t.app, other, 'POST', '/api/me/corrections', { uuid, body: 'Someone else using the same key here.' })).statusCode).toBe(422);
    const stored = await t.db.selectFrom('correction_requests').select('body').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(stored.body).not.toContain('Tuesday');

    const id = asked.json().data.id as number;
    const url = `/api/clients/${w.client.user.id}/corrections/${id}`;
    const answer = { outcome: 'corrected', answer: 'Thank you; the date is corrected in your file.' };
    expect((await call(t.app, w.counselor, 'PUT', url, { outcome: 'maybe', answer: answer.answer })).statusCode).toBe(422);
    const refused = await call(t.app, w.outsider, 'PUT', url, answer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CARE_TEAM_ONLY);
    expect((await call(t.app, w.admin, 'PUT', url, answer)).statusCode).toBe(403);
    expect((await call(t.app, w.other.counselor, 'PUT', url, answer)).statusCode).toBe(404);
    expect((await call(t.app, w.counselor, 'PUT', `/api/clients/${other.user.id}/corrections/${id}`, answer)).statusCode).toBe(404);
    const answered = await call(t.app, w.counselor, 'PUT', url, answer);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ outcome: 'corrected', answered_by_name: 'Dana Cruz' });
    const again = await call(t.app, w.counselor, 'PUT', url, { ...answer, outcome: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ANSWERED_ALREADY);

    const mine = await call(t.app, w.client, 'GET', '/api/me/corrections');
    expect(mine.json().data).toEqual([expect.objectContaining({ body: 'My second session was on a Tuesday, not a Monday.', answer: 'Thank you; the date is corrected in your file.' })]);
    expect((await accessRows(t.db, w.client.user.id)).at(-1)).toMatchObject({ viewer_id: w.client.user.id, via: 'self' });
    expect((await call(t.app, other, 'GET', '/api/me/corrections')).json().data).toEqual([]);
    const file = await call(t.app, w.counselor, 'GET', `/api/clients/${w.client.user.id}/file`);
    expect(file.json().data.corrections).toHaveLength(1);
  });

  it('two answers at once keep one', async () => {
    const asked = await call(t.app, w.client, 'POST', '/api/me/corrections', { uuid: randomUUID(), body: 'My email address is misspelt in the file.' });
    const url = `/api/clients/${w.client.user.id}/corrections/${asked.json().data.id}`;
    const results = await Promise.all(['corrected', 'declined', 'corrected'].map((outcome) => call(t.app, w.counselor, 'PUT', url, { outcome, answer: 'We looked at it and answered you.' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
