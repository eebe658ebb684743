import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre, postGroup } from '../../../test/groups/group-helpers';

// Running a group is clinical (decision 0340): its members, whether they were screened and who came are client
// content, so a counselor by type or by role alone, without clinical access, neither runs a group nor takes its
// attendance, even when made its facilitator; nor may they be named its co-facilitator. (SQLite, and PostgreSQL
// with DATABASE_URL.)

let t: TestApp;
let c: GroupCentre;
let other: GroupCentre;
let uuid: string;
let session: string;
let adminCounselor: Actor;
let roleCounselor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Clinician School', 2);
  other = await groupCentre(t, 'Other Clinician School', 1);
  uuid = await createGroup(t, c, await groupBody(t, c, 5, '10:00', { capacity: 4, count: 2 }));
  const added = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: c.students[0].user.id } });
  expect(added.statusCode, added.body).toBe(200);
  session = added.json().data.sessions[0].uuid;
  // An administrator typed counselor (no clinical permission) and a personnel user holding the counselor role.
  adminCounselor = await addUser(t.app, c.admin.companyId, { userType: 'counselor', roles: ['admin'], name: 'Admin Typed Counselor' });
  roleCounselor = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: ['counselor'], name: 'Role Only Counselor' });
});
afterAll(async () => t?.close());

const call = (by: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, headers: by.headers, payload: payload as object });

describe('running a group needs a clinician (decision 0340)', () => {
  it('a counselor by type or role alone gets 403 on every route that runs a group, even as its facilitator, and sees no member', async () => {
    // Held: attendance is taken once a session has started.
    await t.db.updateTable('group_sessions').set({ starts_at: new Date(Date.now() - 86_400_000).toISOString() }).where('uuid', '=', session).execute();
    for (const actor of [adminCounselor, roleCounselor]) {
      await t.db.updateTable('groups').set({ co_facilitator_id: actor.user.id }).where('uuid', '=', uuid).execute();
      const routes: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['preview', 'POST', '/api/groups/preview', await groupBody(t, c, 9, '11:00', { co_facilitator_id: null })],
        ['create', 'POST', '/api/groups', await groupBody(t, c, 9, '11:00', { co_facilitator_id: null })],
        ['list', 'GET', '/api/groups'],
        ['group', 'GET', `/api/groups/${uuid}`],
        ['add member', 'POST', `/api/groups/${uuid}/members`, { client_id: c.students[1].user.id }],
        ['remove member', 'DELETE', `/api/groups/${uuid}/members/${c.students[0].user.id}`],
        ['attendance', 'GET', `/api/group-sessions/${session}/attendance`],
        ['record attendance', 'PUT', `/api/group-sessions/${session}/attendance`, { entries: [{ client_id: c.students[0].user.id, outcome: 'present' }] }],
        ['cancel session', 'POST', `/api/group-sessions/${session}/cancel`],
        ['cancel group', 'POST', `/api/groups/${uuid}/cancel`],
      ];
      for (const [what, method, url, body] of routes) {
        const res = await call(actor, method, url, body);
        expect(res.statusCode, `${actor.user.name}: ${what}`).toBe(403);
        expect(res.body, `${actor.user.name}: ${what}`).not.toContain(c.students[0].user.name);
      }
    }
    await t.db.updateTable('groups').set({ co_facilitator_id: c.co.user.id }).where('uuid', '=', uuid).execute();
    // Nothing changed: the member is still in, nobody was recorded, the group and its session still run.
    const group = await call(c.lead, 'GET', `/api/groups/${uuid}`);
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().data.members.map((m: { id: number }) => m.id)).toEqual([c.students[0].user.id]);
    expect(group.json().data.sessions.map((s: { status: string }) => s.status)).toEqual(['scheduled', 'scheduled']);
    const attendance = await call(c.co, 'GET', `/api/group-sessions/${session}/attendance`);
    expect(attendance.statusCode, attendance.body).toBe(200);
    expect(attendance.json().data.rows).toEqual([{ client_id: c.students[0].user.id, name: c.students[0].user.name, outcome: null }]);
  });

  it('a clinician facilitator takes the attendance; another company\'s clinician gets 404; bad input is 422', async () => {
    const ok = await call(c.co, 'PUT', `/api/group-sessions/${session}/attendance`, { entries: [{ client_id: c.students[0].user.id, outcome: 'present' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.rows[0].outcome).toBe('present');
    expect((await call(other.lead, 'GET', `/api/group-sessions/${session}/attendance`)).statusCode).toBe(404);
    expect((await call(other.lead, 'GET', `/api/groups/${uuid}`)).statusCode).toBe(404);
    expect((await call(c.co, 'PUT', `/api/group-sessions/${session}/attendance`, { entries: [{ client_id: c.students[0].user.id, outcome: 'asleep' }] })).statusCode).toBe(422);
  });

  it('names only a clinician as co-facilitator', async () => {
    for (const actor of [adminCounselor, roleCounselor]) {
      const res = await postGroup(t.app, c.lead, await groupBody(t, c, 12, '14:00', { co_facilitator_id: actor.user.id }), true);
      expect(res.statusCode, actor.user.name).toBe(422);
      expect(res.json().errors.co_facilitator_id).toEqual(['The co-facilitator must be another counselor of the centre.']);
    }
    const res = await postGroup(t.app, c.lead, await groupBody(t, c, 12, '14:00', { co_facilitator_id: c.co.user.id }), true);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the co-facilitator picker (decision 0352)', () => {
  it("offers only the centre's other active clinicians, and the server takes no one it does not offer", async () => {
    const inactive = await addUser(t.app, c.admin.companyId, { userType: 'counselor', name: 'Inactive Clinician' });
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', inactive.user.id).execute();
    const res = await call(c.lead, 'GET', '/api/groups/co-facilitators');
    expect(res.statusCode, res.body).toBe(200);
    // Not the caller, not a counselor by type or role alone, not an inactive clinician, not another centre's.
    expect(res.json().data).toEqual([{ id: c.co.user.id, name: c.co.user.name }]);
    const fromOther = await call(other.lead, 'GET', '/api/groups/co-facilitators');
    expect(fromOther.json().data).toEqual([{ id: other.co.user.id, name: other.co.user.name }]);

    for (const refused of [inactive, other.co]) {
      const create = await postGroup(t.app, c.lead, await groupBody(t, c, 13, '14:00', { co_facilitator_id: refused.user.id }), true);
      expect(create.statusCode, refused.user.name).toBe(422);
      expect(create.json().errors.co_facilitator_id).toEqual(['The co-facilitator must be another counselor of the centre.']);
    }
  });

  it("is a clinician's list: 403 for a counselor by type or role alone and for a client, 401 signed out", async () => {
    for (const actor of [adminCounselor, roleCounselor, c.students[0]]) {
      expect((await call(actor, 'GET', '/api/groups/co-facilitators')).statusCode, actor.user.name).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/groups/co-facilitators' })).statusCode).toBe(401);
  });
});
