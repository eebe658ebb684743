// An appointment's reason and the counselor's notes are health information (docs/product-rules.md#confidentiality):
// the client, the appointment's counselor and the client's care team read them; a manager outside the care team reads
// every appointment without them on the list, one appointment, the calendar, a series and a booking's reply, finds
// nothing by their words, and cannot overwrite them (decision 0377). Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, type TestApp } from '../../../test/harness';
import { daysAhead, instantOf } from '../../../test/schedule/schedule-helpers';
import { postSeries, type SeriesCentre, seriesBody, seriesCentre } from '../../../test/appointments/series-helpers';

let t: TestApp;
let c: SeriesCentre;
let other: SeriesCentre;
let noRights: Actor;
let client: Actor;
let uuid: string;
let seriesUuid: string;

const REASON = 'Sleepless since the board exam';
const NOTES = 'Panic attacks twice a week';
const get = (who: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const put = (who: Actor, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: who.headers, payload });
const stored = () => t.db.selectFrom('appointments').select(['reason', 'notes', 'location']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

interface Read { uuid: string; reason: string | null; notes?: string | null }
const find = (list: Read[], id: string) => list.find((a) => a.uuid === id);

beforeAll(async () => {
  t = await createTestApp();
  c = await seriesCentre(t, 'Reason School');
  other = await seriesCentre(t, 'Other Reason School');
  noRights = await addUser(t.app, c.admin.companyId, { userType: 'personnel', roles: [] });
  client = await addUser(t.app, c.admin.companyId, { userType: 'personnel', name: 'Booking Personnel' });
  const at = await instantOf(t.app, client, c.counselor.user.id, daysAhead(6), '10:00');
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: client.headers,
    payload: { counselor_id: c.counselor.user.id, appointment_date: at, reason: REASON, category_id: c.categoryId, location_type: 'online' },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  uuid = booked.json().data.uuid;
  expect((await put(c.counselor, { notes: NOTES })).statusCode).toBe(200);
  const series = await postSeries(t.app, c.admin, await seriesBody(t, c, daysAhead(20), '11:00', { count: 2, reason: `${REASON} (series)` }));
  expect(series.statusCode, series.body).toBe(201);
  seriesUuid = series.json().data.uuid;
  // The booking's own reply follows the rule once saved: the manager typed the reason but reads it no more.
  expect(series.json().data.appointments.map((a: Read) => a.reason)).toEqual([null, null]);
});
afterAll(async () => t?.close());

describe("an appointment's reason and notes", () => {
  it('a manager outside the care team reads every appointment without them, on every read', async () => {
    const reads: (Read | undefined)[] = [
      (await get(c.admin, `/api/appointments/${uuid}`)).json().data,
      find((await get(c.admin, '/api/appointments?per_page=100')).json().data, uuid),
      find((await get(c.admin, `/api/appointments/calendar?counselor_id=${c.counselor.user.id}&from=${daysAhead(6)}&days=1`)).json().appointments, uuid),
      ...(await get(c.admin, `/api/appointment-series/${seriesUuid}`)).json().data.appointments,
    ];
    expect(reads).toHaveLength(5);
    for (const a of reads) {
      expect(a?.reason).toBeNull();
      expect(a).not.toHaveProperty('notes');
    }
    expect(JSON.stringify(reads)).not.toMatch(/Sleepless|Panic/);
    // Nothing to list, so nothing on the access log for the manager.
    expect(await t.db.selectFrom('client_access_log').select('id').where('viewer_id', '=', c.admin.user.id).execute()).toEqual([]);
  });

  it('the client reads the reason (no notes), the counselor both, unrecorded', async () => {
    const own = (await get(client, `/api/appointments/${uuid}`)).json().data;
    expect(own.reason).toBe(REASON);
    expect(own).not.toHaveProperty('notes');
    const counselorReads: (Read | undefined)[] = [
      (await get(c.counselor, `/api/appointments/${uuid}`)).json().data,
      find((await get(c.counselor, '/api/appointments?per_page=100')).json().data, uuid),
      find((await get(c.counselor, `/api/appointments/calendar?from=${daysAhead(6)}&days=1`)).json().appointments, uuid),
    ];
    for (const a of counselorReads) expect(a).toMatchObject({ reason: REASON, notes: NOTES });
    const series = (await get(c.counselor, `/api/appointment-series/${seriesUuid}`)).json().data.appointments as Read[];
    expect(series.map((a) => a.reason)).toEqual([`${REASON} (series)`, `${REASON} (series)`]);
    expect(await t.db.selectFrom('client_access_log').select('id').where('viewer_id', 'in', [client.user.id, c.counselor.user.id]).execute()).toEqual([]);
  });

  it("a search by the reason's words finds nothing for anyone (search matches names)", async () => {
    for (const who of [c.admin, c.counselor]) {
      const res = await get(who, '/api/appointments?per_page=100&search=sleepless');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    expect(find((await get(c.admin, `/api/appointments?per_page=100&search=${encodeURIComponent(client.user.name)}`)).json().data, uuid)?.reason).toBeNull();
  });

  it("a manager's edit keeps the reason and notes; a manager sending them is refused and changes nothing", async () => {
    const moved = await put(c.admin, { location_type: 'on-site', location: 'Room 4' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ location: 'Room 4', reason: null });
    expect(await stored()).toEqual({ reason: REASON, notes: NOTES, location: 'Room 4' });

    for (const payload of [{ reason: 'Overwritten' }, { notes: null }, { notes: 'Overwritten' }, { reason: 'Overwritten', location: 'Room 5' }]) {
      const refused = await put(c.admin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().message).toBe("An appointment's reason and notes are the care team's: only they can change them.");
    }
    const inFilipino = await t.app.inject({ method: 'PUT', url: `/api/appointments/${uuid}`, headers: { ...c.admin.headers, 'accept-language': 'fil' }, payload: { reason: 'Overwritten' } });
    expect(inFilipino.statusCode).toBe(403);
    expect(inFilipino.json().message).toBe('Sa care team lang ang dahilan at mga note ng appointment: sila lang ang puwedeng magbago ng mga ito.');
    const series = await t.app.inject({ method: 'PUT', url: `/api/appointment-series/${seriesUuid}`, headers: c.admin.headers, payload: { from: (await get(c.counselor, `/api/appointment-series/${seriesUuid}`)).json().data.appointments[0].uuid, scope: 'all', reason: 'Overwritten' } });
    expect(series.statusCode, series.body).toBe(403);
    expect(await stored()).toEqual({ reason: REASON, notes: NOTES, location: 'Room 4' });
    const seriesReasons = await t.db.selectFrom('appointments').select('reason').where('series_id', 'is not', null).where('company_id', '=', c.admin.companyId).execute();
    expect(seriesReasons.map((r) => r.reason)).toEqual([`${REASON} (series)`, `${REASON} (series)`]);

    const byCounselor = await put(c.counselor, { reason: 'Exam stress', notes: 'Better' });
    expect(byCounselor.statusCode, byCounselor.body).toBe(200);
    expect(byCounselor.json().data).toMatchObject({ reason: 'Exam stress', notes: 'Better' });
  });

  it("another company's manager does not see it, and a user without the permission is refused", async () => {
    expect((await get(other.admin, `/api/appointments/${uuid}`)).statusCode).toBe(404);
    expect(find((await get(other.admin, '/api/appointments?per_page=100')).json().data, uuid)).toBeUndefined();
    expect((await put(other.admin, { location: 'Elsewhere' })).statusCode).toBe(404);
    expect((await get(noRights, `/api/appointments/${uuid}`)).statusCode).toBe(403);
    expect((await get(noRights, '/api/appointments')).statusCode).toBe(403);
  });

});
