// Urgent cases and the Triage list (decisions 0163, 0164): raising once, telling the counselors on call in the
// app and by email with a link and no content, acknowledging, escalating once; and what an email, a notification
// or a report may carry: never a client's answers, scores or bands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { type Mailer } from '../notifications/mailer';
import { NotificationWorker } from '../notifications/notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { answers, call, safetyBody, submit } from '../../../test/screening/screening-helpers';
import { escalateDueCases } from './urgent-cases';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';

let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let admin: Actor;
let onCall: Actor;
let offCall: Actor;
let student: Actor;
let other: Actor;
let otherCounselor: Actor;
const PUBLIC_URL = 'https://care.example.test';

const notificationsOf = (userId: number) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', '=', 'urgent').execute();

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp(PUBLIC_URL));
  admin = await registerCompany(t.app, 'Triage School');
  onCall = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Olive On-Call' });
  offCall = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Otto Off-Call' });
  student = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Sofia Unique-Student' });
  other = await registerCompany(t.app, 'Other Triage School');
  otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
  await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ on_call_ids: [onCall.user.id], escalation_minutes: 15 }));
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));

describe('"I need help now"', () => {
  it('raises one urgent case and tells the counselors on call, in the app and by email, once', async () => {
    const first = await call(t.app, student, 'POST', '/api/urgent-cases');
    expect(first.statusCode).toBe(201);
    expect(first.json().created).toBe(true);
    const again = await call(t.app, student, 'POST', '/api/urgent-cases');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json().id, created: false });
    expect(await notificationsOf(onCall.user.id)).toHaveLength(1);
    expect(await notificationsOf(offCall.user.id)).toHaveLength(0);
    await new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL }).runDue();
    expect(smtp.received.map((r) => r.to)).toEqual([[onCall.user.email]]);
    const mail = smtp.received[0].mail;
    expect(mail.subject).toBe('Urgent: a client needs a counselor now');
    expect(mail.text).toContain(`${PUBLIC_URL}/triage`);
  });

  it('counselors do not raise cases (403); signed out 401', async () => {
    expect((await call(t.app, onCall, 'POST', '/api/urgent-cases')).statusCode).toBe(403);
    expect((await call(t.app, null, 'POST', '/api/urgent-cases')).statusCode).toBe(401);
  });
});

describe('the Triage list', () => {
  it('shows open urgent cases first, then intakes by severity; clients and managers get 403', async () => {
    const mild = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Mild Client' });
    const severe = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Severe Client' });
    await submit(t.app, mild, answers(1, 0));
    await submit(t.app, severe, answers(3, 3));
    const res = await call(t.app, offCall, 'GET', '/api/triage');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { kind: string; client_name: string; band: string | null; action: string }[];
    expect(rows.map((r) => [r.kind, r.client_name, r.band])).toEqual([
      ['urgent', 'Sofia Unique-Student', null],
      ['intake', 'Severe Client', 'severe'],
      ['intake', 'Mild Client', 'mild'],
    ]);
    expect(rows[0].action).toBe('Counselors on call told; waiting for a counselor');
    for (const actor of [student, admin]) expect((await call(t.app, actor, 'GET', '/api/triage')).statusCode).toBe(403);
  });

  it('a counselor acknowledges a case (recorded); another counselor again is 409, the same one 204; another company 404; a bad id 422; a client 403', async () => {
    const id = (await t.db.selectFrom('urgent_cases').select('id').where('client_id', '=', student.user.id).executeTakeFirstOrThrow()).id;
    expect((await call(t.app, otherCounselor, 'POST', `/api/urgent-cases/${id}/acknowledge`)).statusCode).toBe(404);
    expect((await call(t.app, student, 'POST', `/api/urgent-cases/${id}/acknowledge`)).statusCode).toBe(403);
    expect((await call(t.app, offCall, 'POST', '/api/urgent-cases/x/acknowledge')).statusCode).toBe(422);
    expect((await call(t.app, offCall, 'POST', `/api/urgent-cases/${id}/acknowledge`)).statusCode).toBe(204);
    expect((await call(t.app, onCall, 'POST', `/api/urgent-cases/${id}/acknowledge`)).statusCode).toBe(409);
    // The same counselor again (a double click, a resend after a lost reply): done already, not another's.
    expect((await call(t.app, offCall, 'POST', `/api/urgent-cases/${id}/acknowledge`)).statusCode).toBe(204);
    const row = await t.db.selectFrom('urgent_cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.acknowledged_by).toBe(offCall.user.id);
    const list = (await call(t.app, onCall, 'GET', '/api/triage')).json().data as { kind: string; action: string }[];
    expect(list[0]).toMatchObject({ kind: 'intake' });
    expect(list.find((r) => r.kind === 'urgent')?.action).toBe('Acknowledged by Otto Off-Call');
    // Acknowledged, the client may raise a new case.
    expect((await call(t.app, student, 'POST', '/api/urgent-cases')).statusCode).toBe(201);
  });
});

describe('escalation', () => {
  it('a case nobody acknowledged in time goes to every counselor, once however often the sweep runs', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    await call(t.app, client, 'POST', '/api/urgent-cases');
    const before = (await notificationsOf(offCall.user.id)).length;
    const open = await t.db.selectFrom('urgent_cases').select('id').where('company_id', '=', admin.companyId).where('acknowledged_at', 'is', null).execute();
    expect(await escalateDueCases(t.db, Date.now())).toBe(0); // not due yet
    const later = Date.now() + 16 * 60_000;
    const swept = await Promise.all([escalateDueCases(t.db, later), escalateDueCases(t.db, later), escalateDueCases(t.db, later)]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(open.length);
    expect(await escalateDueCases(t.db, later + 60_000)).toBe(0);
    const row = await t.db.selectFrom('urgent_cases').selectAll().where('client_id', '=', client.user.id).executeTakeFirstOrThrow();
    expect(row.escalated_at).not.toBeNull();
    expect((await notificationsOf(offCall.user.id)).length).toBe(before + open.length);
  });
});

describe('confidentiality: answers and scores never leave in emails, notifications or reports', () => {
  it('after a crisis screening, nothing sent or shown outside the counselors\' screen carries them', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Zed Private-Person' });
    smtp.received.length = 0;
    // PHQ-9 27 (severe), GAD-7 21 (severe), item 9 'Nearly every day'.
    expect((await submit(t.app, client, answers(3, 3, 3))).json()).toEqual({ crisis: true });
    await new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL }).runDue();
    expect(smtp.received.length).toBeGreaterThan(0);
    const forbidden = [/Zed/i, /Private-Person/i, /\b27\b/, /\b21\b/, /severe/i, /moderate/i, /PHQ/i, /GAD/i, /self-harm|hurting|dead/i, /Nearly every day/i];
    for (const { mail } of smtp.received) {
      for (const text of [mail.subject ?? '', mail.text ?? '', String(mail.html)]) for (const f of forbidden) expect(text).not.toMatch(f);
    }
    const rows = await t.db.selectFrom('notifications').selectAll().where('kind', '=', 'urgent').execute();
    for (const row of rows) expect(row).toMatchObject({ appointment_id: null, reason: null, previous_date: null });
    // The in-app list, as the counselor's bell reads it.
    const inbox = (await call(t.app, onCall, 'GET', '/api/notifications')).json().data as Record<string, unknown>[];
    expect(inbox.length).toBeGreaterThan(0);
    // Its times aside: a created_at of '…:02:27…' is no score.
    for (const { created_at: _at, read_at: _read, ...n } of inbox.filter((i) => i.kind === 'urgent')) for (const f of forbidden) expect(JSON.stringify(n)).not.toMatch(f);
    // Reports: every report the manager reads.
    for (const path of ['appointments-by-category-daily', 'appointments-by-age-daily', 'appointments-by-department-daily']) {
      const res = await call(t.app, admin, 'GET', `/api/reports/${path}`);
      expect(res.statusCode, path).toBe(200);
      for (const f of forbidden.slice(0, 2)) expect(res.body).not.toMatch(f);
    }
  });
});

describe('races: two tabs, two counselors (one conditional statement each)', () => {
  it('two presses at once raise one case and tell each counselor on call once', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    const before = (await notificationsOf(onCall.user.id)).length;
    const replies = await Promise.all([1, 2, 3].map(() => call(t.app, client, 'POST', '/api/urgent-cases')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(1);
    expect(await t.db.selectFrom('urgent_cases').select('id').where('client_id', '=', client.user.id).execute()).toHaveLength(1);
    expect(await notificationsOf(onCall.user.id)).toHaveLength(before + 1);
  });

  it('a press and a crisis screening at once: one case', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const [press, screening] = await Promise.all([call(t.app, client, 'POST', '/api/urgent-cases'), submit(t.app, client, answers(1, 1, 2))]);
    expect(press.statusCode).toBeLessThan(300);
    expect(screening.json()).toEqual({ crisis: true });
    expect(await t.db.selectFrom('urgent_cases').select('id').where('client_id', '=', client.user.id).execute()).toHaveLength(1);
  });

  it('two counselors acknowledging at once: one records it (204), the other is told 409', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    const id = (await call(t.app, client, 'POST', '/api/urgent-cases')).json().id as number;
    const replies = await Promise.all([onCall, offCall].map((c) => call(t.app, c, 'POST', `/api/urgent-cases/${id}/acknowledge`)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const winner = replies[0].statusCode === 204 ? onCall : offCall;
    const row = await t.db.selectFrom('urgent_cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.acknowledged_by).toBe(winner.user.id);
  });
});
