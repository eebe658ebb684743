// Groups and workshops (decisions 0277, 0279): creating a group series checked against both facilitators' times,
// members, workshop sign-up until full, cancellation, the waitlist's held seat; scope and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf, slotsOf } from '../../../test/schedule/schedule-helpers';
import { createGroup, type GroupCentre, groupBody, groupCentre, postGroup, workshopCall } from '../../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
let other: GroupCentre;

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Group School', 4);
  other = await groupCentre(t, 'Other School', 1);
});
afterAll(async () => t?.close());

async function bookSingle(counselor: Actor, student: Actor, at: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: counselor.headers,
    payload: { counselor_id: counselor.user.id, student_id: student.user.id, appointment_date: at, reason: 'Single', category_id: c.categoryId, location_type: 'online' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('creating a group', () => {
  it('creates a weekly closed group whose sessions are busy times of both facilitators', async () => {
    const body = await groupBody(t, c, 3, '09:00');
    const res = await postGroup(t.app, c.lead, body);
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json().data;
    expect(group.sessions).toHaveLength(4);
    expect(group.facilitators.map((f: { name: string }) => f.name)).toEqual([c.lead.user.name, c.co.user.name]);
    expect(group.seats_taken).toBe(0);
    for (const counselor of [c.lead, c.co]) {
      const slots = await slotsOf(t.app, c.admin, counselor.user.id, daysAhead(3));
      expect(slots.json().starts.map((s: { time: string }) => s.time)).not.toContain('09:00');
    }
    // Neither facilitator can be booked alone at a session's time any more.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: c.co.headers,
      payload: { counselor_id: c.co.user.id, student_id: c.students[0].user.id, appointment_date: body.starts_at, reason: 'Single', category_id: c.categoryId, location_type: 'online' },
    });
    expect(single.statusCode).toBe(409);
  });

  it("names the session and the co-facilitator whose appointment clashes, and writes nothing", async () => {
    const body = await groupBody(t, c, 10, '11:00');
    await bookSingle(c.co, c.students[1], await instantOf(t.app, c.admin, c.co.user.id, daysAhead(24), '11:00'));
    const preview = await postGroup(t.app, c.lead, body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.blocked).toBe(1);
    expect(preview.json().data.occurrences[2].problem).toMatchObject({ code: 'taken', facilitator: c.co.user.name });
    const before = await t.db.selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await postGroup(t.app, c.lead, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Session 3 of 4');
    expect(res.json().message).toContain(c.co.user.name);
    expect(res.json().errors['occurrences.3']).toHaveLength(1);
    const after = await t.db.selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a session on a facilitator's excluded date", async () => {
    const body = await groupBody(t, c, 40, '14:00', { frequency: 'once', count: undefined });
    const ex = await t.app.inject({ method: 'POST', url: '/api/counselor/excluded-dates', headers: c.lead.headers, payload: { dates: [{ date: daysAhead(40) }] } });
    expect(ex.statusCode, ex.body).toBeLessThan(300);
    const res = await postGroup(t.app, c.lead, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('not available on this date');
  });

  it('refuses bad input with 422', async () => {
    const body = await groupBody(t, c, 50, '15:00');
    expect((await postGroup(t.app, c.lead, { ...body, capacity: 0 })).statusCode).toBe(422);
    expect((await postGroup(t.app, c.lead, { ...body, location: '' })).statusCode).toBe(422);
    expect((await postGroup(t.app, c.lead, { ...body, count: undefined })).statusCode).toBe(422);
    const notCounselor = await postGroup(t.app, c.lead, { ...body, co_facilitator_id: c.students[0].user.id });
    expect(notCounselor.statusCode).toBe(422);
    expect(notCounselor.json().errors.co_facilitator_id).toBeDefined();
    const foreignCategory = await postGroup(t.app, c.lead, { ...body, category_id: other.categoryId });
    expect(foreignCategory.json().errors.category_id).toBeDefined();
  });

  it('is for counselors only (403)', async () => {
    const body = await groupBody(t, c, 51, '15:00');
    expect((await postGroup(t.app, c.students[0], body)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/groups', headers: c.students[0].headers })).statusCode).toBe(403);
  });
});

describe('members of a closed group', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = await createGroup(t, c, await groupBody(t, c, 60, '10:00', { capacity: 2 }));
  });

  it('a facilitator adds members until the group is full; members see its sessions', async () => {
    for (const s of c.students.slice(0, 2)) {
      const res = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.co.headers, payload: { client_id: s.user.id } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const full = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: c.students[2].user.id } });
    expect(full.statusCode).toBe(409);
    const mine = await t.app.inject({ method: 'GET', url: '/api/my-group-sessions', headers: c.students[0].headers });
    expect(mine.json().data.filter((s: { group_uuid: string }) => s.group_uuid === uuid)).toHaveLength(4);
    const notMine = await t.app.inject({ method: 'GET', url: '/api/my-group-sessions', headers: c.students[2].headers });
    expect(notMine.json().data.filter((s: { group_uuid: string }) => s.group_uuid === uuid)).toHaveLength(0);
  });

  it("a member's view of the group names no other member", async () => {
    const res = await workshopCall(t.app, c.students[0], 'GET', uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(c.students[1].user.name);
    expect(res.json().data.place).toBe('member');
    // A non-member does not see the closed group at all.
    expect((await workshopCall(t.app, c.students[3], 'GET', uuid)).statusCode).toBe(404);
    expect((await workshopCall(t.app, c.students[0], 'POST', uuid, '/sign-up')).statusCode).toBe(403);
  });

  it('refuses an unknown client (422), removes a member and frees the seat', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: other.students[0].user.id } });
    expect(bad.statusCode).toBe(422);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/groups/${uuid}/members/${c.students[1].user.id}`, headers: c.lead.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.seats_taken).toBe(1);
    expect(removed.json().data.members.map((m: { id: number }) => m.id)).toEqual([c.students[0].user.id]);
  });

  it("another company's counselor, or a counselor who does not facilitate it, gets 404", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${uuid}`, headers: other.lead.headers })).statusCode).toBe(404);
    const add = await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: other.lead.headers, payload: { client_id: other.students[0].user.id } });
    expect(add.statusCode).toBe(404);
    const third = await addUser(t.app, c.admin.companyId, { userType: 'counselor' });
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${uuid}`, headers: third.headers })).statusCode).toBe(404);
    expect((await workshopCall(t.app, other.students[0], 'GET', uuid)).statusCode).toBe(404);
  });
});

describe('open workshops', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = await createGroup(t, c, await groupBody(t, c, 70, '16:00', { kind: 'workshop', capacity: 2, frequency: 'once', count: undefined, audience: 'students', location_type: 'online', location: 'https://meet.example/stress' }));
  });

  it('one-click sign-up until full, then a waitlist; a cancellation offers the seat to the first person waiting, once', async () => {
    const [a, b, w1, w2] = c.students;
    expect((await workshopCall(t.app, a, 'POST', uuid, '/sign-up')).json().data.place).toBe('member');
    expect((await workshopCall(t.app, a, 'POST', uuid, '/sign-up')).statusCode).toBe(409);
    expect((await workshopCall(t.app, b, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    const full = await workshopCall(t.app, w1, 'POST', uuid, '/sign-up');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This workshop is full; you can join the waitlist.');
    const joined = await workshopCall(t.app, w1, 'POST', uuid, '/waitlist');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.place).toBe('waiting');
    expect((await workshopCall(t.app, w2, 'POST', uuid, '/waitlist')).json().data.place).toBe('waiting');
    expect((await workshopCall(t.app, w2, 'POST', uuid, '/waitlist')).statusCode).toBe(409);

    const cancelled = await workshopCall(t.app, a, 'DELETE', uuid, '/sign-up');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.place).toBe('none');
    // The seat is held for w1: still full for anyone else, offered to w1 only.
    expect(cancelled.json().data.seats_taken).toBe(2);
    expect((await workshopCall(t.app, a, 'POST', uuid, '/sign-up')).statusCode).toBe(409);
    expect((await workshopCall(t.app, w2, 'GET', uuid)).json().data.place).toBe('waiting');
    const offered = (await workshopCall(t.app, w1, 'GET', uuid)).json().data;
    expect(offered.place).toBe('offered');
    expect(offered.offer_expires_at).not.toBeNull();
    const took = await workshopCall(t.app, w1, 'POST', uuid, '/sign-up');
    expect(took.statusCode, took.body).toBe(200);
    expect(took.json().data).toMatchObject({ place: 'member', seats_taken: 2 });
    expect(took.body).not.toContain(b.user.name);
  });

  it('an offer whose hold ran out passes to the next person waiting; letting it go does too', async () => {
    const [, b, w1, w2] = c.students;
    // b cancels: the seat is offered to w2 (the only one waiting).
    expect((await workshopCall(t.app, b, 'DELETE', uuid, '/sign-up')).statusCode).toBe(200);
    expect((await workshopCall(t.app, b, 'POST', uuid, '/waitlist')).statusCode).toBe(200);
    expect((await workshopCall(t.app, w2, 'GET', uuid)).json().data.place).toBe('offered');
    await t.db.updateTable('group_waitlist').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('client_id', '=', w2.user.id).where('status', '=', 'offered').execute();
    // The lapsed offer is closed when anyone reads the workshop, and the seat goes to b (next in line).
    expect((await workshopCall(t.app, w1, 'GET', uuid)).statusCode).toBe(200);
    expect((await workshopCall(t.app, w2, 'GET', uuid)).json().data.place).toBe('none');
    expect((await workshopCall(t.app, b, 'GET', uuid)).json().data.place).toBe('offered');
    // b lets it go: nobody else waits, so the seat is free again.
    const let_go = await workshopCall(t.app, b, 'DELETE', uuid, '/waitlist');
    expect(let_go.json().data).toMatchObject({ place: 'none', seats_taken: 1 });
  });

  it('is listed only for its audience, and is for students and personnel only', async () => {
    const personnel = await addUser(t.app, c.admin.companyId, { userType: 'personnel' });
    const list = await t.app.inject({ method: 'GET', url: '/api/workshops', headers: personnel.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((w: { uuid: string }) => w.uuid)).not.toContain(uuid);
    expect((await workshopCall(t.app, personnel, 'POST', uuid, '/sign-up')).statusCode).toBe(404);
    const studentList = await t.app.inject({ method: 'GET', url: '/api/workshops', headers: c.students[3].headers });
    expect(studentList.json().data.map((w: { uuid: string }) => w.uuid)).toContain(uuid);
    expect((await workshopCall(t.app, c.lead, 'POST', uuid, '/sign-up')).statusCode).toBe(403);
    expect((await workshopCall(t.app, other.students[0], 'POST', uuid, '/sign-up')).statusCode).toBe(404);
  });
});
