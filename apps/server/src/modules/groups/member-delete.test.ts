// Deleting a client who is in groups (decision 0299): their seats and waitlist places end as their own cancellation
// would end them (a closed group's seat comes back, a workshop's goes to the first person waiting, a held seat is
// passed on), and a client with group attendance on record is kept, as one with appointments is. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre, workshopCall } from '../../../test/groups/group-helpers';
import { en } from '../../i18n/en';
import { fil } from '../../i18n/fil';
import { ATTENDED_GROUPS } from '../users/users.service';
import { EMAIL_WRITERS } from '../../email-writers';
import { composeEmail } from '../notifications/email-registry';

let t: TestApp;
let c: GroupCentre;

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Member Delete School', 4);
});
afterAll(async () => t?.close());

const del = (id: number, language?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: language ? { ...c.admin.headers, 'accept-language': language } : c.admin.headers });
const addMember = (uuid: string, who: Actor) => t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: who.user.id } });
const group = (uuid: string) => t.db.selectFrom('groups').select(['id', 'seats_taken']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
const places = async (uuid: string) => {
  const g = await group(uuid);
  const members = await t.db.selectFrom('group_members').select(['client_id', 'status']).where('group_id', '=', g.id).orderBy('client_id').execute();
  const line = await t.db.selectFrom('group_waitlist').select(['client_id', 'status']).where('group_id', '=', g.id).orderBy('id').execute();
  return { seats: g.seats_taken, members, line };
};
const student = (name: string) => addUser(t.app, c.admin.companyId, { userType: 'student', name });

describe('deleting a client who is in groups', () => {
  it("gives a closed group's seat back and removes the membership with the account", async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 4, '09:00', { capacity: 3, count: 2 }));
    const [keep, leaving] = [c.students[0], await student('Leaving Member')];
    for (const s of [keep, leaving]) expect((await addMember(uuid, s)).statusCode).toBe(200);
    expect((await places(uuid)).seats).toBe(2);
    const res = await del(leaving.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await places(uuid)).toEqual({ seats: 1, members: [{ client_id: keep.user.id, status: 'active' }], line: [] });
    expect(await t.db.selectFrom('users').select('id').where('id', '=', leaving.user.id).executeTakeFirst()).toBeUndefined();
  });

  it("offers a deleted participant's workshop seat to the first person waiting, and passes a deleted person's held seat on", async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 5, '10:00', { kind: 'workshop', capacity: 1, frequency: 'once', count: undefined, location_type: 'online', location: 'https://meet.example/d' }));
    const [seated, first, second] = [await student('Seated'), await student('First Waiting'), await student('Second Waiting')];
    expect((await workshopCall(t.app, seated, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    for (const w of [first, second]) expect((await workshopCall(t.app, w, 'POST', uuid, '/waitlist')).statusCode).toBe(200);
    expect((await del(seated.user.id)).statusCode).toBe(200);
    expect(await places(uuid)).toEqual({ seats: 1, members: [], line: [{ client_id: first.user.id, status: 'offered' }, { client_id: second.user.id, status: 'waiting' }] });
    // The one holding the seat leaves the centre: the seat is held for the next, and the count stays right.
    expect((await del(first.user.id)).statusCode).toBe(200);
    expect(await places(uuid)).toEqual({ seats: 1, members: [], line: [{ client_id: second.user.id, status: 'offered' }] });
    // The last one waiting leaves too: nobody is left to hold it for, so the seat is free again.
    expect((await del(second.user.id)).statusCode).toBe(200);
    expect(await places(uuid)).toEqual({ seats: 0, members: [], line: [] });
  });

  it("emails the freed seat's offer to the next person waiting, as any freed seat is (decision 0321)", async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 5, '14:00', { kind: 'workshop', name: 'Deleted Seat Workshop', capacity: 1, frequency: 'once', count: undefined, location_type: 'online', location: 'https://meet.example/e' }));
    const [seated, first, second] = [await student('Seated Mail'), await student('First Mail'), await student('Second Mail')];
    expect((await workshopCall(t.app, seated, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    for (const w of [first, second]) expect((await workshopCall(t.app, w, 'POST', uuid, '/waitlist')).statusCode).toBe(200);
    const offersTo = (who: Actor) => t.db.selectFrom('outbox').select(['id', 'status']).where('kind', '=', 'workshop_offer').where('recipient_id', '=', who.user.id).execute();
    expect(await offersTo(first)).toHaveLength(0);
    expect((await del(seated.user.id)).statusCode).toBe(200);
    const offers = await offersTo(first);
    expect(offers).toHaveLength(1);
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', offers[0].id).executeTakeFirstOrThrow();
    const message = await composeEmail(EMAIL_WRITERS.workshop_offer, t.db, row, { publicUrl: 'https://care.example.test', now: Date.now() });
    expect(message?.subject).toBe('A seat is held for you: Deleted Seat Workshop');
    expect(message?.text).not.toContain('Seated Mail');
    // The one it was held for leaves the centre too: the next person is emailed in turn.
    expect((await del(first.user.id)).statusCode).toBe(200);
    expect(await offersTo(second)).toHaveLength(1);
  });

  it('keeps a member with group attendance on record (409 that says why, in English and Filipino) and changes nothing', async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 6, '11:00', { capacity: 4, count: 2 }));
    const member = await student('Attended Member');
    expect((await addMember(uuid, member)).statusCode).toBe(200);
    const session = await t.db.selectFrom('group_sessions').select(['id', 'uuid']).where('group_id', '=', (await group(uuid)).id).orderBy('session_index').executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await t.db.updateTable('group_sessions').set({ starts_at: past, local_date: past.slice(0, 10) }).where('id', '=', session.id).execute();
    const put = await t.app.inject({ method: 'PUT', url: `/api/group-sessions/${session.uuid}/attendance`, headers: c.lead.headers, payload: { entries: [{ client_id: member.user.id, outcome: 'present' }] } });
    expect(put.statusCode, put.body).toBe(200);
    const before = await places(uuid);
    const res = await del(member.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ATTENDED_GROUPS);
    expect(en['users.attendedGroups']).toBe(ATTENDED_GROUPS);
    expect((await del(member.user.id, 'fil')).json().message).toBe(fil['users.attendedGroups']);
    expect(await places(uuid)).toEqual(before);
    expect(await t.db.selectFrom('group_attendance').select('outcome').where('client_id', '=', member.user.id).execute()).toEqual([{ outcome: 'present' }]);
  });

  it('ends the places of a client who stays a member of another company, in this company only', async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 7, '13:00', { capacity: 4, count: 2 }));
    const member = await student('Two Homes Member');
    const elsewhere = await registerCompany(t.app, 'Member Second Home');
    await t.db.insertInto('company_user').values({ company_id: elsewhere.companyId, user_id: member.user.id, is_default: 0, created_at: new Date().toISOString() }).execute();
    expect((await addMember(uuid, member)).statusCode).toBe(200);
    expect((await del(member.user.id)).statusCode).toBe(200);
    expect(await places(uuid)).toEqual({ seats: 0, members: [{ client_id: member.user.id, status: 'cancelled' }], line: [] });
    expect(await t.db.selectFrom('users').select('id').where('id', '=', member.user.id).executeTakeFirst()).toBeDefined();
    // Another company cannot delete the member at all.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${c.students[1].user.id}`, headers: elsewhere.headers })).statusCode).toBe(404);
  });
});
