// What a group's facilitators read (decision 0312) and who reaches group notes at all (decision 0313): a facilitator
// reads the group's note (the shared part and each present member's part), every read recorded per member, and
// nothing else of a member's record unless in their care team for another reason; a counselor by type or role who
// is not a clinician reaches no group note; the supervisor a trainee's note names reads it, on the record.
import { randomUUID } from 'node:crypto';
import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { contactNote, draft } from '../../../test/case-notes/case-notes-helpers';
import { referTo } from '../../../test/client-record/client-access-helpers';
import { call, noteBody, type NotesGroup, notesGroup } from '../../../test/groups/group-note-helpers';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { answers, submit } from '../../../test/screening/screening-helpers';

let t: TestApp;
let g: NotesGroup;
let carer: Actor;
let supervisor: Actor;
let noteUuid: string;
let caseNoteUuid: string;

const A_PART = 'AMIHANGROUPPART slept better';
const B_PART = 'BITUINGROUPPART spoke first';

/** The access-log rows a viewer left, oldest first. */
const rowsOf = (db: DB, viewerId: number) => db.selectFrom('client_access_log').select(['client_id', 'kind', 'via']).where('viewer_id', '=', viewerId).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  g = await notesGroup(t, 'Facilitator Scope School');
  const { amihan, bituin } = g.members;
  const companyId = g.c.admin.companyId;
  // Amihan's individual counselor (a referral puts them in her care team) writes a case note; she answers a screening.
  carer = await addUser(t.app, companyId, { userType: 'counselor', name: 'Carer Scope' });
  await referTo(t.db, companyId, carer.user.id, amihan.user.id);
  expect((await submit(t.app, amihan, answers(2, 2))).statusCode).toBe(201);
  caseNoteUuid = await draft(t.app, carer, amihan.user.id, contactNote(new Date().toISOString().slice(0, 10), { sections: { text: 'INDIVIDUALNOTE private words' } }));
  expect((await call(t, carer, 'POST', `/api/case-notes/${caseNoteUuid}/sign`)).statusCode).toBe(200);
  // The lead writes and signs the group note of the first session.
  const created = await call(t, g.c.lead, 'POST', `/api/group-sessions/${g.sessions[0]}/note`, noteBody([{ client_id: amihan.user.id, text: A_PART }, { client_id: bituin.user.id, text: B_PART }]));
  expect(created.statusCode, created.body).toBe(201);
  noteUuid = created.json().data.uuid;
  expect((await call(t, g.c.lead, 'POST', `/api/group-notes/${noteUuid}/sign`)).statusCode).toBe(200);
  supervisor = await addUser(t.app, companyId, { userType: 'counselor', name: 'Supervisor Scope' });
});
afterAll(async () => t?.close());

describe("a group facilitator reads the group's content, not the member's record (decision 0312)", () => {
  it('reads the whole group note, and each read is one access-log row per member, by the group right', async () => {
    const { amihan, bituin } = g.members;
    const before = (await rowsOf(t.db, g.c.co.user.id)).length;
    const res = await call(t, g.c.co, 'GET', `/api/group-notes/${noteUuid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.parts.map((p: { text: string }) => p.text)).toEqual([A_PART, B_PART]);
    const rows = (await rowsOf(t.db, g.c.co.user.id)).slice(before);
    expect(rows).toEqual([
      // The log tells the group's facilitator from a member's care team (decision 0340).
      { client_id: amihan.user.id, kind: 'case_notes', via: 'group_facilitator' },
      { client_id: bituin.user.id, kind: 'case_notes', via: 'group_facilitator' },
    ]);
    const session = await call(t, g.c.lead, 'GET', `/api/group-sessions/${g.sessions[0]}/note`);
    expect(session.statusCode).toBe(200);
    expect(session.body).toContain(A_PART);
    const leadRows = await rowsOf(t.db, g.c.lead.user.id);
    expect(leadRows.filter((r) => r.client_id === amihan.user.id && r.kind === 'case_notes').length).toBeGreaterThanOrEqual(3); // write, sign, read
    expect(new Set(leadRows.map((r) => r.via))).toEqual(new Set(['group_facilitator']));
  });

  it("gets 403 on the member's screenings, individual case notes, group-notes list and client file, and is not handed them in My clients", async () => {
    const { amihan } = g.members;
    const before = (await rowsOf(t.db, g.c.lead.user.id)).length;
    for (const url of [
      `/api/clients/${amihan.user.id}/screenings`,
      `/api/clients/${amihan.user.id}/case-notes`,
      `/api/case-notes/${caseNoteUuid}`,
      `/api/clients/${amihan.user.id}/group-notes`,
      `/api/clients/${amihan.user.id}/file`,
    ]) {
      const res = await call(t, g.c.lead, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(CARE_TEAM_ONLY);
      expect(res.body).not.toContain('INDIVIDUALNOTE');
    }
    const mine = await call(t, g.c.lead, 'GET', '/api/clients/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((c: { id: number }) => c.id)).not.toContain(amihan.user.id);
    // A refused read leaves no row.
    expect((await rowsOf(t.db, g.c.lead.user.id)).length).toBe(before);
    // The member's own care team still reads all of it.
    expect((await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/screenings`)).statusCode).toBe(200);
    expect((await call(t, carer, 'GET', `/api/clients/${amihan.user.id}/group-notes`)).body).toContain(A_PART);
  });

  it('a facilitator who is in the care team for another reason reads the record too', async () => {
    const { amihan } = g.members;
    await referTo(t.db, g.c.admin.companyId, g.c.co.user.id, amihan.user.id);
    expect((await call(t, g.c.co, 'GET', `/api/clients/${amihan.user.id}/screenings`)).statusCode).toBe(200);
    expect((await call(t, g.c.co, 'GET', `/api/case-notes/${caseNoteUuid}`)).body).toContain('INDIVIDUALNOTE');
    // …but not Bituin's, whose care team they are not in.
    expect((await call(t, g.c.co, 'GET', `/api/clients/${g.members.bituin.user.id}/group-notes`)).statusCode).toBe(403);
  });
});

describe('group notes are clinical: a counselor by type or role alone reaches none (decision 0313)', () => {
  it('an administrator typed counselor and a personnel user holding the counselor role, made facilitators, get 403 on every group-note route', async () => {
    const companyId = g.c.admin.companyId;
    const adminCounselor = await addUser(t.app, companyId, { userType: 'counselor', roles: ['admin'], name: 'Admin Typed Counselor' });
    const roleCounselor = await addUser(t.app, companyId, { userType: 'personnel', roles: ['counselor'], name: 'Role Only Counselor' });
    const session = g.sessions[1];
    for (const actor of [adminCounselor, roleCounselor]) {
      await t.db.updateTable('groups').set({ co_facilitator_id: actor.user.id }).where('uuid', '=', g.group).execute();
      const routes: [string, 'GET' | 'POST', string, unknown?][] = [
        ['session note', 'GET', `/api/group-sessions/${session}/note`],
        ['new note', 'POST', `/api/group-sessions/${session}/note`, noteBody([{ client_id: g.members.amihan.user.id, text: 'x' }])],
        ['note', 'GET', `/api/group-notes/${noteUuid}`],
        ['addendum', 'POST', `/api/group-notes/${noteUuid}/addenda`, { uuid: randomUUID(), body: 'x', client_id: null }],
        ['member list', 'GET', `/api/clients/${g.members.amihan.user.id}/group-notes`],
        ['review queue', 'GET', '/api/case-notes/review-queue'],
      ];
      for (const [what, method, url, body] of routes) {
        const res = await call(t, actor, method, url, body);
        expect(res.statusCode, `${actor.user.name}: ${what}`).toBe(403);
        expect(res.body, `${actor.user.name}: ${what}`).not.toContain('Amihan');
      }
      expect(await rowsOf(t.db, actor.user.id)).toEqual([]);
    }
    await t.db.updateTable('groups').set({ co_facilitator_id: g.c.co.user.id }).where('uuid', '=', g.group).execute();
  });
});

describe("the supervisor a trainee's group note names", () => {
  it('reads and co-signs it, each read recorded via supervisor; the member record stays closed to them', async () => {
    const { amihan, bituin } = g.members;
    await t.db.updateTable('users').set({ is_trainee: 1, clinical_supervisor_id: supervisor.user.id }).where('id', '=', g.c.co.user.id).execute();
    const created = await call(t, g.c.co, 'POST', `/api/group-sessions/${g.sessions[1]}/note`, noteBody([{ client_id: amihan.user.id, text: A_PART }, { client_id: bituin.user.id, text: B_PART }]));
    expect(created.statusCode, created.body).toBe(201);
    const uuid = created.json().data.uuid as string;
    const signed = await call(t, g.c.co, 'POST', `/api/group-notes/${uuid}/sign`);
    expect(signed.json().data.status).toBe('awaiting_cosign');

    const read = await call(t, supervisor, 'GET', `/api/group-notes/${uuid}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.parts).toHaveLength(2);
    const cosigned = await call(t, supervisor, 'POST', `/api/group-notes/${uuid}/cosign`);
    expect(cosigned.statusCode, cosigned.body).toBe(200);
    const rows = await rowsOf(t.db, supervisor.user.id);
    expect(rows).toEqual([
      { client_id: amihan.user.id, kind: 'case_notes', via: 'supervisor' },
      { client_id: bituin.user.id, kind: 'case_notes', via: 'supervisor' },
      { client_id: amihan.user.id, kind: 'case_notes', via: 'supervisor' },
      { client_id: bituin.user.id, kind: 'case_notes', via: 'supervisor' },
    ]);
    expect((await call(t, supervisor, 'GET', `/api/group-notes/${noteUuid}`)).statusCode).toBe(403); // not the one it waits for
    expect((await call(t, supervisor, 'GET', `/api/clients/${bituin.user.id}/screenings`)).statusCode).toBe(403);
  });
});
