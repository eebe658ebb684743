// The refusals written in place and the forms' schema messages reach a Filipino user in Filipino (decision 0384):
// a request asking for Filipino reads the catalog's sentence, one without the header the English, on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createGroup, type GroupCentre, groupBody, groupCentre, postGroup } from '../../test/groups/group-helpers';

let t: TestApp;
let c: GroupCentre;
const FIL = { 'accept-language': 'fil' };

beforeAll(async () => {
  t = await createTestApp();
  c = await groupCentre(t, 'Refusal School', 2);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST';

/** The same request in Filipino and in English: status and message of each. */
async function both(method: Method, url: string, headers: Record<string, string>, payload?: Record<string, unknown>) {
  const ask = async (extra: Record<string, string>) => {
    const res = await t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, message: res.json().message as string, errors: res.json().errors as Record<string, string[]> | undefined };
  };
  return { fil: await ask(FIL), en: await ask({}) };
}

describe('refusals in the request language', () => {
  it("a workshop's sign-up twice (409)", async () => {
    const uuid = await createGroup(t, c, await groupBody(t, c, 40, '15:00', { kind: 'workshop', capacity: 5, frequency: 'once', count: undefined, audience: 'students', location_type: 'online', location: 'https://meet.example/calm' }));
    const url = `/api/workshops/${uuid}/sign-up`;
    expect((await t.app.inject({ method: 'POST', url, headers: c.students[0].headers })).statusCode).toBe(200);
    const again = await both('POST', url, c.students[0].headers);
    expect(again.fil).toMatchObject({ status: 409, message: 'Naka-sign up ka na sa workshop na ito.' });
    expect(again.en).toMatchObject({ status: 409, message: 'You are already signed up for this workshop.' });
    const counselor = await both('POST', url, c.lead.headers);
    expect(counselor.fil).toMatchObject({ status: 403, message: 'Mga estudyante at empleyado lang ang nagsa-sign up sa mga workshop.' });
    expect(counselor.en.message).toBe('Only students and personnel sign up for workshops.');
  });

  it('a counselor pressing "I need help now", a client reading the waitlist, a client on a counselor route (403)', async () => {
    const urgent = await both('POST', '/api/urgent-cases', c.lead.headers);
    expect(urgent.fil).toMatchObject({ status: 403, message: 'Sa listahan ng Triage sinasagot ng mga counselor ang mga urgent na kaso.' });
    expect(urgent.en.message).toBe('Counselors answer urgent cases from the Triage list.');
    const waitlist = await both('GET', '/api/waitlist', c.students[0].headers);
    expect(waitlist.fil).toMatchObject({ status: 403, message: 'Mga counselor at manager ang nakakakita ng waitlist.' });
    expect(waitlist.en.message).toBe('Counselors and managers see the waitlist.');
    const schedule = await both('GET', '/api/counselor/schedule', c.students[0].headers);
    expect(schedule.fil).toMatchObject({ status: 403, message: 'Mga counselor lang ang puwedeng gumawa nito.' });
    expect(schedule.en.message).toBe('Only counselors can do this.');
  });

  it('an appointment that does not exist (404)', async () => {
    const missing = await both('GET', '/api/appointments/0b7f3c1e-4a5d-4e0a-9c1b-2d3e4f5a6b7c', c.lead.headers);
    expect(missing.fil).toMatchObject({ status: 404, message: 'Hindi nakita ang appointment.' });
    expect(missing.en.message).toBe('Appointment not found.');
  });

  it("the settings' and a group's schema messages (422)", async () => {
    const settings = await both('POST', '/api/settings', c.admin.headers, { appointment_duration_minutes: 300 });
    expect(settings.fil.status).toBe(422);
    expect(settings.fil.errors?.appointment_duration_minutes).toEqual(['Dapat mula 15 hanggang 240 minuto ang haba ng appointment.']);
    expect(settings.en.errors?.appointment_duration_minutes).toEqual(['The appointment duration must be between 15 and 240 minutes.']);
    const body = await groupBody(t, c, 45, '09:00', { capacity: 0 });
    const filipino = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { ...c.lead.headers, ...FIL }, payload: body });
    expect(filipino.statusCode).toBe(422);
    expect(filipino.json().errors.capacity).toEqual(['Dapat hindi bababa sa 1 ang bilang ng upuan.']);
    expect((await postGroup(t.app, c.lead, body)).json().errors.capacity).toEqual(['The capacity must be at least 1.']);
  });
});
