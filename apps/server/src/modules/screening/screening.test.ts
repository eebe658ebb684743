import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { accessRows, referTo } from '../../../test/client-record/client-access-helpers';
import { answers, call, safetyBody, submit } from '../../../test/screening/screening-helpers';

// Intake screening: the server scores; only the client's care team reads answers and scores, each read recorded; a
// client, a manager, a counselor outside the care team and another company cannot (decisions 0160, 0162, 0200).

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let personnel: Actor;
let other: Actor;
let otherCounselor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Screening School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  personnel = await addUser(t.app, admin.companyId, { userType: 'personnel' });
  other = await registerCompany(t.app, 'Other Screening School');
  otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
  await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ intake_mode: 'offered' }));
});
afterAll(() => t.close());

describe('answering the questionnaires', () => {
  it('the status says what the client is asked for; the reply carries no score', async () => {
    const before = await call(t.app, student, 'GET', '/api/screenings/status');
    expect(before.json()).toEqual({ mode: 'offered', done: false, requested: false });
    const res = await submit(t.app, student, answers(2, 1));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ crisis: false });
    expect((await call(t.app, student, 'GET', '/api/screenings/status')).json()).toEqual({ mode: 'offered', done: true, requested: false });
  });

  it('the server scores and bands them (PHQ-9 16 moderately severe, GAD-7 7 mild)', async () => {
    const row = await t.db.selectFrom('screenings').selectAll().where('client_id', '=', student.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'intake', phq9_score: 16, phq9_band: 'moderately severe', gad7_score: 7, gad7_band: 'mild' });
  });

  it('bad answers are refused with 422 and nothing is kept', async () => {
    const bad = [
      { phq9: [0, 0, 0], gad7: answers(0, 0).gad7 },
      { phq9: answers(0, 0).phq9.map((v, i) => (i === 2 ? 4 : v)), gad7: answers(0, 0).gad7 },
      { phq9: answers(0, 0).phq9, gad7: answers(0, 0).gad7.map((v, i) => (i === 0 ? -1 : v)) },
      { phq9: answers(0, 0).phq9, gad7: answers(0, 0).gad7.map((v, i) => (i === 0 ? 1.5 : v)) },
    ];
    for (const body of bad) expect((await submit(t.app, personnel, body)).statusCode).toBe(422);
    expect(await t.db.selectFrom('screenings').select('id').where('client_id', '=', personnel.user.id).execute()).toEqual([]);
  });

  it('the same submission sent again (a lost reply, a double press) is stored once and answered alike', async () => {
    const repeater = await addUser(t.app, admin.companyId, { userType: 'student' });
    const body = answers(0, 0, 2);
    const [first, again] = await Promise.all([submit(t.app, repeater, body), submit(t.app, repeater, body)]);
    expect([first.statusCode, again.statusCode], `${first.body} / ${again.body}`).toEqual([201, 201]);
    expect(again.json()).toEqual({ crisis: true });
    expect(first.json()).toEqual({ crisis: true });
    expect(await t.db.selectFrom('screenings').select('id').where('client_id', '=', repeater.user.id).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('urgent_cases').select('id').where('client_id', '=', repeater.user.id).execute()).toHaveLength(1);
    // Another client's submission under the same key is refused, not taken for theirs.
    const borrower = await addUser(t.app, admin.companyId, { userType: 'student' });
    expect((await submit(t.app, borrower, { ...answers(0, 0), uuid: body.uuid })).statusCode).toBe(422);
    expect(await t.db.selectFrom('screenings').select('id').where('client_id', '=', borrower.user.id).execute()).toEqual([]);
  });

  it('counselors do not answer them (403)', async () => {
    expect((await submit(t.app, counselor, answers(0, 0))).statusCode).toBe(403);
  });

  it('item 9 above "Not at all" opens the crisis path and raises one urgent case', async () => {
    const res = await submit(t.app, personnel, answers(0, 0, 1));
    expect(res.json()).toEqual({ crisis: true });
    const cases = await t.db.selectFrom('urgent_cases').selectAll().where('client_id', '=', personnel.user.id).execute();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ source: 'screening', acknowledged_at: null });
  });
});

describe('reading answers and scores', () => {
  it('a counselor outside the care team gets 403; once in it, reads the screenings, oldest first, and the read is recorded', async () => {
    const outside = await call(t.app, counselor, 'GET', `/api/clients/${student.user.id}/screenings`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(CARE_TEAM_ONLY);
    expect(await accessRows(t.db, student.user.id)).toHaveLength(0);
    await referTo(t.db, admin.companyId, counselor.user.id, student.user.id);
    const res = await call(t.app, counselor, 'GET', `/api/clients/${student.user.id}/screenings`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client).toEqual({ id: student.user.id, name: student.user.name });
    expect(body.screenings[0]).toMatchObject({ kind: 'intake', phq9: answers(2, 1).phq9, gad7: answers(2, 1).gad7, difficulty: 1, phq9_score: 16, gad7_band: 'mild' });
    const views = await accessRows(t.db, student.user.id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ viewer_id: counselor.user.id, kind: 'screenings', via: 'care_team', grant_id: null });
  });

  it('the client, a manager without the permission and a care-team counselor whose role lost it get 403; nothing is recorded', async () => {
    const lost = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['personnel'] });
    await referTo(t.db, admin.companyId, lost.user.id, student.user.id);
    for (const actor of [student, admin, lost]) {
      expect((await call(t.app, actor, 'GET', `/api/clients/${student.user.id}/screenings`)).statusCode).toBe(403);
    }
    expect(await accessRows(t.db, student.user.id)).toHaveLength(1);
  });

  it('a user who is not a counselor by type never reads them, whatever role or permission they hold (403)', async () => {
    const manager = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counselor'] });
    await referTo(t.db, admin.companyId, manager.user.id, student.user.id);
    // The counselor role held by a personnel user (as an administrator could give it before decision 0200) opens nothing.
    expect((await call(t.app, manager, 'GET', `/api/clients/${student.user.id}/screenings`)).statusCode).toBe(403);
    const roleId = (await t.db.insertInto('roles').values({ company_id: admin.companyId, name: 'readers', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    const perm = await t.db.selectFrom('permissions').select('id').where('name', '=', 'view screenings').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permission').values({ role_id: roleId, permission_id: perm.id }).execute();
    const reader = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['readers'] });
    expect((await call(t.app, reader, 'GET', `/api/clients/${student.user.id}/screenings`)).statusCode).toBe(403);
  });

  it('another company\'s counselor gets 404 (the client is invisible), a counselor\'s id is not a client (404), a bad id 422', async () => {
    expect((await call(t.app, otherCounselor, 'GET', `/api/clients/${student.user.id}/screenings`)).statusCode).toBe(404);
    expect((await call(t.app, counselor, 'GET', `/api/clients/${counselor.user.id}/screenings`)).statusCode).toBe(404);
    expect((await call(t.app, counselor, 'GET', '/api/clients/abc/screenings')).statusCode).toBe(422);
  });
});

describe('a repeat at a follow-up', () => {
  it('a counselor asks; the client sees the request; the next answers are a follow-up and close it', async () => {
    const res = await call(t.app, counselor, 'POST', `/api/clients/${student.user.id}/screening-requests`);
    expect(res.statusCode).toBe(201);
    const again = await call(t.app, counselor, 'POST', `/api/clients/${student.user.id}/screening-requests`);
    expect(again.json().requested_at).toBe(res.json().requested_at);
    expect((await call(t.app, student, 'GET', '/api/screenings/status')).json().requested).toBe(true);
    await submit(t.app, student, answers(1, 0));
    expect((await call(t.app, student, 'GET', '/api/screenings/status')).json().requested).toBe(false);
    const list = (await call(t.app, counselor, 'GET', `/api/clients/${student.user.id}/screenings`)).json();
    expect(list.screenings.map((s: { kind: string; phq9_score: number }) => [s.kind, s.phq9_score])).toEqual([['intake', 16], ['follow-up', 8]]);
    expect(list.requested_at).toBeNull();
  });

  it('the request route: 403 for clients and managers, 404 for another company\'s client, 422 for a bad id', async () => {
    for (const actor of [student, admin]) expect((await call(t.app, actor, 'POST', `/api/clients/${student.user.id}/screening-requests`)).statusCode).toBe(403);
    expect((await call(t.app, otherCounselor, 'POST', `/api/clients/${student.user.id}/screening-requests`)).statusCode).toBe(404);
    expect((await call(t.app, counselor, 'POST', '/api/clients/0/screening-requests')).statusCode).toBe(422);
  });
});

describe('an intake required at first booking', () => {
  it('a client\'s own booking is refused (422) until they answered; then the booking goes on to its own checks', async () => {
    await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ intake_mode: 'required' }));
    const client = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const body = { counselor_id: counselor.user.id, appointment_date: new Date(Date.now() + 86_400_000).toISOString(), reason: 'First session', category_id: 999_999, location_type: 'online' };
    const refused = await call(t.app, client, 'POST', '/api/appointments', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.intake).toEqual(['Please answer the intake questionnaire before your first booking.']);
    await submit(t.app, client, answers(0, 0));
    const next = await call(t.app, client, 'POST', '/api/appointments', body);
    expect(next.json().errors?.intake).toBeUndefined();
    await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ intake_mode: 'offered' }));
  });
});
