import { REPORT_PERIODS } from '@kalinga/contracts/reports';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow } from '../../../test/appointment-rows';
import { accessRows } from '../../../test/client-record/client-access-helpers';
import { addCategory, addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { notesGroup } from '../../../test/groups/group-note-helpers';
import { ALL_WEEK, setWeek } from '../../../test/schedule/schedule-helpers';
import { answers, submit } from '../../../test/screening/screening-helpers';
import { routesOf } from '../../plugins/input-guards';
import { setUserRoles } from '../companies/company.repository';

// The confidentiality the product claims (decision 0200 and its successors), tried as a user would: through the API
// only, over every GET route the server has (decision 0356). (1) An administrator who gives themself the counselor
// role reads no client's screening answers (decisions 0202, 0313, 0340); (2) a report read before and after one
// student's intake does not tell that student's bands (decision 0212); (3) every reply that shows a screened
// client's band, score or answers, or lists them by the access model, is on the access log. Run on PostgreSQL too.

let t: TestApp;
let admin: Actor;
let care: Actor;
let supervisor: Actor;
let outsider: Actor;
let officer: Actor;
let screened: Actor;
let appointmentUuid: string;

/** Keys that carry a screening's result or answers in a reply. */
const CONTENT_KEYS = /"(phq9_band|gad7_band|phq9_score|gad7_score|answers|band|item9)"/;

async function as(actor: Actor, method: InjectOptions['method'], url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload && { payload }) });
}

/** Every GET route of the API a user can open with one request, its parameters filled with each of `ids`. */
function everyGetUrl(ids: readonly (string | number)[] = [screened.user.id, appointmentUuid]): string[] {
  const urls = new Set<string>();
  for (const route of routesOf(t.app)) {
    // The live-change stream stays open; the API reference is a document, not data.
    if (!route.methods.includes('GET') || !route.url.startsWith('/api/') || route.url === '/api/sync/events' || route.url.startsWith('/api/docs')) continue;
    for (const id of ids) urls.add(route.url.replace(/:\w+/g, String(id)));
  }
  return [...urls];
}

beforeAll(async () => {
  t = await createTestApp({ REPORTS_PER_MINUTE: '100000' });
  admin = await registerCompany(t.app, 'Claims School');
  supervisor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Sol Supervisor' });
  care = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Carla Care', extra: { clinical_supervisor_id: supervisor.user.id } });
  outsider = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Otto Outside' });
  officer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['privacy officer'], name: 'Pia Privacy' });
  screened = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Zelda Quillfeather', extra: { department: 'Engineering', birth_date: '2005-03-01' } });
  // Moderate PHQ-9 and GAD-7, and item 9 answered: an intake and an urgent case.
  expect((await submit(t.app, screened, answers(2, 2, 1))).statusCode).toBe(201);
  const categoryId = await addCategory(t.db, admin.companyId, 'Stress');
  const row = appointmentRow({ company_id: admin.companyId, counselor_id: care.user.id, client_id: screened.user.id, category_id: categoryId, appointment_date: new Date(Date.now() - 86_400_000).toISOString(), status: 'completed' });
  await t.db.insertInto('appointments').values(row).execute();
  appointmentUuid = row.uuid;
});
afterAll(() => t?.close());

describe('(1) an administrator who gives themself the counselor role reads no screening answers', () => {
  it('every way to give themself clinical access through the API is refused, and the admin role stays as it was', async () => {
    const me = `/api/users/${admin.user.id}`;
    const body = (changes: Record<string, unknown>) => ({ name: admin.user.name, email: admin.user.email, user_type: 'personnel', roles: ['admin'], ...changes });
    // The counselor role, the counselor type, both at once.
    for (const changes of [{ roles: ['admin', 'counselor'] }, { user_type: 'counselor' }, { user_type: 'counselor', roles: ['admin', 'counselor'] }]) {
      const res = await as(admin, 'PUT', me, body(changes));
      expect([403, 422], JSON.stringify(changes)).toContain(res.statusCode);
    }
    // A role of their own making that holds the clinical permission, then given to themself.
    const made = await as(admin, 'POST', '/api/roles', { name: 'Intake Helper', permissions: ['view screenings'] });
    expect(made.statusCode).toBe(201);
    expect([403, 422]).toContain((await as(admin, 'PUT', me, body({ roles: ['admin', 'Intake Helper'] }))).statusCode);
    // The clinical permission added to the role they hold.
    const roles = (await as(admin, 'GET', '/api/roles')).json().data as { id: number; name: string; permissions: string[] }[];
    const adminRole = roles.find((r) => r.name === 'admin')!;
    expect((await as(admin, 'PUT', `/api/roles/${adminRole.id}`, { name: 'admin', permissions: [...adminRole.permissions, 'view screenings'] })).statusCode).toBe(403);

    const mine = (await as(admin, 'GET', '/api/me')).json();
    expect(JSON.stringify(mine)).not.toMatch(/view screenings/);
    expect((await as(admin, 'GET', `/api/clients/${screened.user.id}/screenings`)).statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/triage')).statusCode).toBe(403);
  });

  it('holding the counselor role anyway (given before the access model), no GET route shows them a screening, and nothing is logged', async () => {
    await setUserRoles(t.db, admin.companyId, admin.user.id, ['admin', 'counselor']);
    try {
      const logged = (await accessRows(t.db, screened.user.id)).length;
      const urls = everyGetUrl();
      expect(urls.length).toBeGreaterThan(80);
      for (const url of urls) {
        const res = await as(admin, 'GET', url);
        expect(res.statusCode === 200 && CONTENT_KEYS.test(res.body), `${url} showed screening content`).toBe(false);
      }
      expect((await accessRows(t.db, screened.user.id)).filter((r) => r.viewer_id === admin.user.id)).toHaveLength(0);
      expect((await accessRows(t.db, screened.user.id)).length).toBe(logged);
      // The sweep can see content: the care team's counselor is shown it on the same routes.
      expect(CONTENT_KEYS.test((await as(care, 'GET', `/api/clients/${screened.user.id}/screenings`)).body)).toBe(true);
    } finally {
      await setUserRoles(t.db, admin.companyId, admin.user.id, ['admin']);
    }
  }, 120_000);
});

describe('(2) a report read before and after one student intake does not tell their bands', () => {
  /** Every report the administrator can read, every period. */
  async function everyReport(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    const reports = routesOf(t.app).filter((r) => r.methods.includes('GET') && r.url.startsWith('/api/reports/')).map((r) => r.url);
    expect(reports).toEqual(expect.arrayContaining(['/api/reports/intake-bands', '/api/reports/no-show-rate']));
    for (const url of reports) {
      for (const period of REPORT_PERIODS) {
        const res = await as(admin, 'GET', `${url}?period=${period}`);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        out[`${url} ${period}`] = res.json();
      }
    }
    return out;
  }

  it('one student answering the intake through the API changes no report of any period; every band count is 0 or at least 5', async () => {
    const before = await everyReport();
    const newcomer = await addUser(t.app, admin.companyId, { userType: 'student', extra: { department: 'Nursing', birth_date: '2006-01-01' } });
    expect((await submit(t.app, newcomer, answers(3, 3))).statusCode).toBe(201);
    const after = await everyReport();
    expect(after).toEqual(before);
    for (const period of REPORT_PERIODS) {
      const weeks = (after[`/api/reports/intake-bands ${period}`] as { data: { weeks: { total: number | null; phq9: Record<string, number | null>; gad7: Record<string, number | null> }[] } }).data.weeks;
      for (const week of weeks) {
        for (const count of [week.total, ...Object.values(week.phq9), ...Object.values(week.gad7)]) {
          if (count !== null) expect(count % 5 === 0 && count >= 5, `${period} ${JSON.stringify(week)}`).toBe(true);
        }
      }
    }
  }, 120_000);
});

describe('(3) what shows a screened client is on the record', () => {
  it('every GET reply that shows their band, score or answers, to whoever may see it, wrote an access-log row for that reader in that request', async () => {
    const shownTo: string[] = [];
    for (const [who, actor] of [['care team', care], ['supervisor', supervisor], ['outsider', outsider], ['privacy officer', officer], ['the client', screened]] as const) {
      for (const url of everyGetUrl()) {
        const before = (await accessRows(t.db, screened.user.id)).filter((r) => r.viewer_id === actor.user.id).length;
        const res = await as(actor, 'GET', url);
        if (res.statusCode !== 200 || !CONTENT_KEYS.test(res.body)) continue;
        const after = (await accessRows(t.db, screened.user.id)).filter((r) => r.viewer_id === actor.user.id).length;
        expect(after - before, `${who} ${url}`).toBeGreaterThan(0);
        shownTo.push(`${who} ${url}`);
      }
    }
    // The sweep met the content where the access model shows it: not a vacuous pass.
    expect(shownTo).toEqual(expect.arrayContaining([
      `care team /api/clients/${screened.user.id}/screenings`,
      `supervisor /api/clients/${screened.user.id}/screenings`,
      'care team /api/triage',
      'outsider /api/triage',
    ]));
  }, 180_000);

  it("the lists that name the clients of the access model (Triage, the counselor's clients) record one row per client shown", async () => {
    for (const [url, kind] of [['/api/triage', 'triage_list'], ['/api/clients/mine', 'client_file']] as const) {
      const before = (await accessRows(t.db, screened.user.id)).length;
      const res = await as(care, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Zelda Quillfeather');
      const rows = (await accessRows(t.db, screened.user.id)).slice(before);
      expect(rows.map((r) => [r.viewer_id, r.kind, r.via]), url).toEqual([[care.user.id, kind, 'list']]);
    }
  });

  it("a group's attendance, shown to anyone by any GET route, is on the record for each member it shows (decision 0340)", async () => {
    const g = await notesGroup(t, 'Claims Group Centre');
    const members = Object.values(g.members);
    const ids = [g.group, ...g.sessions, ...members.map((m) => m.user.id)];
    const rowsOf = async (viewer: Actor) => (await t.db.selectFrom('client_access_log').select(['client_id']).where('viewer_id', '=', viewer.user.id).execute()).map((r) => r.client_id);
    const shown: string[] = [];
    for (const [who, actor] of [['facilitator', g.c.lead], ['co-facilitator', g.c.co], ['outsider', g.outsider], ['administrator', g.c.admin]] as const) {
      for (const url of everyGetUrl(ids)) {
        const before = await rowsOf(actor);
        const res = await as(actor, 'GET', url);
        if (res.statusCode !== 200 || !/"outcome":"(present|absent|late_cancellation)"/.test(res.body)) continue;
        const gained = (await rowsOf(actor)).slice(before.length);
        const named = members.filter((m) => res.body.includes(`"client_id":${m.user.id}`)).map((m) => m.user.id);
        expect(gained.sort(), `${who} ${url}`).toEqual(expect.arrayContaining(named));
        shown.push(`${who} ${url}`);
      }
    }
    expect(shown).toContain(`facilitator /api/group-sessions/${g.sessions[0]}/attendance`);
    // The group's two facilitators (the co-counselor co-facilitates) are shown it; nobody else is.
    expect(shown.filter((s) => s.startsWith('outsider') || s.startsWith('administrator'))).toEqual([]);
  }, 180_000);
});

describe('(4) nobody outside the clinicians is shown a screened client together with their state (decision 0366)', () => {
  /** Words that tie a client to the safety path: an urgent case, a screening, its band, Triage. */
  const STATE = /urgent|crisis|screening|intake|triage|phq|gad|band|severe|moderate|item.?9|self.?harm|same.?day/i;

  /** Held slots are booked today from now on: a zone where it is about 06:00 now keeps 09:00 ahead. */
  function zoneNearSixAm(): string {
    const offset = ((6 - new Date().getUTCHours() + 36) % 24) - 12;
    return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  }

  it('no GET reply that names them to an administrator, personnel, another student or a clerk says their state; the privacy officer reads it only in the access log', async () => {
    const urgent = await t.db.selectFrom('urgent_cases').select('id').where('client_id', '=', screened.user.id).executeTakeFirstOrThrow();
    // The care team books the urgent case into a held slot (decision 0165): the session must not say so (decision 0376).
    await t.db.updateTable('companies').set({ timezone: zoneNearSixAm() }).where('id', '=', admin.companyId).execute();
    await setWeek(t.app, care, ALL_WEEK.map((d) => ({ ...d, held_times: ['09:00'] })));
    const [held] = (await as(care, 'GET', '/api/same-day-slots')).json().slots as { appointment_date: string }[];
    const sameDay = await as(care, 'POST', `/api/urgent-cases/${urgent.id}/book`, { counselor_id: care.user.id, appointment_date: held.appointment_date });
    expect(sameDay.statusCode, sameDay.body).toBe(201);
    const sameDayUuid = sameDay.json().appointment_uuid as string;
    const role = await as(admin, 'POST', '/api/roles', { name: 'Counter clerk', permissions: ['view lending'] });
    expect(role.statusCode).toBe(201);
    const readers = {
      administrator: admin,
      personnel: await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Perla Personnel' }),
      student: await addUser(t.app, admin.companyId, { userType: 'student', name: 'Sid Student' }),
      clerk: await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['Counter clerk'], name: 'Cleo Clerk' }),
      'privacy officer': officer,
    };
    const named: string[] = [];
    for (const [who, actor] of Object.entries(readers)) {
      for (const url of everyGetUrl([screened.user.id, appointmentUuid, urgent.id, sameDayUuid])) {
        const res = await as(actor, 'GET', url);
        if (res.statusCode !== 200 || !res.body.includes('Quillfeather')) continue;
        named.push(`${who} ${url}`);
        if (who === 'privacy officer' && url.startsWith('/api/access-log')) continue;
        // What is said next to the name (an entry of a list, a detail): another user's roles elsewhere in a list are not theirs.
        const near = [...res.body.matchAll(/Quillfeather/g)].map((m) => res.body.slice(Math.max(0, m.index - 300), m.index + 300));
        expect(near.filter((text) => STATE.test(text)), `${who} ${url}`).toEqual([]);
      }
    }
    // Not vacuous: the client is named to them where their name belongs (their appointment and its calendar file, the users list).
    expect(named).toEqual(expect.arrayContaining([`administrator /api/appointments/${appointmentUuid}`, `administrator /api/appointments/${appointmentUuid}/ics`, `administrator /api/appointments/${sameDayUuid}`, 'administrator /api/users']));
  }, 180_000);
});

describe("(5) an appointment's reason and notes, a waitlist reason and a cancellation's reason are the care team's (decision 0377)", () => {
  it('no GET reply to a manager, personnel, another student, the privacy officer or a counselor outside the care team carries them; the counselor and the client read them', async () => {
    const reason = 'Reason words: nightmares after the flood';
    const notes = 'Notes words: sleeping four hours';
    await t.db.updateTable('appointments').set({ reason, notes }).where('uuid', '=', appointmentUuid).execute();
    // The client waits for another time (why, in their words) and cancelled a session before (why, in their words).
    const { category_id: categoryId } = await t.db.selectFrom('appointments').select('category_id').where('uuid', '=', appointmentUuid).executeTakeFirstOrThrow();
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    await t.db.insertInto('waitlist_entries').values({
      uuid: 'claims-waiting', company_id: admin.companyId, client_id: screened.user.id, counselor_id: null, from_date: soon(3).slice(0, 10), to_date: soon(10).slice(0, 10),
      days: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']), time_from: '08:00', time_to: '17:00', reason: 'Waiting words: the panic on the jeepney',
      category_id: categoryId, location_type: 'online', location: null, created_at: new Date().toISOString(), closed_at: null, appointment_id: null,
    }).execute();
    const cancelled = appointmentRow({ company_id: admin.companyId, counselor_id: care.user.id, client_id: screened.user.id, category_id: categoryId, appointment_date: soon(2), status: 'cancelled' });
    const { id: cancelledId } = await t.db.insertInto('appointments').values(cancelled).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('appointment_status_changes').values({ company_id: admin.companyId, appointment_id: cancelledId, from_status: 'pending', to_status: 'cancelled', changed_by: screened.user.id, changed_at: new Date().toISOString(), reason: 'Cancelling words: my lola passed away' }).execute();
    const WORDS = /nightmares|sleeping four hours|jeepney|lola passed away/;
    const readers = {
      manager: await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['admin'], name: 'Mara Manager' }),
      personnel: await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Pablo Personnel' }),
      student: await addUser(t.app, admin.companyId, { userType: 'student', name: 'Sara Student' }),
      'privacy officer': officer,
      outsider,
    };
    let seenAppointment = 0;
    for (const [who, actor] of Object.entries(readers)) {
      for (const url of everyGetUrl([screened.user.id, appointmentUuid, cancelled.uuid])) {
        const res = await as(actor, 'GET', url);
        if (res.statusCode === 200 && res.body.includes(appointmentUuid)) seenAppointment++;
        expect(res.body, `${who} ${url}`).not.toMatch(WORDS);
      }
    }
    // Not vacuous: the manager reads the appointment itself (without them), its counselor and its client read them.
    expect(seenAppointment).toBeGreaterThan(0);
    expect((await as(readers.manager, 'GET', `/api/appointments/${appointmentUuid}`)).json().data).toMatchObject({ uuid: appointmentUuid, reason: null });
    expect((await as(care, 'GET', `/api/appointments/${appointmentUuid}`)).json().data).toMatchObject({ reason, notes });
    expect((await as(screened, 'GET', `/api/appointments/${appointmentUuid}`)).json().data).toMatchObject({ reason });
    // The manager reads the cancellation and who is waiting, without the words; the counselor reads the cancellation's.
    expect((await as(readers.manager, 'GET', `/api/appointments/${cancelled.uuid}/history`)).json().data).toEqual([expect.objectContaining({ to_status: 'cancelled', reason: null, reason_withheld: true })]);
    expect((await as(readers.manager, 'GET', '/api/waitlist')).body).toContain('Quillfeather');
    expect((await as(care, 'GET', `/api/appointments/${cancelled.uuid}/history`)).json().data).toEqual([expect.objectContaining({ reason: 'Cancelling words: my lola passed away' })]);
  }, 180_000);
});
