// A trainee's group note in their supervisor's "Notes to review" (decision 0320): listed once signed, to that
// supervisor only, with no note text and no member; opened whole and co-signed by them, then gone from the list.
// Run on PostgreSQL too (DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { call, noteBody, type NotesGroup, notesGroup } from '../../../test/groups/group-note-helpers';

let t: TestApp;
let g: NotesGroup;
let other: NotesGroup;
let supervisor: Actor;
let otherSupervisor: Actor;
let noteUuid: string;

const THEMES = 'REVIEWTHEMES worry before exams';

async function traineeSignsNote(n: NotesGroup, supervisorId: number, session: string, themes: string): Promise<string> {
  await t.db.updateTable('users').set({ is_trainee: 1, clinical_supervisor_id: supervisorId }).where('id', '=', n.c.lead.user.id).execute();
  const parts = [n.members.amihan, n.members.bituin].map((m) => ({ client_id: m.user.id, text: `Part of ${m.user.name}` }));
  const created = await call(t, n.c.lead, 'POST', `/api/group-sessions/${session}/note`, noteBody(parts, { themes, activities: 'Breathing practice' }));
  expect(created.statusCode, created.body).toBe(201);
  const uuid = created.json().data.uuid as string;
  const signed = await call(t, n.c.lead, 'POST', `/api/group-notes/${uuid}/sign`);
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json().data.status).toBe('awaiting_cosign');
  return uuid;
}

beforeAll(async () => {
  t = await createTestApp();
  g = await notesGroup(t, 'Review Group School');
  other = await notesGroup(t, 'Review Other School', 'O');
  supervisor = await addUser(t.app, g.c.admin.companyId, { userType: 'counselor', name: 'Supervisor Santos' });
  otherSupervisor = await addUser(t.app, other.c.admin.companyId, { userType: 'counselor', name: 'Supervisor Elsewhere' });
  noteUuid = await traineeSignsNote(g, supervisor.user.id, g.sessions[0], THEMES);
  await traineeSignsNote(other, otherSupervisor.user.id, other.sessions[0], 'OTHERTHEMES');
});
afterAll(async () => t?.close());

const queue = (by: Actor) => call(t, by, 'GET', '/api/group-notes/review-queue');

describe("a trainee's group note to review", () => {
  it('is listed to their supervisor with the group, session, author and signature, and no note text or member', async () => {
    const res = await queue(supervisor);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ uuid: noteUuid, group: { name: 'Anxiety group' }, session: { uuid: g.sessions[0], index: 1 }, author: { id: g.c.lead.user.id }, signed: { name: g.c.lead.user.name }, late_entry: false });
    for (const hidden of [THEMES, 'Amihan', 'Bituin', 'Part of']) expect(res.body).not.toContain(hidden);
  });

  it("is nobody else's: another counselor, the co-facilitator and another company's supervisor see none of it; clients and administrators are refused", async () => {
    for (const who of [g.outsider, g.c.co, g.c.lead]) {
      const res = await queue(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    const elsewhere = await queue(otherSupervisor);
    expect(elsewhere.json().data.map((n: { uuid: string }) => n.uuid)).not.toContain(noteUuid);
    expect(elsewhere.json().data).toHaveLength(1);
    expect((await queue(g.members.amihan)).statusCode).toBe(403);
    expect((await queue(g.c.admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/group-notes/review-queue' })).statusCode).toBe(401);
    // Another company's supervisor cannot open or co-sign it: it is not there for them.
    expect((await call(t, otherSupervisor, 'GET', `/api/group-notes/${noteUuid}`)).statusCode).toBe(404);
    expect((await call(t, otherSupervisor, 'POST', `/api/group-notes/${noteUuid}/cosign`)).statusCode).toBe(404);
  });

  it('opens whole for the supervisor, who co-signs it; then it leaves the list', async () => {
    const opened = await call(t, supervisor, 'GET', `/api/group-notes/${noteUuid}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ status: 'awaiting_cosign', shared: { themes: THEMES }, can: { cosign: true } });
    expect(opened.json().data.parts).toHaveLength(2);
    expect((await call(t, g.outsider, 'POST', `/api/group-notes/${noteUuid}/cosign`)).statusCode).toBe(403);
    const cosigned = await call(t, supervisor, 'POST', `/api/group-notes/${noteUuid}/cosign`);
    expect(cosigned.statusCode, cosigned.body).toBe(200);
    expect(cosigned.json().data).toMatchObject({ status: 'signed', cosigned: { name: 'Supervisor Santos' } });
    expect((await queue(supervisor)).json().data).toEqual([]);
  });
});
