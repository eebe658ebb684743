import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { insertAppointment, insertNotification } from '../../../test/notifications/inbox-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let other: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Inbox School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carmen Counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Bea Santos' });
  other = await registerCompany(t.app, 'Other Inbox School');
});
afterAll(async () => {
  await t.close();
});

const list = (actor: Actor, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: { ...actor.headers, ...headers } });
const read = (actor: Actor, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: actor.headers, payload: payload as object });

describe('GET /api/notifications', () => {
  it("lists the user's own notifications newest first, with names joined, the unread count and pages", async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Nora Counselor' });
    const appt = await insertAppointment(t, admin.companyId, user.user.id, student.user.id);
    const first = await insertNotification(t, { companyId: admin.companyId, userId: user.user.id, appointmentId: appt.id, actorId: student.user.id, appointmentDate: appt.start });
    const second = await insertNotification(t, { companyId: admin.companyId, userId: user.user.id, kind: 'cancelled', appointmentId: appt.id, actorId: student.user.id, appointmentDate: appt.start, reason: 'Exam clash' });
    const third = await insertNotification(t, { companyId: admin.companyId, userId: user.user.id, kind: 'reminder', appointmentId: appt.id, appointmentDate: appt.start });
    // Someone else's, in the same company and in the user's name elsewhere: never listed.
    await insertNotification(t, { companyId: admin.companyId, userId: counselor.user.id });

    const res = await list(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(3);
    expect(body.has_more).toBe(false);
    expect(body.data.map((n: { id: number }) => n.id)).toEqual([third, second, first]);
    expect(body.data[1]).toEqual({
      id: second,
      kind: 'cancelled',
      appointment_uuid: appt.uuid,
      appointment_date: appt.start,
      previous_date: null,
      counselor_name: 'Nora Counselor',
      client_name: 'Bea Santos',
      actor_name: 'Bea Santos',
      reason: 'Exam clash',
      created_at: expect.any(String),
      read_at: null,
      // Not a change to a series (decision 0150).
      series_count: null,
    });
    expect(body.data[0].actor_name).toBeNull();

    const page1 = (await list(user, '?limit=2')).json();
    expect(page1.data.map((n: { id: number }) => n.id)).toEqual([third, second]);
    expect(page1.has_more).toBe(true);
    const page2 = (await list(user, `?limit=2&before=${second}`)).json();
    expect(page2.data.map((n: { id: number }) => n.id)).toEqual([first]);
    expect(page2.has_more).toBe(false);
    expect(page2.unread).toBe(3);
  });

  it('answers 304 to If-None-Match while nothing changed, and a new ETag after a new notification or a read', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const empty = await list(user);
    expect(empty.json()).toEqual({ data: [], unread: 0, has_more: false });
    const etag = empty.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await list(user, '', { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // A 304 carries no body and says nothing of one (a content-length there keeps some clients waiting for it).
    expect(same.headers['content-type']).toBeUndefined();
    expect(Number(same.headers['content-length'] ?? 0)).toBe(0);

    const id = await insertNotification(t, { companyId: admin.companyId, userId: user.user.id });
    const changed = await list(user, '', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().unread).toBe(1);
    const etag2 = changed.headers.etag as string;
    expect(etag2).not.toBe(etag);
    // Another page of the same inbox has a validator of its own.
    expect((await list(user, '?limit=5', { 'if-none-match': etag2 })).statusCode).toBe(200);

    expect((await read(user, { ids: [id] })).statusCode).toBe(204);
    const afterRead = await list(user, '', { 'if-none-match': etag2 });
    expect(afterRead.statusCode).toBe(200);
    expect(afterRead.json().unread).toBe(0);
    expect(afterRead.json().data[0].read_at).toEqual(expect.any(String));

    // Another user's new notification leaves this user's validator alone.
    await insertNotification(t, { companyId: admin.companyId, userId: counselor.user.id });
    expect((await list(user, '', { 'if-none-match': afterRead.headers.etag as string })).statusCode).toBe(304);
  });

  it('keeps the notification when its appointment is deleted, without the link', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const appt = await insertAppointment(t, admin.companyId, user.user.id, student.user.id);
    await insertNotification(t, { companyId: admin.companyId, userId: user.user.id, appointmentId: appt.id });
    const before = await list(user);
    await t.db.deleteFrom('appointments').where('id', '=', appt.id).execute();
    const after = await list(user, '', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0]).toMatchObject({ appointment_uuid: null, counselor_name: null, client_name: null });
  });

  it("shows nothing of another company's or another user's notifications", async () => {
    const mine = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    await insertNotification(t, { companyId: other.companyId, userId: other.user.id });
    await insertNotification(t, { companyId: admin.companyId, userId: student.user.id });
    expect((await list(mine)).json()).toEqual({ data: [], unread: 0, has_more: false });
    // The same user's notifications of a company they are no longer switched into stay there.
    await insertNotification(t, { companyId: other.companyId, userId: mine.user.id });
    expect((await list(mine)).json().unread).toBe(0);
    // Asking for another company's inbox is refused by membership.
    const cross = await list(mine, '', { 'x-company-id': String(other.companyId) });
    expect(cross.statusCode).toBe(403);
  });

  it('refuses bad paging with 422 and a caller without a token with 401', async () => {
    for (const query of ['?limit=0', '?limit=101', '?before=abc', '?before=-1', '?before=99999999999']) {
      const res = await list(student, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the listed ones or all of them read; others stay unread', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'student' });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await insertNotification(t, { companyId: admin.companyId, userId: user.user.id }));
    expect((await read(user, { ids: [ids[0], ids[2]] })).statusCode).toBe(204);
    const body = (await list(user)).json();
    expect(body.unread).toBe(2);
    const readIds = body.data.filter((n: { read_at: string | null }) => n.read_at !== null).map((n: { id: number }) => n.id);
    expect(readIds.sort()).toEqual([ids[0], ids[2]].sort());
    const firstReadAt = body.data.find((n: { id: number }) => n.id === ids[0]).read_at;

    expect((await read(user, { all: true })).statusCode).toBe(204);
    const after = (await list(user)).json();
    expect(after.unread).toBe(0);
    // Marking again keeps the first time it was read.
    expect(after.data.find((n: { id: number }) => n.id === ids[0]).read_at).toBe(firstReadAt);
  });

  it("changes nothing of another user's or another company's notifications, even by id", async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'student' });
    const theirs = await insertNotification(t, { companyId: admin.companyId, userId: counselor.user.id });
    const otherCompany = await insertNotification(t, { companyId: other.companyId, userId: other.user.id });
    expect((await read(user, { ids: [theirs, otherCompany] })).statusCode).toBe(204);
    expect((await read(user, { all: true })).statusCode).toBe(204);
    const rows = await t.db.selectFrom('notifications').select(['id', 'read_at']).where('id', 'in', [theirs, otherCompany]).execute();
    expect(rows.map((r) => r.read_at)).toEqual([null, null]);
  });

  it('refuses a bad body with 422 and no token with 401', async () => {
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { all: false }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await read(student, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', payload: { all: true } })).statusCode).toBe(401);
  });
});
