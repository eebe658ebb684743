// Emails about groups and workshops (decisions 0277, 0282): one invite for a closed group's series with every session
// (UID, SEQUENCE, METHOD:REQUEST), reminders before each session, a cancellation with the raised SEQUENCE
// (METHOD:CANCEL), a workshop's sign-up confirmation and its freed-seat offer; in the recipient's language, never
// naming another member. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre, workshopCall } from '../../../test/groups/group-helpers';
import { EMAIL_WRITERS } from '../../email-writers';
import { composeEmail } from '../notifications/email-registry';

let t: TestApp;
let c: GroupCentre;
const env = { publicUrl: 'https://kalinga.example', now: Date.now() };

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Email Group School', 3);
  await t.db.updateTable('settings').set({ reminder_hours_before: 24 }).where('company_id', '=', c.admin.companyId).execute();
});
afterAll(async () => t?.close());

const outbox = (recipient: Actor, kind: string) =>
  t.db.selectFrom('outbox').selectAll().where('recipient_id', '=', recipient.user.id).where('kind', '=', kind as never).orderBy('id').execute();
const compose = async (row: Awaited<ReturnType<typeof outbox>>[number]) => composeEmail(EMAIL_WRITERS[row.kind], t.db, row, env);
const addMember = (uuid: string, who: Actor) => t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/members`, headers: c.lead.headers, payload: { client_id: who.user.id } });
const sessionsOf = async (uuid: string) => {
  const g = await t.db.selectFrom('groups').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return t.db.selectFrom('group_sessions').select(['id', 'uuid', 'starts_at']).where('group_id', '=', g.id).orderBy('session_index').execute();
};

describe('emails of a closed group', () => {
  it('sends each member one invite holding every session, reminders before each, and cancellations a calendar applies', async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 3, '09:00', { count: 4, name: 'Grief circle' }));
    const [a, b] = c.students;
    await t.db.updateTable('users').set({ language: 'fil' }).where('id', '=', b.user.id).execute();
    for (const m of [a, b]) expect((await addMember(uuid, m)).statusCode).toBe(200);
    const sessions = await sessionsOf(uuid);

    const [invite] = await outbox(a, 'group_invite');
    expect(await outbox(a, 'group_invite')).toHaveLength(1);
    const mail = (await compose(invite))!;
    expect(mail.to.address).toBe(a.user.email);
    expect(mail.ics).toContain('METHOD:REQUEST');
    for (const s of sessions) expect(mail.ics).toContain(`UID:${s.uuid}@kalinga`);
    expect(mail.ics!.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(mail.ics).toContain('SEQUENCE:0');
    expect(mail.text).toContain(c.lead.user.name);
    // Nothing of the other member, and not the closed group's name (it may say why the members are there).
    for (const secret of [b.user.name, 'Grief circle']) expect(`${mail.subject}${mail.text}${mail.html}${mail.ics}`).not.toContain(secret);
    // The other member reads theirs in Filipino.
    const filipino = (await compose((await outbox(b, 'group_invite'))[0]))!;
    expect(filipino.subject).toContain('Idinagdag ka sa isang grupo');
    expect(filipino.text).not.toContain(a.user.name);

    // A reminder per session, due 24 hours before it.
    const reminders = await outbox(a, 'group_reminder');
    expect(reminders.map((r) => r.due_at)).toEqual(sessions.map((s) => new Date(Date.parse(s.starts_at) - 24 * 3_600_000).toISOString()));
    expect((await compose(reminders[0]))!.subject).toContain('Reminder');

    // One session cancelled: a CANCEL of it alone with the next SEQUENCE; its reminder is then not sent.
    expect((await t.app.inject({ method: 'POST', url: `/api/group-sessions/${sessions[1].uuid}/cancel`, headers: c.lead.headers })).statusCode).toBe(200);
    const cancel = (await compose((await outbox(a, 'group_session_cancelled'))[0]))!;
    expect(cancel.ics).toContain('METHOD:CANCEL');
    expect(cancel.ics).toContain(`UID:${sessions[1].uuid}@kalinga`);
    expect(cancel.ics).toContain('SEQUENCE:1');
    expect(cancel.ics!.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(await compose(reminders[1])).toBeUndefined();
    expect(await compose(reminders[2])).toBeDefined();

    // The whole group cancelled: every cancelled session, each a version above the invite's.
    expect((await t.app.inject({ method: 'POST', url: `/api/groups/${uuid}/cancel`, headers: c.lead.headers })).statusCode).toBe(200);
    const all = (await compose((await outbox(b, 'group_cancelled'))[0]))!;
    expect(all.ics!.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(all.ics).not.toContain('SEQUENCE:0');
    expect(all.subject).toBe('Kinansela ang grupo');
    expect(await compose(reminders[2])).toBeUndefined();
  });

  it('sends a member who was removed no more reminders', async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 4, '11:00', { count: 2 }));
    const m = c.students[2];
    expect((await addMember(uuid, m)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${uuid}/members/${m.user.id}`, headers: c.lead.headers })).statusCode).toBe(200);
    for (const r of await outbox(m, 'group_reminder')) expect(await compose(r)).toBeUndefined();
  });
});

describe('emails of a workshop', () => {
  it("confirms a sign-up with the workshop's sessions, and emails the freed seat to the first person waiting", async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 5, '14:00', { kind: 'workshop', capacity: 1, frequency: 'once', count: undefined, name: 'Exam stress workshop', location_type: 'online', location: 'https://meet.example/w' }));
    const [first, , waiting] = c.students;
    expect((await workshopCall(t.app, first, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    const signup = (await compose((await outbox(first, 'workshop_signup'))[0]))!;
    expect(signup.subject).toBe('You are signed up: Exam stress workshop');
    expect(signup.ics).toContain('METHOD:REQUEST');
    expect((await workshopCall(t.app, waiting, 'POST', uuid, '/waitlist')).statusCode).toBe(200);
    expect(await outbox(waiting, 'workshop_offer')).toHaveLength(0);
    expect((await workshopCall(t.app, first, 'DELETE', uuid, '/sign-up')).statusCode).toBe(200);
    const offers = await outbox(waiting, 'workshop_offer');
    expect(offers).toHaveLength(1);
    const offer = (await compose(offers[0]))!;
    expect(offer.subject).toBe('A seat is held for you: Exam stress workshop');
    expect(offer.text).toContain('held for you until');
    expect(offer.text).not.toContain(first.user.name);
    // Once taken, the offer's email (if not sent yet) has nothing left to tell.
    expect((await workshopCall(t.app, waiting, 'POST', uuid, '/sign-up')).statusCode).toBe(200);
    expect(await compose(offers[0])).toBeUndefined();
  });
});

describe('the Deliveries list (decision 0376)', () => {
  it("names no one a group's email goes to: who is in a closed group is in treatment", async () => {
    const member = await addUser(t.app, c.admin.companyId, { userType: 'student', name: 'Quiet Member' });
    const uuid = await createGroup(t, c, await groupBody(t, c, 12, '15:00', { count: 2, name: 'Panic support' }));
    expect((await addMember(uuid, member)).statusCode).toBe(200);
    const [invite] = await outbox(member, 'group_invite');
    await t.db.updateTable('outbox').set({ status: 'failed', last_error: `550 5.1.1 <${member.user.email}>: Recipient address rejected` }).where('id', '=', invite.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/deliveries?limit=200', headers: c.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { kind: string; recipient_name: string | null; recipient_email: string | null; last_error: string | null }[];
    const groupRows = rows.filter((r) => r.kind.startsWith('group_'));
    expect(groupRows.length).toBeGreaterThan(0);
    expect(groupRows.map((r) => [r.recipient_name, r.recipient_email])).toEqual(groupRows.map(() => [null, null]));
    expect(rows.find((r) => r.kind === 'group_invite' && r.last_error !== null)).toMatchObject({ last_error: '550 5.1.1 <…>: Recipient address rejected' });
    expect(res.body).not.toContain(member.user.email);
    expect(res.body).not.toContain('Quiet Member');
  });

  it("takes the address out of a mail server's refusal whatever its case: a server may echo it upper-cased", async () => {
    const member = await addUser(t.app, c.admin.companyId, { userType: 'student', name: 'Shouted Member' });
    const uuid = await createGroup(t, c, await groupBody(t, c, 13, '15:00', { count: 2, name: 'Grief support' }));
    expect((await addMember(uuid, member)).statusCode).toBe(200);
    const [invite] = await outbox(member, 'group_invite');
    const shouted = member.user.email.toUpperCase();
    await t.db.updateTable('outbox').set({ status: 'failed', last_error: `550 <${shouted}>: unknown user ${member.user.email}` }).where('id', '=', invite.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/deliveries?status=failed&limit=200', headers: c.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().data as { id: number; last_error: string | null }[]).find((r) => r.id === invite.id);
    expect(row?.last_error).toBe('550 <…>: unknown user …');
  });
});
