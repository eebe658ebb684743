// The urgent case's email carries nothing confidential, in either language (decisions 0163, 0200, 0258;
// docs/architecture.md#client-access): an intake that raises an urgent case tells the counselors on call, each in
// their own language, with a link to the Triage list and no name, answer, score, band or reason; what its writer reads
// for the email holds nothing of the case either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Actor, registerCompany, type TestApp } from '../../../test/harness';
import { startMailingApp, stopMailingApp } from '../../../test/mailing-app';
import { answers, call, safetyBody, submit } from '../../../test/screening/screening-helpers';
import { type SmtpReceiver } from '../../../test/smtp-receiver';
import { EMAIL_WRITERS } from '../../email-writers';
import type { Mailer } from './mailer';
import { NotificationWorker } from './notification-worker';
import type { OutboxRow } from './outbox.repository';
import { urgentEmail } from './urgent-email';

let t: TestApp;
let smtp: SmtpReceiver;
let mailer: Mailer;
let admin: Actor;
let filipino: Actor;
let english: Actor;
const PUBLIC_URL = 'https://care.example.test';

beforeAll(async () => {
  ({ t, smtp, mailer } = await startMailingApp(PUBLIC_URL));
  admin = await registerCompany(t.app, 'Paaralang Ligtas');
  filipino = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Lorna Lingkod' });
  english = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Edgar English' });
  await t.db.updateTable('users').set({ language: 'fil' }).where('id', '=', filipino.user.id).execute();
  await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', english.user.id).execute();
  const safety = await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ on_call_ids: [filipino.user.id, english.user.id] }));
  expect(safety.statusCode, safety.body).toBeLessThan(300);
});
afterAll(() => stopMailingApp({ t, smtp, mailer }));

/** What the client wrote and scored, and who they are: none of it may leave in an email. */
const CONFIDENTIAL = [/Zenaida/i, /Pribado/i, /\b27\b/, /\b21\b/, /severe|malubha/i, /moderate/i, /\bPHQ/i, /\bGAD/i, /self-harm|hurting|dead|saktan/i, /Nearly every day/i, /screening/i];

describe("the urgent case's email", () => {
  it('after a crisis intake goes to each counselor on call in their language, with the Triage link and nothing of the client', async () => {
    const client = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Zenaida Pribado' });
    // PHQ-9 27, GAD-7 21 (both severe), item 9 'Nearly every day': an urgent case.
    expect((await submit(t.app, client, answers(3, 3, 3))).json()).toEqual({ crisis: true });
    await new NotificationWorker(t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: PUBLIC_URL }).runDue();
    await smtp.waitFor(2);
    const to = (actor: Actor) => smtp.received.find((r) => r.to.includes(actor.user.email))!.mail;
    const fil = to(filipino);
    const en = to(english);
    expect(fil.subject).toBe('Urgent: may kliyenteng nangangailangan ng counselor ngayon');
    expect(fil.text).toContain('Magandang araw, Lorna Lingkod,');
    expect(fil.text).toContain(`Buksan ang listahan ng Triage: ${PUBLIC_URL}/triage`);
    expect(String(fil.html)).toContain('<html lang="fil">');
    expect(en.subject).toBe('Urgent: a client needs a counselor now');
    expect(en.text).toContain(`Open the Triage list: ${PUBLIC_URL}/triage`);
    for (const mail of [fil, en]) {
      for (const part of [mail.subject ?? '', mail.text ?? '', String(mail.html)]) for (const secret of CONFIDENTIAL) expect(part).not.toMatch(secret);
      expect(mail.attachments ?? []).toHaveLength(0);
    }
  });

  it('is written from a payload that holds only the recipient, the company and the link, and rows that say only "urgent"', async () => {
    const rows = (await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'urgent').execute()) as OutboxRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ appointment_id: null, actor_id: null, appointment_date: null, previous_date: null, reason: null, series_id: null, pawn_notice_id: null });
      const draft = await urgentEmail.read(t.db, row, { publicUrl: PUBLIC_URL, now: Date.now() });
      expect(Object.keys(draft!.payload).sort()).toEqual(['company', 'link', 'name']);
      for (const secret of CONFIDENTIAL) expect(JSON.stringify(draft)).not.toMatch(secret);
    }
    const notices = await t.db.selectFrom('notifications').selectAll().where('kind', '=', 'urgent').execute();
    expect(notices.length).toBe(rows.length);
    for (const n of notices) expect(n).toMatchObject({ appointment_id: null, actor_id: null, appointment_date: null, previous_date: null, reason: null });
  });
});
