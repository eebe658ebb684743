import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import type { SmtpReceiver } from '../../../test/smtp-receiver';
import { startMailingLendingWorld, stopMailingLendingWorld } from '../../../test/lending/notice-mail';
import type { Mailer } from '../notifications/mailer';
import { NotificationWorker } from '../notifications/notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { claimDue } from '../notifications/outbox.repository';
import { KEY_REUSED } from './idempotency';
import { dayWords } from './pawn-notice-email';
import { addDays } from '@kalinga/contracts/lending/rules';
import { call, daysAgo, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// A pawn notice's email goes through the outbox (decision 0192): written with the notice in one transaction, sent
// once by the worker of whichever process claims it, tried again after a failure; a process stopping between the
// notice and the email leaves it queued. The send honours the Idempotency-Key. On SQLite and PostgreSQL.

let w: LendingWorld;
let smtp: SmtpReceiver;
let mailer: Mailer;
const LEASE_MS = 60_000;
const worker = (now = Date.now()) => new NotificationWorker(w.t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: 'http://shop.test', leaseMs: LEASE_MS, retryBaseMs: 1_000, now: () => now });

beforeAll(async () => {
  ({ w, smtp, mailer } = await startMailingLendingWorld(2));
});
afterAll(() => stopMailingLendingWorld({ w, smtp, mailer }));

/** A ticket in its redemption period (w.category: one month, then 30 days), its pawner with an address. */
async function ticket(email: string | null = `p-${randomUUID().slice(0, 8)}@example.test`) {
  const customer = await makeCustomer(w.t, w.admin, email ? { email } : {});
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(50) }));
  expect(res.statusCode, res.body).toBe(201);
  return { uuid: (res.json().data as { uuid: string }).uuid, email };
}
const send = (uuid: string, key?: string) => call(w.t, w.admin, 'POST', `/api/loans/${uuid}/notice`, undefined, key ? { 'idempotency-key': key } : {});
const mailsTo = (address: string | null) => smtp.received.filter((r) => r.to.includes(address ?? '')).length;
const outboxOf = (uuid: string) =>
  w.t.db
    .selectFrom('outbox')
    .innerJoin('pawn_notices', 'pawn_notices.id', 'outbox.pawn_notice_id')
    .innerJoin('loans', 'loans.id', 'pawn_notices.loan_id')
    .select(['outbox.status', 'outbox.attempts', 'outbox.kind', 'outbox.recipient_id'])
    .where('loans.uuid', '=', uuid)
    .execute();

describe('the Idempotency-Key of a send', () => {
  it('a repeat with the same key answers the first result; another send of the ticket is still refused', async () => {
    const loan = await ticket();
    const key = randomUUID();
    const first = await send(loan.uuid, key);
    expect(first.statusCode).toBe(201);
    const again = await send(loan.uuid, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const other = await send(loan.uuid, randomUUID());
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/^A notice for this ticket was already sent on /);
    expect((await send(loan.uuid)).statusCode).toBe(409);
    await worker().runDue();
    expect(mailsTo(loan.email)).toBe(1);
    expect(await outboxOf(loan.uuid)).toEqual([{ status: 'sent', attempts: 1, kind: 'pawn_notice', recipient_id: w.admin.user.id }]);
  });

  it('the same key for another ticket is 422; a junk key is 422; nothing is recorded', async () => {
    const a = await ticket();
    const b = await ticket();
    const key = randomUUID();
    expect((await send(a.uuid, key)).statusCode).toBe(201);
    const reused = await send(b.uuid, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.idempotency_key).toEqual([KEY_REUSED]);
    expect((await send(b.uuid, 'has spaces in it')).statusCode).toBe(422);
    expect(await outboxOf(b.uuid)).toEqual([]);
  });

  it('two sends at once with one key both answer the first result; with two keys one is refused', async () => {
    const loan = await ticket();
    const key = randomUUID();
    const same = await Promise.all([send(loan.uuid, key), send(loan.uuid, key)]);
    expect(same.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(same[1].body).toBe(same[0].body);
    const other = await ticket();
    const two = await Promise.all([send(other.uuid, randomUUID()), send(other.uuid, randomUUID())]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    await Promise.all([worker().runDue(), worker().runDue()]);
    expect(mailsTo(loan.email)).toBe(1);
    expect(mailsTo(other.email)).toBe(1);
  });

  it("another company's ticket is 404 and a viewer's send 403, key or not; nothing is queued", async () => {
    const loan = await ticket();
    expect((await call(w.t, w.other, 'POST', `/api/loans/${loan.uuid}/notice`, undefined, { 'idempotency-key': randomUUID() })).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${loan.uuid}/notice`, undefined, { 'idempotency-key': randomUUID() })).statusCode).toBe(403);
    const outsider = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: [] });
    expect((await call(w.t, outsider, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(403);
    expect(await outboxOf(loan.uuid)).toEqual([]);
  });
});

describe('the email through the outbox', () => {
  it('a process that stops after the notice is written (its claim held, nothing sent) leaves one email, sent once later', async () => {
    const loan = await ticket();
    expect((await send(loan.uuid)).statusCode).toBe(201);
    // A worker claims the row and its process stops before sending: the claim is held until its lease runs out.
    const t0 = Date.now();
    const claimed = await claimDue(w.t.db, { now: new Date(t0).toISOString(), leaseUntil: new Date(t0 + LEASE_MS).toISOString(), token: 'stopped', limit: 100, channels: ['email'] });
    expect(claimed.some((r) => r.kind === 'pawn_notice')).toBe(true);
    await worker(t0 + 1_000).runDue();
    expect(mailsTo(loan.email)).toBe(0);
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.notice.email_status).toBe('sending');
    // After the lease, two workers (two processes) look at once: one sends it.
    await Promise.all([worker(t0 + LEASE_MS + 1_000).runDue(), worker(t0 + LEASE_MS + 1_000).runDue()]);
    expect(mailsTo(loan.email)).toBe(1);
    await worker(t0 + 3 * LEASE_MS).runDue();
    expect(mailsTo(loan.email)).toBe(1);
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.notice).toMatchObject({ email_status: 'sent', email_error: null });
  });

  it('a failure the mail server calls passing is tried again: sending meanwhile, then sent once', async () => {
    const loan = await ticket();
    expect((await send(loan.uuid)).statusCode).toBe(201);
    smtp.refuseNext(1, 451, 'Try again later');
    const t0 = Date.now();
    await worker(t0).runDue();
    expect(mailsTo(loan.email)).toBe(0);
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.notice.email_status).toBe('sending');
    await worker(t0 + 60_000).runDue();
    expect(mailsTo(loan.email)).toBe(1);
    expect(await outboxOf(loan.uuid)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('the email names the auction the settings name when it is sent: its date only when after the period ends (decision 0194)', async () => {
    const loan = await ticket();
    const expiry = ((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.expiry_date) as string;
    const after = addDays(expiry, 10);
    expect((await call(w.t, w.admin, 'POST', '/api/settings', { pawn_auction_date: after, pawn_auction_place: 'Santos Pawnshop, Jaro, Iloilo City' })).statusCode).toBe(200);
    expect((await send(loan.uuid)).statusCode).toBe(201);
    await worker().runDue();
    const mail = smtp.received.filter((r) => r.to.includes(loan.email ?? '')).at(-1)!;
    expect(mail.mail.text).toContain(`may be sold at the public auction on ${dayWords(after)} at Santos Pawnshop, Jaro, Iloilo City.`);
    // An auction on the period's last day cannot sell this pawn: only its place is named.
    const early = await ticket();
    expect((await call(w.t, w.admin, 'POST', '/api/settings', { pawn_auction_date: expiry })).statusCode).toBe(200);
    expect((await send(early.uuid)).statusCode).toBe(201);
    await worker().runDue();
    const text = smtp.received.filter((r) => r.to.includes(early.email ?? '')).at(-1)!.mail.text;
    expect(text).toContain('may be sold at the public auction at Santos Pawnshop, Jaro, Iloilo City.');
    await call(w.t, w.admin, 'POST', '/api/settings', { pawn_auction_date: null, pawn_auction_place: null });
  });

  it('the notice keeps the auction the settings named when it was sent: a later change of the settings changes neither its email nor its letter', async () => {
    const loan = await ticket();
    const expiry = ((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.expiry_date) as string;
    const first = addDays(expiry, 5);
    expect((await call(w.t, w.admin, 'POST', '/api/settings', { pawn_auction_date: first, pawn_auction_place: 'Main Branch, Iloilo' })).statusCode).toBe(200);
    expect((await send(loan.uuid)).statusCode).toBe(201);
    // The shop moves its auction before the email goes out and before the letter is printed.
    expect((await call(w.t, w.admin, 'POST', '/api/settings', { pawn_auction_date: addDays(expiry, 30), pawn_auction_place: 'New Branch, Bacolod' })).statusCode).toBe(200);
    await worker().runDue();
    const text = smtp.received.filter((r) => r.to.includes(loan.email ?? '')).at(-1)!.mail.text;
    expect(text).toContain(`may be sold at the public auction on ${dayWords(first)} at Main Branch, Iloilo.`);
    const letter = (await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.notice;
    expect(letter.auction).toEqual({ date: first, place: 'Main Branch, Iloilo' });
    await call(w.t, w.admin, 'POST', '/api/settings', { pawn_auction_date: null, pawn_auction_place: null });
  });

  it("the administrators' deliveries list (its rows name users) leaves the notices' emails out, pending or sent", async () => {
    const loan = await ticket();
    expect((await send(loan.uuid)).statusCode).toBe(201);
    for (const status of ['pending', 'sent'] as const) {
      const list = await call(w.t, w.admin, 'GET', `/api/notifications/deliveries?status=${status}&limit=200`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.filter((d: { recipient_email: string }) => d.recipient_email === w.admin.user.email)).toEqual([]);
      await worker().runDue();
    }
  });

  it('a pawner without an address gets no outbox row: the notice is for a printed letter', async () => {
    const loan = await ticket(null);
    const res = await send(loan.uuid);
    expect(res.json().data.notice).toMatchObject({ email: null, email_status: 'none' });
    expect(await outboxOf(loan.uuid)).toEqual([]);
  });
});
