// A facilitator cancels one session or a whole group (decision 0282): a conditional update each, the members told by
// an in-app notice that names the group and the time and no other member; scope and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
let other: GroupCentre;

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Cancel School', 3);
  other = await groupCentre(t, 'Cancel Other School', 1);
});
afterAll(async () => t?.close());

const post = (by: Actor, url: string) => t.app.inject({ method: 'POST', url, headers: by.headers });

/** A weekly closed group of four sessions with the first two students as members; its uuid and sessions. */
async function groupWithMembers(days: number, time: string, name: string) {
  const uuid = await createGroup(t, c, await groupBody(t, c, days, time, { name }));
  for (const s of c.students.slice(0, 2)) {
    const res = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: s.user.id } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const detail = await t.app.inject({ method: 'GET', url: `/api/groups/${uuid}`, headers: c.lead.headers });
  return { uuid, sessions: detail.json().data.sessions as { uuid: string; starts_at: string; status: string }[] };
}

const noticesOf = (userId: number) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', 'in', ['group_cancelled', 'group_session_cancelled']).orderBy('id').execute();

describe('cancelling a group session', () => {
  it('the co-facilitator cancels one session; each member is told once, a second cancel is 409', async () => {
    const { uuid, sessions } = await groupWithMembers(8, '09:00', 'Exam Stress Circle');
    const res = await post(c.co, `/api/group-sessions/${sessions[1].uuid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sessions_cancelled: 1, members_told: 2 });
    for (const s of c.students.slice(0, 2)) {
      const notices = await noticesOf(s.user.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ kind: 'group_session_cancelled', company_id: c.admin.companyId, actor_id: c.co.user.id, appointment_date: sessions[1].starts_at, reason: 'Exam Stress Circle', appointment_id: null });
      // The member's bell lists it (the inbox knows the kind).
      const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: s.headers });
      expect(inbox.statusCode, inbox.body).toBe(200);
      expect(JSON.stringify(inbox.json())).toContain('group_session_cancelled');
      // Nothing in it names the other member.
      const otherMember = c.students.find((o) => o.user.id !== s.user.id && c.students.indexOf(o) < 2)!;
      expect(JSON.stringify(inbox.json())).not.toContain(otherMember.user.name);
    }
    expect(await noticesOf(c.students[2].user.id)).toHaveLength(0);
    const again = await post(c.lead, `/api/group-sessions/${sessions[1].uuid}/cancel`);
    expect(again.statusCode).toBe(409);
    expect((await noticesOf(c.students[0].user.id))).toHaveLength(1);
    const detail = await t.app.inject({ method: 'GET', url: `/api/groups/${uuid}`, headers: c.lead.headers });
    expect(detail.json().data.sessions.map((s: { status: string }) => s.status)).toEqual(['scheduled', 'cancelled', 'scheduled', 'scheduled']);
  });

  it('refuses a session that has started (409), a student (403), a counselor who does not facilitate it and another company (404), a bad id (422)', async () => {
    const { sessions } = await groupWithMembers(9, '10:00', 'Started Group');
    await t.db.updateTable('group_sessions').set({ starts_at: new Date(Date.now() - 60_000).toISOString() }).where('uuid', '=', sessions[0].uuid).execute();
    expect((await post(c.lead, `/api/group-sessions/${sessions[0].uuid}/cancel`)).statusCode).toBe(409);
    expect((await post(c.students[0], `/api/group-sessions/${sessions[2].uuid}/cancel`)).statusCode).toBe(403);
    const outsider = await addUser(t.app, c.admin.companyId, { userType: 'counselor' });
    expect((await post(outsider, `/api/group-sessions/${sessions[2].uuid}/cancel`)).statusCode).toBe(404);
    expect((await post(other.lead, `/api/group-sessions/${sessions[2].uuid}/cancel`)).statusCode).toBe(404);
    expect((await post(c.lead, `/api/group-sessions/${'x'.repeat(65)}/cancel`)).statusCode).toBe(422);
    const still = await t.db.selectFrom('group_sessions').select('status').where('uuid', '=', sessions[2].uuid).executeTakeFirstOrThrow();
    expect(still.status).toBe('scheduled');
  });
});

describe('cancelling a whole group', () => {
  it('cancels the sessions to come, keeps a held one, tells each member once from the first session cancelled; both facilitators at once cancel it once', async () => {
    const { uuid, sessions } = await groupWithMembers(12, '11:00', 'Grief Circle');
    await t.db.updateTable('group_sessions').set({ starts_at: new Date(Date.now() - 3_600_000).toISOString() }).where('uuid', '=', sessions[0].uuid).execute();
    const [a, b] = await Promise.all([post(c.lead, `/api/groups/${uuid}/cancel`), post(c.co, `/api/groups/${uuid}/cancel`)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json().data).toEqual({ sessions_cancelled: 3, members_told: 2 });
    const notices = await noticesOf(c.students[0].user.id);
    expect(notices.filter((n) => n.reason === 'Grief Circle')).toEqual([expect.objectContaining({ kind: 'group_cancelled', appointment_date: sessions[1].starts_at })]);
    const rows = await t.db.selectFrom('group_sessions').innerJoin('groups', 'groups.id', 'group_sessions.group_id').select(['group_sessions.status', 'groups.status as group_status']).where('groups.uuid', '=', uuid).orderBy('session_index').execute();
    expect(rows.map((r) => r.status)).toEqual(['scheduled', 'cancelled', 'cancelled', 'cancelled']);
    expect(rows[0].group_status).toBe('cancelled');
    // A cancelled group is gone from the facilitators' list and from its members' workshops.
    const list = await t.app.inject({ method: 'GET', url: '/api/groups', headers: c.lead.headers });
    expect(list.json().data.map((g: { uuid: string }) => g.uuid)).not.toContain(uuid);
    expect((await post(c.lead, `/api/groups/${uuid}/cancel`)).statusCode).toBe(404);
  });

  it('refuses a student (403), another company (404), a bad id (422)', async () => {
    const { uuid } = await groupWithMembers(14, '13:00', 'Kept Group');
    expect((await post(c.students[0], `/api/groups/${uuid}/cancel`)).statusCode).toBe(403);
    expect((await post(other.lead, `/api/groups/${uuid}/cancel`)).statusCode).toBe(404);
    expect((await post(c.lead, `/api/groups/${'x'.repeat(65)}/cancel`)).statusCode).toBe(422);
    const g = await t.db.selectFrom('groups').select('status').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(g.status).toBe('active');
  });
});
