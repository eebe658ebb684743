import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, type Actor, type TestApp } from '../../../test/harness';
import { dapNote, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';
import { answers, call, submit } from '../../../test/screening/screening-helpers';
import { listDueFiles, PURGED_ALREADY, REOPENED_MEANWHILE } from './retention.service';

// Retention (decision 0236): closed files past the site's years are listed once a month; the privacy officer's
// approval purges the content in one transaction (notes, addenda, screening answers, urgent cases' details,
// correction requests, the closing words) and records it; appointments and scores stay, so reports keep counts.

let t: TestApp;
let w: NotesWorld;
let officer: Actor;

const count = async (table: 'appointments' | 'screenings' | 'case_notes' | 'case_note_addenda' | 'correction_requests', clientId: number) => {
  if (table === 'case_note_addenda') {
    const r = await t.db.selectFrom('case_note_addenda').innerJoin('case_notes', 'case_notes.id', 'case_note_addenda.note_id').select((eb) => eb.fn.countAll<number>().as('n')).where('case_notes.client_id', '=', clientId).executeTakeFirstOrThrow();
    return Number(r.n);
  }
  const r = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', clientId).executeTakeFirstOrThrow();
  return Number(r.n);
};

/** Closes the client's file through the API, then moves its closing back `years`. */
async function closeYearsAgo(client: Actor, years: number) {
  expect((await call(t.app, w.counselor, 'POST', `/api/clients/${client.user.id}/close`, { summary: 'Goals met; client discharged.' })).statusCode).toBe(200);
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() - years);
  await t.db.updateTable('client_files').set({ closed_at: at.toISOString() }).where('client_id', '=', client.user.id).execute();
}

/** A new client in the counselor's care team by a referral. */
async function referred(): Promise<Actor> {
  const client = await addUser(t.app, w.admin.companyId, { userType: 'student' });
  await t.db.insertInto('client_referrals').values({ company_id: w.admin.companyId, client_id: client.user.id, from_counselor_id: null, to_counselor_id: w.counselor.user.id, reason: 'Test referral', created_at: new Date().toISOString() }).execute();
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  officer = await addUser(t.app, w.admin.companyId, { userType: 'personnel', roles: ['privacy officer'] });
  await submit(t.app, w.client, answers(2, 1));
  const note = await call(t.app, w.counselor, 'POST', `/api/clients/${w.client.user.id}/case-notes`, dapNote(w.session));
  await call(t.app, w.counselor, 'POST', `/api/case-notes/${note.json().data.uuid}/sign`);
  await call(t.app, w.counselor, 'POST', `/api/case-notes/${note.json().data.uuid}/addenda`, { uuid: randomUUID(), body: 'Client asked to move to fortnightly.' });
  await call(t.app, w.client, 'POST', '/api/me/corrections', { uuid: randomUUID(), body: 'My second session was on a Tuesday.' });
  await t.db.insertInto('urgent_cases').values({ company_id: w.admin.companyId, client_id: w.client.user.id, source: 'button', created_at: new Date().toISOString(), escalate_at: new Date().toISOString(), escalated_at: null, acknowledged_by: w.counselor.user.id, acknowledged_at: new Date().toISOString() }).execute();
});
afterAll(() => t.close());

describe('retention', () => {
  it('lists a closed file past the years once a month, not one within them; the privacy officer approves and the content goes in one step, counts stay', async () => {
    await closeYearsAgo(w.client, 11);
    await closeYearsAgo(await referred(), 9);
    // A signed note cannot be deleted outside a purge (migration 029's lock stands).
    await expect(t.db.deleteFrom('case_notes').where('client_id', '=', w.client.user.id).execute()).rejects.toThrow(/never changed or deleted/);

    expect(await listDueFiles(t.db)).toBe(1);
    expect(await listDueFiles(t.db)).toBe(0); // this month's list is made
    const list = await call(t.app, officer, 'GET', '/api/retention/purges');
    expect(list.statusCode).toBe(200);
    expect(list.json().retention_years).toBe(10);
    expect(list.json().data).toEqual([expect.objectContaining({ client_name: 'Sam Student', status: 'listed', purged_at: null })]);
    const id = list.json().data[0].id as number;

    expect((await call(t.app, w.counselor, 'GET', '/api/retention/purges')).statusCode).toBe(403);
    expect((await call(t.app, w.admin, 'POST', `/api/retention/purges/${id}/approve`)).statusCode).toBe(403);
    const otherOfficer = await addUser(t.app, w.other.admin.companyId, { userType: 'personnel', roles: ['privacy officer'] });
    expect((await call(t.app, otherOfficer, 'POST', `/api/retention/purges/${id}/approve`)).statusCode).toBe(404);
    expect((await call(t.app, officer, 'POST', '/api/retention/purges/x/approve')).statusCode).toBe(422);

    const before = { appointments: await count('appointments', w.client.user.id), screenings: await count('screenings', w.client.user.id) };
    const approved = await call(t.app, officer, 'POST', `/api/retention/purges/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'purged', counts: { case_notes: 1, addenda: 1, screening_answers: 1, urgent_cases: 1, correction_requests: 1 } });
    expect(await count('case_notes', w.client.user.id)).toBe(0);
    expect(await count('case_note_addenda', w.client.user.id)).toBe(0);
    expect(await count('correction_requests', w.client.user.id)).toBe(0);
    expect({ appointments: await count('appointments', w.client.user.id), screenings: await count('screenings', w.client.user.id) }).toEqual(before);
    const screening = await t.db.selectFrom('screenings').select(['answers', 'phq9_score']).where('client_id', '=', w.client.user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(screening.answers)).toEqual({ phq9: [], gad7: [], difficulty: null });
    expect(screening.phq9_score).toBeGreaterThan(0);
    const fileRow = await t.db.selectFrom('client_files').selectAll().where('client_id', '=', w.client.user.id).executeTakeFirstOrThrow();
    expect(fileRow.closing_summary).toBeNull();
    expect(fileRow.purged_at).not.toBeNull();
    expect((await call(t.app, officer, 'POST', `/api/retention/purges/${id}/approve`)).json().message).toBe(PURGED_ALREADY);

    // The care team still opens the file: no content, the purge recorded.
    const file = (await call(t.app, w.counselor, 'GET', `/api/clients/${w.client.user.id}/file`)).json().data;
    expect(file.timeline.filter((i: { type: string }) => i.type === 'note')).toEqual([]);
    expect(file.timeline[0].title).toBe('Content purged after the retention period');
    expect(file.file.purged_at).not.toBeNull();
  });

  it('the site keeps closed files its set years (1 to 100; administrators only): fewer years list a file the next month', async () => {
    const client = await referred();
    await closeYearsAgo(client, 3);
    await t.db.updateTable('settings').set({ retention_listed_month: null }).where('company_id', '=', w.admin.companyId).execute();
    expect(await listDueFiles(t.db)).toBe(0);
    const post = (actor: Actor, years: unknown) => t.app.inject({ method: 'POST', url: '/api/settings', headers: actor.headers, payload: { retention_years: years } });
    expect((await post(w.admin, 0)).statusCode).toBe(422);
    expect((await post(w.admin, 2.5)).json().errors.retention_years).toEqual(['Closed files must be kept a whole number of years from 1 to 100.']);
    expect((await post(w.counselor, 2)).statusCode).toBe(403);
    const saved = await post(w.admin, 2);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().retention_years ?? saved.json().data?.retention_years).toBe(2);
    await t.db.updateTable('settings').set({ retention_listed_month: null }).where('company_id', '=', w.admin.companyId).execute();
    // This one, and the file closed 9 years ago in the first test.
    expect(await listDueFiles(t.db)).toBe(2);
    await post(w.admin, 10);
  });

  it('a file reopened after it was listed is not purged (409)', async () => {
    const client = await referred();
    await closeYearsAgo(client, 12);
    await t.db.updateTable('settings').set({ retention_listed_month: null }).where('company_id', '=', w.admin.companyId).execute();
    expect(await listDueFiles(t.db)).toBe(1);
    const id = (await call(t.app, officer, 'GET', '/api/retention/purges')).json().data.find((p: { status: string }) => p.status === 'listed').id;
    expect((await call(t.app, w.counselor, 'POST', `/api/clients/${client.user.id}/reopen`, { reason: 'Client came back for support.' })).statusCode).toBe(200);
    const refused = await call(t.app, officer, 'POST', `/api/retention/purges/${id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REOPENED_MEANWHILE);
  });

  it('an approval and a reopening at once: a file reopened before the purge is not purged', async () => {
    for (let round = 0; round < 3; round += 1) {
      const client = await referred();
      await closeYearsAgo(client, 15);
      await t.db.updateTable('settings').set({ retention_listed_month: null }).where('company_id', '=', w.admin.companyId).execute();
      expect(await listDueFiles(t.db)).toBe(1);
      const id = (await call(t.app, officer, 'GET', '/api/retention/purges')).json().data.find((p: { status: string }) => p.status === 'listed').id;
      const [approve, reopen] = await Promise.all([call(t.app, officer, 'POST', `/api/retention/purges/${id}/approve`), call(t.app, w.counselor, 'POST', `/api/clients/${client.user.id}/reopen`, { reason: 'Client came back for support.' })]);
      expect(reopen.statusCode).toBe(200);
      // Either the reopening came first (the approval is refused) or the purge did (the reopening sees it).
      if (approve.statusCode === 200) expect(reopen.json().data.purged_at).not.toBeNull();
      else expect(approve.json().message).toBe(REOPENED_MEANWHILE);
    }
  });

  it('two approvals at once purge once', async () => {
    const client = await referred();
    await closeYearsAgo(client, 15);
    await t.db.updateTable('settings').set({ retention_listed_month: null }).where('company_id', '=', w.admin.companyId).execute();
    expect(await listDueFiles(t.db)).toBe(1);
    const id = (await call(t.app, officer, 'GET', '/api/retention/purges')).json().data.find((p: { status: string }) => p.status === 'listed').id;
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, officer, 'POST', `/api/retention/purges/${id}/approve`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await t.db.selectFrom('client_file_events').select('id').where('client_id', '=', client.user.id).where('kind', '=', 'purged').execute()).toHaveLength(1);
  });
});
