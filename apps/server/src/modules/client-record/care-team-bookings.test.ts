import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRows } from '../../../test/client-record/client-access-helpers';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../../../test/schedule/schedule-helpers';
import { answers, submit } from '../../../test/screening/screening-helpers';
import { EMAIL_WRITERS } from '../../email-writers';
import { composeEmail } from '../notifications/email-registry';

// Decision 0369: a counselor's own booking, cancelled before it was ever confirmed or took place, no longer puts them
// in the client's care team; joining a client's care team by one's own booking is told to the privacy officers (with
// none, to the other administrators and clinicians). Booked by the client or someone else, confirmed, or held, an
// appointment keeps its counselor in the care team. Tried through the API only.

let t: TestApp;
let admin: Actor;
let colleague: Actor;
let categoryId: number;
let dayCounter = 3;

const counselorNamed = async (name: string) => {
  const c = await addUser(t.app, admin.companyId, { userType: 'counselor', name });
  await setWeek(t.app, c);
  return c;
};
/** A client who answered the intake; personnel book for themselves (students only where the centre lets them). */
const screenedStudent = async (name: string, userType: 'student' | 'personnel' = 'student') => {
  const s = await addUser(t.app, admin.companyId, { userType, name });
  expect((await submit(t.app, s, answers(2, 2))).statusCode).toBe(201);
  return s;
};

async function send(actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload && { payload }) });
}

/** Books `counselor` with `client` at 10:00 on a fresh day, as `by` (the counselor, the client or a manager). */
async function book(by: Actor, counselor: Actor, client: Actor): Promise<string> {
  const at = await instantOf(t.app, by, counselor.user.id, daysAhead(dayCounter++), '10:00');
  const body = { counselor_id: counselor.user.id, appointment_date: at, reason: 'Check-in', category_id: categoryId, location_type: 'online', ...(by.user.id !== client.user.id && { student_id: client.user.id }) };
  const res = await send(by, 'POST', '/api/appointments', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { uuid: string } }).data.uuid;
}

async function setStatus(actor: Actor, uuid: string, status: string): Promise<void> {
  const res = await send(actor, 'PUT', `/api/appointments/${uuid}`, { status });
  expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
}

/** What the single read and the list filter say of the counselor and the client: they must agree. */
async function reads(counselor: Actor, client: Actor): Promise<boolean> {
  const single = await send(counselor, 'GET', `/api/clients/${client.user.id}/screenings`);
  expect([200, 403], single.body).toContain(single.statusCode);
  const mine = await send(counselor, 'GET', '/api/clients/mine');
  expect(mine.statusCode, mine.body).toBe(200);
  const listed = (mine.json() as { data: { id: number }[] }).data.some((c) => c.id === client.user.id);
  expect(listed, `the list and the single read disagree for ${counselor.user.name}`).toBe(single.statusCode === 200);
  return single.statusCode === 200;
}

/** Who holds a care-team-booking notice, in the app and by email, by the counselor who booked. */
async function told(counselorId: number) {
  const inApp = await t.db.selectFrom('notifications').select('user_id').where('kind', '=', 'care_team_booking').where('actor_id', '=', counselorId).orderBy('user_id').execute();
  const emails = await t.db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'care_team_booking').where('actor_id', '=', counselorId).orderBy('recipient_id').execute();
  return { inApp: inApp.map((r) => r.user_id), emails: emails.map((r) => r.recipient_id) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Booking School');
  colleague = await counselorNamed('Cora Colleague');
  categoryId = await addCategory(t.app, admin.companyId);
});
afterAll(() => t?.close());

describe('booking and cancelling at once (the attack)', () => {
  it("gives the counselor the record while the booking is live, and 403 once it is cancelled unconfirmed; the list drops the client too and the Triage list shows no content", async () => {
    const sneak = await counselorNamed('Sid Sneak');
    const zelda = await screenedStudent('Zelda Quillfeather');
    expect(await reads(sneak, zelda)).toBe(false);
    const uuid = await book(sneak, sneak, zelda);
    // Preparing for the session: the record is open while the appointment is live.
    expect(await reads(sneak, zelda)).toBe(true);
    await setStatus(sneak, uuid, 'cancelled');
    expect(await reads(sneak, zelda)).toBe(false);
    const refused = await send(sneak, 'GET', `/api/clients/${zelda.user.id}/screenings`);
    expect(refused.json().message).toBe(CARE_TEAM_ONLY);
    expect((await send(sneak, 'GET', `/api/clients/${zelda.user.id}/file`)).statusCode).toBe(403);
    const triage = await send(sneak, 'GET', '/api/triage');
    expect(triage.statusCode).toBe(200);
    for (const item of (triage.json() as { data: Record<string, unknown>[] }).data.filter((i) => i.client_id === zelda.user.id)) {
      expect(Object.keys(item).sort()).toEqual(['acknowledged_at', 'acknowledged_by', 'action', 'at', 'band', 'booked_at', 'booked_with', 'client_id', 'client_name', 'escalated_at', 'id', 'kind', 'source']);
    }
    // The one read while the booking was live is on the record as the care team's; none after the cancelling.
    const after = (await accessRows(t.db, zelda.user.id)).filter((r) => r.viewer_id === sneak.user.id && r.via === 'care_team');
    expect(after.map((r) => r.kind)).toEqual(['screenings']);
  });

  it("a series the counselor booked and cancelled before any session was confirmed opens nothing either", async () => {
    const sneak = await counselorNamed('Sam Series');
    const yuri = await screenedStudent('Yuri Yellowfield');
    const res = await send(sneak, 'POST', '/api/appointment-series', {
      counselor_id: sneak.user.id,
      student_id: yuri.user.id,
      appointment_date: await instantOf(t.app, sneak, sneak.user.id, daysAhead(60), '09:00'),
      frequency: 'weekly',
      count: 2,
      reason: 'Check-in',
      category_id: categoryId,
      location_type: 'online',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await reads(sneak, yuri)).toBe(true);
    const notice = await told(sneak.user.id);
    expect(notice.inApp).toContain(admin.user.id);
    expect(notice.inApp).not.toContain(sneak.user.id);
    expect(new Set(notice.inApp).size, 'one notice per recipient for the whole series').toBe(notice.inApp.length);
    const sessions = await t.db.selectFrom('appointments').select('uuid').where('client_id', '=', yuri.user.id).execute();
    for (const s of sessions) await setStatus(sneak, s.uuid, 'cancelled');
    expect(await reads(sneak, yuri)).toBe(false);
  });
});

describe('what keeps the care team', () => {
  it('a booking by the client, or by a manager, cancelled before it was confirmed; a confirmed one cancelled; a completed one; a no-show', async () => {
    const client = await screenedStudent('Kit Keeper', 'personnel');
    const byClient = await counselorNamed('Bea ByClient');
    const byManager = await counselorNamed('Max ByManager');
    const confirmed = await counselorNamed('Connie Confirmed');
    const completed = await counselorNamed('Cole Completed');
    const noShow = await counselorNamed('Nora NoShow');

    await setStatus(byClient, await book(client, byClient, client), 'cancelled');
    await setStatus(byManager, await book(admin, byManager, client), 'cancelled');
    const c = await book(confirmed, confirmed, client);
    await setStatus(confirmed, c, 'confirmed');
    await setStatus(confirmed, c, 'cancelled');
    for (const [counselor, status] of [[completed, 'completed'], [noShow, 'no_show']] as const) {
      const uuid = await book(counselor, counselor, client);
      await setStatus(counselor, uuid, 'confirmed');
      await t.db.updateTable('appointments').set({ appointment_date: new Date(Date.now() - 3_600_000).toISOString() }).where('uuid', '=', uuid).execute();
      await setStatus(counselor, uuid, status);
    }
    for (const counselor of [byClient, byManager, confirmed, completed, noShow]) expect(await reads(counselor, client), counselor.user.name).toBe(true);
    // Nobody's own booking but the three counselors' was told; theirs once each.
    expect((await told(byClient.user.id)).inApp).toEqual([]);
    expect((await told(byManager.user.id)).inApp).toEqual([]);
  });

  it('a same-day session another counselor booked from the Triage list for this one, cancelled, keeps it', async () => {
    // Held slots are booked today and from now on: a centre whose clock reads about 06:00 now.
    const offset = ((6 - new Date().getUTCHours() + 36) % 24) - 12;
    const triage = await registerCompany(t.app, 'Triage Booking School');
    await t.db.updateTable('companies').set({ timezone: offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}` }).where('id', '=', triage.companyId).execute();
    await addCategory(t.app, triage.companyId);
    const held = await addUser(t.app, triage.companyId, { userType: 'counselor', name: 'Hana Held' });
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, is_available: true, start_time: '08:00', end_time: '17:00', break_start: '12:00', break_end: '13:00', held_times: ['09:00'] }));
    expect((await send(held, 'POST', '/api/counselor/schedule', { schedule: week })).statusCode).toBe(200);
    const onDuty = await addUser(t.app, triage.companyId, { userType: 'counselor', name: 'Dino Duty' });
    const client = await addUser(t.app, triage.companyId, { userType: 'student', name: 'Una Urgent' });
    const raised = await send(client, 'POST', '/api/urgent-cases');
    expect(raised.statusCode, raised.body).toBe(201);
    const slots = (await send(onDuty, 'GET', '/api/same-day-slots')).json() as { slots: { counselor_id: number; appointment_date: string }[] };
    const slot = slots.slots.find((s) => s.counselor_id === held.user.id)!;
    const booked = await send(onDuty, 'POST', `/api/urgent-cases/${(raised.json() as { id: number }).id}/book`, { counselor_id: held.user.id, appointment_date: slot.appointment_date });
    expect(booked.statusCode, booked.body).toBe(201);
    const row = await t.db.selectFrom('appointments').select('uuid').where('client_id', '=', client.user.id).executeTakeFirstOrThrow();
    await setStatus(held, row.uuid, 'cancelled');
    expect(await reads(held, client)).toBe(true);
    expect((await told(held.user.id)).inApp).toEqual([]);
  });

  it("an earlier relationship stays: a cancelled own booking after a held one does not take the client away", async () => {
    const counselor = await counselorNamed('Hal Held');
    const client = await screenedStudent('Ivy Ivers', 'personnel');
    await setStatus(counselor, await book(client, counselor, client), 'confirmed');
    await setStatus(counselor, await book(counselor, counselor, client), 'cancelled');
    expect(await reads(counselor, client)).toBe(true);
    expect((await told(counselor.user.id)).inApp).toEqual([]);
  });
});

describe('the notice of a care team joined by one\'s own booking', () => {
  it('is sent once per new relationship, with no privacy officer to the other administrators and clinicians, never to the counselor alone', async () => {
    const booker = await counselorNamed('Nico Notice');
    const client = await screenedStudent('Olive Oakes');
    const first = await book(booker, booker, client);
    const expected = [admin.user.id, colleague.user.id].sort((a, b) => a - b);
    let notice = await told(booker.user.id);
    expect(notice.inApp.filter((id) => expected.includes(id))).toEqual(expected);
    expect(notice.inApp).not.toContain(booker.user.id);
    expect(notice.emails).toEqual(notice.inApp);
    const firstCount = notice.inApp.length;
    // A second booking in the same relationship tells no one again.
    await book(booker, booker, client);
    expect((await told(booker.user.id)).inApp).toHaveLength(firstCount);
    // Both cancelled unconfirmed: the relationship ended; a new booking is a new one, told again.
    await setStatus(booker, first, 'cancelled');
    const second = await t.db.selectFrom('appointments').select('uuid').where('client_id', '=', client.user.id).where('status', '=', 'pending').executeTakeFirstOrThrow();
    await setStatus(booker, second.uuid, 'cancelled');
    expect(await reads(booker, client)).toBe(false);
    await book(booker, booker, client);
    notice = await told(booker.user.id);
    expect(notice.inApp).toHaveLength(2 * firstCount);
    // The email names who booked, never the client, in the recipient's language.
    const row = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'care_team_booking').where('actor_id', '=', booker.user.id).where('recipient_id', '=', admin.user.id).orderBy('id').executeTakeFirstOrThrow();
    const message = await composeEmail(EMAIL_WRITERS[row.kind], t.db, row, { publicUrl: 'https://care.example.test', now: Date.now() });
    expect(message?.subject).toBe("A counselor joined a client's care team by their own booking");
    expect(message?.text).toContain(`${booker.user.name} booked an appointment with a client they had no care-team relationship with`);
    expect(message?.text).not.toContain(client.user.name);
    await t.db.updateTable('users').set({ language: 'fil' }).where('id', '=', admin.user.id).execute();
    const fil = await composeEmail(EMAIL_WRITERS[row.kind], t.db, row, { publicUrl: 'https://care.example.test', now: Date.now() });
    await t.db.updateTable('users').set({ language: null }).where('id', '=', admin.user.id).execute();
    expect(fil?.text).toContain(`Nag-book si ${booker.user.name} ng appointment`);
    expect(fil?.text).not.toContain(client.user.name);
  });

  it('goes to the privacy officers when there are any; a booking by the client or a manager tells no one', async () => {
    const officer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['privacy officer'], name: 'Pia Privacy' });
    const booker = await counselorNamed('Quinn Quick');
    const client = await screenedStudent('Rosa Reyes', 'personnel');
    await book(booker, booker, client);
    expect(await told(booker.user.id)).toEqual({ inApp: [officer.user.id], emails: [officer.user.id] });
    const other = await counselorNamed('Uma Untold');
    await book(client, other, client);
    await book(admin, other, await screenedStudent('Vic Vance'));
    expect(await told(other.user.id)).toEqual({ inApp: [], emails: [] });
  });

  it('a new student added with the booking has no record before it: no notice', async () => {
    const booker = await counselorNamed('Walt Walkin');
    const at = await instantOf(t.app, booker, booker.user.id, daysAhead(dayCounter++), '10:00');
    const res = await send(booker, 'POST', '/api/appointments', {
      counselor_id: booker.user.id,
      appointment_date: at,
      reason: 'Check-in',
      category_id: categoryId,
      location_type: 'online',
      student_name: 'Xena Walkin',
      student_id_number: '2026-369',
      student_email: 'xena-walkin@example.test',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await told(booker.user.id)).toEqual({ inApp: [], emails: [] });
  });
});
