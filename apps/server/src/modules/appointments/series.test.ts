// Booking a series (decision 0150): the preview's problems and nearest free times, all-or-nothing booking, the
// sessions seen as one series, DST, one notification per person, and the route rules (422, 403, 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { bookSingle, postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';
import { addDaysToDate } from '@kalinga/contracts/zone-time';

let t: TestApp;
let c: SeriesCentre;
let other: SeriesCentre;
let noRights: Actor;

beforeAll(async () => {
  t = await createTestApp();
  c = await seriesCentre(t, 'Series School');
  other = await seriesCentre(t, 'Other School');
  noRights = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: [] });
});
afterAll(async () => t?.close());

const countSessions = async (companyId: number) =>
  Number((await t.db.selectFrom('appointments').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);

interface Occurrence { index: number; wanted_date: string; outcome: string; problem: { code: string; message: string } | null; suggestions: { appointment_date: string; local_date: string }[]; appointment_date: string | null }

describe('previewing and booking a series', () => {
  it('lists each session, the clash with its reason and the nearest free time that week; booking without a decision writes nothing', async () => {
    const first = daysAhead(20);
    const third = addDaysToDate(first, 14);
    const clash = await instantOf(t.app, c.admin, c.counselor.user.id, third, '10:00');
    await bookSingle(t.app, c, clash);
    const fifth = addDaysToDate(first, 28);
    await t.app.inject({ method: 'POST', url: '/api/counselor/excluded-dates', headers: c.counselor.headers, payload: { dates: [{ date: fifth, reason: 'Training' }] } });
    const body = await seriesBody(t, c, first);

    const preview = await postSeries(t.app, c.admin, body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const occurrences: Occurrence[] = preview.json().data.occurrences;
    expect(occurrences.map((o) => o.wanted_date)).toEqual([0, 7, 14, 21, 28, 35].map((d) => addDaysToDate(first, d)));
    expect(occurrences.map((o) => o.outcome)).toEqual(['book', 'book', 'blocked', 'book', 'blocked', 'book']);
    expect(occurrences[2].problem).toEqual({ code: 'taken', message: 'The counselor already has an appointment at this time.' });
    expect(occurrences[4].problem?.code).toBe('excluded');
    // Nearest first: the same day an hour either side of the taken 10:00.
    const near = occurrences[2].suggestions.map((s) => (Date.parse(s.appointment_date) - Date.parse(clash)) / 3_600_000);
    expect(near.slice(0, 2).sort()).toEqual([-1, 1]);
    expect(preview.json().data).toMatchObject({ bookable: 4, blocked: 2 });

    const before = await countSessions(c.admin.companyId);
    const refused = await postSeries(t.app, c.admin, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('2 of the 6 sessions cannot be booked; check the sessions again.');
    expect(refused.json().errors).toEqual({ 'occurrences.3': ['The counselor already has an appointment at this time.'], 'occurrences.5': ['The counselor is not available on this date.'] });
    expect(await countSessions(c.admin.companyId)).toBe(before);

    // The user takes the suggestion for session 3 and skips session 5: five sessions, numbered 1 to 5.
    const choices = [{ index: 3, appointment_date: occurrences[2].suggestions[0].appointment_date }, { index: 5, appointment_date: null }];
    const booked = await postSeries(t.app, c.admin, { ...body, choices });
    expect(booked.statusCode, booked.body).toBe(201);
    const series = booked.json().data;
    expect(series).toMatchObject({ frequency: 'weekly', total: 5, counselor: { id: c.counselor.user.id }, student: { id: c.client.user.id } });
    expect(series.appointments.map((a: { series: unknown }) => a.series)).toEqual([1, 2, 3, 4, 5].map((index) => ({ uuid: series.uuid, index, total: 5 })));
    expect(series.appointments[2].appointment_date).toBe(occurrences[2].suggestions[0].appointment_date);
    expect(series.appointments.every((a: { status: string }) => a.status === 'pending')).toBe(true);
    expect(await countSessions(c.admin.companyId)).toBe(before + 5);

    // The client's own list shows each session as part of the series ("3 of 5").
    const list = await t.app.inject({ method: 'GET', url: '/api/appointments?status=pending&per_page=50', headers: c.client.headers });
    const mine = list.json().data.filter((a: { series: { uuid: string } | null }) => a.series?.uuid === series.uuid);
    expect(mine.map((a: { series: { index: number } }) => a.series.index).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells each person once for the whole series, and reminds before each session', async () => {
    await t.db.deleteFrom('notifications').execute();
    await t.db.deleteFrom('outbox').execute();
    const res = await postSeries(t.app, c.counselor, await seriesBody(t, c, daysAhead(70), '15:00', { count: 4 }));
    expect(res.statusCode, res.body).toBe(201);
    const ids = res.json().data.appointments.map((a: { id: number }) => a.id);
    const inApp = await t.db.selectFrom('notifications').selectAll().execute();
    // The counselor booked: the client is told once (a booking also goes to its counselor, as a single one does).
    expect(inApp.map((n) => [n.user_id, n.kind, n.series_count, n.appointment_id]).sort()).toEqual(
      [[c.client.user.id, 'booked', 4, ids[0]], [c.counselor.user.id, 'booked', 4, ids[0]]].sort(),
    );
    const outbox = await t.db.selectFrom('outbox').selectAll().execute();
    expect(outbox.filter((o) => o.channel === 'email')).toHaveLength(2);
    expect(outbox.filter((o) => o.channel === 'reminder').map((o) => o.appointment_id).sort()).toEqual([...ids, ...ids].sort());
  });

  it('fortnightly until a date, same wall time across the change to daylight saving time', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: other.admin.headers, payload: { timezone: 'America/New_York' } });
    expect(res.statusCode, res.body).toBe(200);
    // 2027-03-14: clocks go forward in New York; 10:00 is 15:00Z before and 14:00Z after.
    const body = await seriesBody(t, other, '2027-03-01', '10:00', { count: undefined, until: '2027-03-29', frequency: 'fortnightly' });
    const booked = await postSeries(t.app, other.admin, body);
    expect(booked.statusCode, booked.body).toBe(201);
    const starts = booked.json().data.appointments.map((a: { appointment_date: string; local_date: string }) => [a.local_date, a.appointment_date]);
    expect(starts).toEqual([
      ['2027-03-01', '2027-03-01T15:00:00.000Z'],
      ['2027-03-15', '2027-03-15T14:00:00.000Z'],
      ['2027-03-29', '2027-03-29T14:00:00.000Z'],
    ]);
    const ics = await t.app.inject({ method: 'GET', url: `/api/appointment-series/${booked.json().data.uuid}/ics`, headers: other.counselor.headers });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics.body).toContain('DTSTART:20270315T140000Z');
  });

  it('a wall time that does not exist on a session day is a problem of that session', async () => {
    // Sundays 02:30 in New York: 2027-03-14 has no 02:30.
    await t.app.inject({ method: 'POST', url: '/api/counselor/schedule', headers: other.counselor.headers, payload: { schedule: [{ day: 'sunday', is_available: true, start_time: '01:00', end_time: '05:00', break_start: null, break_end: null }] } });
    const body = await seriesBody(t, other, '2027-03-07', '02:00', { count: 2 });
    body.appointment_date = new Date(Date.parse(String(body.appointment_date)) + 30 * 60_000).toISOString();
    await t.db.updateTable('settings').set({ appointment_duration_minutes: 30 }).where('company_id', '=', other.admin.companyId).execute();
    const preview = await postSeries(t.app, other.admin, body, true);
    await t.db.updateTable('settings').set({ appointment_duration_minutes: 60 }).where('company_id', '=', other.admin.companyId).execute();
    expect(preview.statusCode, preview.body).toBe(200);
    const occurrences: Occurrence[] = preview.json().data.occurrences;
    expect(occurrences.map((o) => o.outcome)).toEqual(['book', 'blocked']);
    expect(occurrences[1].problem?.code).toBe('no_such_time');
  });

  it('refuses bad input (422), clients and users without the permission (403), another company (422 on its counselor)', async () => {
    const body = await seriesBody(t, c, daysAhead(120));
    const bad = [
      { ...body, count: 27 },
      { ...body, count: undefined },
      { ...body, frequency: 'daily' },
      { ...body, count: undefined, until: addDaysToDate(daysAhead(120), 7 * 30) },
      { ...body, choices: [{ index: 9, appointment_date: null }] },
      { ...body, location_type: 'on-site' },
    ];
    for (const payload of bad) {
      const res = await postSeries(t.app, c.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await postSeries(t.app, c.admin, { ...body, count: 27 })).json().errors.count).toEqual(['A series has at most 26 sessions.']);
    expect((await postSeries(t.app, c.client, body)).statusCode).toBe(403);
    expect((await postSeries(t.app, c.client, body, true)).statusCode).toBe(403);
    expect((await postSeries(t.app, noRights, body)).statusCode).toBe(403);
    const foreign = await postSeries(t.app, other.admin, body);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.counselor_id).toEqual(['The selected counselor is invalid.']);
    // A counselor books only for themselves.
    const otherCounselor = await addUser(t.app, c.admin.companyId, { userType: 'counselor' });
    expect((await postSeries(t.app, otherCounselor, body)).json().errors.counselor_id).toEqual(['Counselors book appointments for themselves.']);
  });

  it("another company's series is not found; a client sees their own series but cannot change it", async () => {
    const res = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(150), '09:00', { count: 2, notes: 'For the counselor only' }));
    const series = res.json().data;
    // Saved, the notes are the care team's (decision 0377): the booking manager's reply has none, the counselor's has them.
    expect(series.appointments.map((a: { notes?: string }) => a.notes)).toEqual([undefined, undefined]);
    const counselors = await t.app.inject({ method: 'GET', url: `/api/appointment-series/${series.uuid}`, headers: c.counselor.headers });
    expect(counselors.json().data.appointments.map((a: { notes?: string }) => a.notes)).toEqual(['For the counselor only', 'For the counselor only']);
    const url = `/api/appointment-series/${series.uuid}`;
    expect((await t.app.inject({ method: 'GET', url, headers: other.admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/ics`, headers: other.admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url, headers: other.admin.headers, payload: { from: series.appointments[0].uuid, scope: 'all', status: 'cancelled' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: noRights.headers })).statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url, headers: c.client.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.appointments.map((a: { notes?: string }) => a.notes)).toEqual([undefined, undefined]);
    expect(own.body).not.toContain('For the counselor only');
    expect((await t.app.inject({ method: 'PUT', url, headers: c.client.headers, payload: { from: series.appointments[0].uuid, scope: 'all', status: 'cancelled' } })).statusCode).toBe(403);
  });
});
