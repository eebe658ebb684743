import { randomUUID } from 'node:crypto';
import { NOTICE_SUBJECT, noticeAmountDue } from '@kalinga/contracts/lending/notice-rules';
import { addDays, toPesos } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import type { Mailer } from '../notifications/mailer';
import { NotificationWorker } from '../notifications/notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import type { SmtpReceiver } from '../../../test/smtp-receiver';
import { startMailingLendingWorld, stopMailingLendingWorld } from '../../../test/lending/notice-mail';
import { call, daysAgo, type LendingWorld, loanBody, makeCategory, makeCustomer, TODAY } from '../../../test/lending/lending-helpers';

// The notice before a redemption period ends and the auction list (decisions 0184, 0185): the list of tickets to
// notify, one notice a ticket however many sends arrive at once, the email where the pawner has an address, and the
// forfeited items with what their notice recorded. On SQLite and PostgreSQL.

let w: LendingWorld;
let smtp: SmtpReceiver;
let mailer: Mailer;
/** The notification worker's pass over the outbox, as each server process runs it (decision 0192). */
const deliver = () => new NotificationWorker(w.t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: 'http://shop.test' }).runDue();
/** 30 days to maturity, then the 30-day floor of a fast-depreciating category: expiry = loan date + 60. */
let days30: { id: number };

beforeAll(async () => {
  ({ w, smtp, mailer } = await startMailingLendingWorld(1));
  days30 = await makeCategory(w.t, w.admin, { title: 'Phones', interest_rate: 3, penalty_rate: 2, loan_period: 30, loan_period_type: 'day', loan_period_expiry: 30, fast_depreciating: true });
  await call(w.t, w.admin, 'POST', '/api/settings', { business_name: 'Santos Pawnshop', business_address: 'Jaro, Iloilo City' });
});
afterAll(() => stopMailingLendingWorld({ w, smtp, mailer }));

/** A ticket whose redemption period ends `inDays` days from today. */
async function ticketEnding(inDays: number, customer: Record<string, unknown> = {}) {
  const c = await makeCustomer(w.t, w.admin, { last_name: `Notice ${randomUUID().slice(0, 8)}`, ...customer });
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(c.uuid, days30.id, { loan_date: daysAgo(60 - inDays), loan_amount: 1000 }));
  expect(res.statusCode).toBe(201);
  const loan = res.json().data as { uuid: string; loan_date: string; maturity_date: string; expiry_date: string; pawn_ticket_number: string };
  expect(loan.expiry_date).toBe(addDays(TODAY(), inDays));
  // What redeeming costs on the period's last day, by the shared rules (the months started depend on the calendar).
  const due = toPesos(noticeAmountDue({ ...loan, status: 'active', loan_amount: 100_000, interest_rate: 3, penalty_rate: 2 }));
  return { ...loan, due };
}

const send = (uuid: string) => call(w.t, w.admin, 'POST', `/api/loans/${uuid}/notice`);
const noticeRows = (uuid: string) => w.t.db.selectFrom('pawn_notices').innerJoin('loans', 'loans.id', 'pawn_notices.loan_id').select('pawn_notices.id').where('loans.uuid', '=', uuid).execute();

describe('the tickets to notify', () => {
  it('lists active tickets whose period ends within the shop’s days, soonest first; others and other companies’ are left out', async () => {
    await call(w.t, w.admin, 'POST', '/api/settings', { pawn_notice_days: 10 });
    const soon = await ticketEnding(3);
    const edge = await ticketEnding(10);
    const later = await ticketEnding(11);
    const res = await call(w.t, w.admin, 'GET', '/api/pawn-notices?per_page=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ within_days: 10, email_configured: true });
    const uuids = body.data.map((r: { loan_uuid: string }) => r.loan_uuid);
    expect(uuids).toContain(soon.uuid);
    expect(uuids).toContain(edge.uuid);
    expect(uuids).not.toContain(later.uuid);
    expect(uuids.indexOf(soon.uuid)).toBeLessThan(uuids.indexOf(edge.uuid));
    const row = body.data.find((r: { loan_uuid: string }) => r.loan_uuid === soon.uuid);
    expect(soon.due).toBeGreaterThan(1000);
    expect(row).toMatchObject({ pawn_ticket_number: soon.pawn_ticket_number, amount_due: soon.due, notice: null, items: [{ description: '18k gold ring', appraisal_value: 1500 }] });
    const wider = await call(w.t, w.admin, 'GET', '/api/pawn-notices?per_page=100&within_days=11');
    expect(wider.json().data.map((r: { loan_uuid: string }) => r.loan_uuid)).toContain(later.uuid);
    expect((await call(w.t, w.other, 'GET', '/api/pawn-notices?per_page=100')).json().data).toEqual([]);
    expect((await call(w.t, w.viewer, 'GET', '/api/pawn-notices')).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'GET', '/api/pawn-notices?within_days=0')).statusCode).toBe(422);
  });
});

describe('sending a notice', () => {
  it('records it and emails the pawner who has an address through the outbox; a second send is refused with the first one’s date', async () => {
    const loan = await ticketEnding(5, { email: 'pawner@example.test', first_name: 'Maria' });
    const before = smtp.count();
    const res = await send(loan.uuid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.notice).toMatchObject({ email: 'pawner@example.test', email_status: 'sending', expiry_date: loan.expiry_date, amount_due: loan.due, sent_by: w.admin.user.name });
    expect(smtp.count()).toBe(before);
    await deliver();
    expect(smtp.count()).toBe(before + 1);
    expect((await call(w.t, w.viewer, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.notice.email_status).toBe('sent');
    const mail = smtp.received[smtp.received.length - 1];
    expect(mail.to).toEqual(['pawner@example.test']);
    expect(mail.mail.subject).toBe(NOTICE_SUBJECT(loan.pawn_ticket_number));
    expect(mail.mail.text).toContain('Dear Maria');
    expect(mail.mail.text).toContain(new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(loan.due));
    // Signed by the ticket's branch (the company's first branch, named for it), with the shop's address where the
    // branch has none, as the letter is (decisions 0324, 0338).
    expect(mail.mail.text).toContain('Pawnshop One\nJaro, Iloilo City');
    const again = await send(loan.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^A notice for this ticket was already sent on \w+ \d+, \d{4}\.$/);
    await deliver();
    expect(smtp.count()).toBe(before + 1);
    expect(await noticeRows(loan.uuid)).toHaveLength(1);
  });

  it('ten sends at once record one notice and send one email', async () => {
    const loan = await ticketEnding(7, { email: 'ten@example.test' });
    const before = smtp.count();
    const replies = await Promise.all(Array.from({ length: 10 }, () => send(loan.uuid)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await noticeRows(loan.uuid)).toHaveLength(1);
    await deliver();
    expect(smtp.count()).toBe(before + 1);
  });

  it('without an email address it is recorded for the letter; the letter reads it back', async () => {
    const loan = await ticketEnding(2);
    const res = await send(loan.uuid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.notice).toMatchObject({ email: null, email_status: 'none' });
    const letter = await call(w.t, w.viewer, 'GET', `/api/loans/${loan.uuid}/notice`);
    expect(letter.statusCode).toBe(200);
    expect(letter.json().data.notice.email_status).toBe('none');
  });

  it('a refused email keeps the record (failed, with the reason) and is not sent again', async () => {
    const loan = await ticketEnding(4, { email: 'refused@example.test' });
    smtp.refuseNext(1, 550, 'No such mailbox');
    const res = await send(loan.uuid);
    expect(res.statusCode).toBe(201);
    await deliver();
    const notice = (await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}/notice`)).json().data.notice;
    expect(notice.email_status).toBe('failed');
    expect(notice.email_error).toContain('No such mailbox');
    expect((await send(loan.uuid)).statusCode).toBe(409);
  });

  it('is refused for a ticket no longer active, or whose period ended; nothing is recorded', async () => {
    const redeemed = await ticketEnding(6);
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${redeemed.uuid}/redeem`, {})).statusCode).toBe(200);
    const r = await send(redeemed.uuid);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('This loan is redeemed, not active.');
    const ended = await ticketEnding(-1);
    const e = await send(ended.uuid);
    expect(e.statusCode).toBe(409);
    expect(e.json().message).toBe(`The redemption period of this ticket ended on ${ended.expiry_date}; the notice is sent before it ends.`);
    expect(await noticeRows(redeemed.uuid)).toHaveLength(0);
    expect(await noticeRows(ended.uuid)).toHaveLength(0);
  });

  it("another company's ticket is not found (404), a viewer may not send (403), a junk uuid is 422", async () => {
    const loan = await ticketEnding(8);
    expect((await call(w.t, w.other, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(404);
    expect((await call(w.t, w.other, 'GET', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(403);
    expect((await call(w.t, w.admin, 'POST', '/api/loans/not-a-uuid/notice')).statusCode).toBe(422);
    expect(await noticeRows(loan.uuid)).toHaveLength(0);
  });

  it('every read (the list, a letter, the auction list) needs view lending (403)', async () => {
    const loan = await ticketEnding(8);
    const outsider = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: [] });
    for (const url of ['/api/pawn-notices', `/api/loans/${loan.uuid}/notice`, '/api/auction-list']) {
      expect((await call(w.t, outsider, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(w.t, w.viewer, 'GET', url)).statusCode, url).toBe(200);
    }
    expect((await call(w.t, outsider, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(403);
    expect(await noticeRows(loan.uuid)).toHaveLength(0);
  });
});

describe('the auction list', () => {
  it('lists a forfeited ticket’s items with its dates and what its notice recorded, until sold', async () => {
    const loan = await ticketEnding(-2);
    // The notice went out before the period ended (written here as the send would have, then).
    const row = await w.t.db.selectFrom('loans').select(['id', 'company_id']).where('uuid', '=', loan.uuid).executeTakeFirstOrThrow();
    await w.t.db.insertInto('pawn_notices').values({ company_id: row.company_id, loan_id: row.id, expiry_date: loan.expiry_date, amount_due: 108240, email: null, email_status: 'none', email_error: null, sent_by: w.admin.user.id, sent_at: `${daysAgo(10)}T02:00:00.000Z` }).execute();
    await w.t.db.updateTable('loans').set({ notice_sent_at: `${daysAgo(10)}T02:00:00.000Z` }).where('id', '=', row.id).execute();
    const f = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect(f.statusCode).toBe(200);
    const list = await call(w.t, w.viewer, 'GET', '/api/auction-list?per_page=100');
    expect(list.statusCode).toBe(200);
    const entry = list.json().data.find((r: { loan_uuid: string }) => r.loan_uuid === loan.uuid);
    expect(entry).toMatchObject({ description: '18k gold ring', item_status: 'forfeited', forfeiture_date: TODAY(), expiry_date: loan.expiry_date, notice: { email_status: 'none', amount_due: 1082.4, sent_at: `${daysAgo(10)}T02:00:00.000Z` } });
    expect((await call(w.t, w.other, 'GET', '/api/auction-list?per_page=100')).json().data).toEqual([]);
    // Selling follows the item's own flow; a sold item leaves the list.
    const item = entry.item_uuid as string;
    expect((await call(w.t, w.admin, 'PUT', `/api/items/${item}/process-forfeited`, { selling_price: 2000 })).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'GET', '/api/auction-list?per_page=100')).json().data.find((r: { item_uuid: string }) => r.item_uuid === item)).toMatchObject({ item_status: 'for_sale', selling_price: 2000 });
    expect((await call(w.t, w.admin, 'POST', `/api/items/${item}/mark-as-sold`, { final_selling_price: 2100, buyer_name: 'Pedro' })).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'GET', '/api/auction-list?per_page=100')).json().data.find((r: { item_uuid: string }) => r.item_uuid === item)).toBeUndefined();
  });

  it('needs view lending (a signed-out call is 401)', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: '/api/auction-list' })).statusCode).toBe(401);
  });
});
