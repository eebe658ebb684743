import { randomUUID } from 'node:crypto';
import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpReceiver } from '../../../test/smtp-receiver';
import { startMailingLendingWorld, stopMailingLendingWorld } from '../../../test/lending/notice-mail';
import type { Mailer } from '../notifications/mailer';
import { NotificationWorker } from '../notifications/notification-worker';
import { EMAIL_WRITERS } from '../../email-writers';
import { call, daysAgo, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

// A customer's language (decision 0291): kept with the customer (null: the site's default), given by the API, and the
// language of the pawn notice's email, whoever sends it; through the SMTP receiver.

let w: LendingWorld;
let smtp: SmtpReceiver;
let mailer: Mailer;
const worker = () => new NotificationWorker(w.t.db, { writers: EMAIL_WRITERS, mailer, publicUrl: 'http://shop.test', leaseMs: 60_000, retryBaseMs: 1_000, now: () => Date.now() });

beforeAll(async () => {
  ({ w, smtp, mailer } = await startMailingLendingWorld(2));
});
afterAll(() => stopMailingLendingWorld({ w, smtp, mailer }));

/** A notice sent for a ticket in its redemption period, its pawner's language as given; the email as received. */
async function noticeMail(language: 'fil' | 'en' | null, branch?: number) {
  const email = `p-${randomUUID().slice(0, 8)}@example.test`;
  const customer = await makeCustomer(w.t, w.admin, { email, ...(language ? { language } : {}) });
  const loan = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(50) }), branch ? { [BRANCH_HEADER]: String(branch) } : {});
  expect(loan.statusCode, loan.body).toBe(201);
  expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.json().data.uuid}/notice`)).statusCode).toBe(201);
  await worker().runDue();
  const got = smtp.received.filter((r) => r.to.includes(email));
  expect(got).toHaveLength(1);
  return got[0].mail;
}

describe("a customer's language", () => {
  it('is kept, given back and changed; anything but Filipino or English is 422', async () => {
    const customer = await makeCustomer(w.t, w.admin, { language: 'fil' });
    const read = await call(w.t, w.admin, 'GET', `/api/customers/${customer.uuid}`);
    expect(read.json().data.language).toBe('fil');
    const changed = await call(w.t, w.admin, 'PUT', `/api/customers/${customer.uuid}`, { language: 'en', was: { language: 'fil' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.language).toBe('en');
    const bad = await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'A', last_name: 'B', language: 'de' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['language']);
    // A corrected change from the Sync panel comes back as an update: only fil or en, said in the clerk's language.
    const badUpdate = await call(w.t, w.admin, 'PUT', `/api/customers/${customer.uuid}`, { language: 'Tagalog' }, { 'accept-language': 'fil' });
    expect(badUpdate.statusCode).toBe(422);
    expect(badUpdate.json().errors).toEqual({ language: ['Filipino o English lang ang puwedeng piliing wika.'] });
    expect((await call(w.t, w.admin, 'GET', `/api/customers/${customer.uuid}`)).json().data.language).toBe('en');
    expect((await makeCustomer(w.t, w.admin)).uuid).toBeTruthy();
  });

  it("gives the pawner's language with the notice, which the printed letter is in (decision 0316)", async () => {
    const customer = await makeCustomer(w.t, w.admin, { language: 'fil' });
    const loan = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(50) }));
    const uuid = loan.json().data.uuid;
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${uuid}/notice`)).statusCode).toBe(201);
    const read = await call(w.t, w.admin, 'GET', `/api/loans/${uuid}/notice`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.customer_language).toBe('fil');
  });

  it("writes the notice's email in a Filipino pawner's language though the clerk reads English", async () => {
    const mail = await noticeMail('fil');
    expect(mail.subject).toMatch(/^Pawn ticket .+: matatapos na ang panahon ng pagtubos mo$/);
    expect(mail.text).toMatch(/^Mahal na Juan Dela Cruz,/);
    expect(mail.text).toContain('Ipinapaalala namin na matatapos sa');
    expect(mail.text).not.toContain('This is to remind you');
  });

  it("an English pawner's email is English in a Filipino site; one with no language follows the site's default", async () => {
    expect((await call(w.t, w.admin, 'POST', '/api/settings', { default_language: 'fil' })).statusCode).toBe(200);
    try {
      const english = await noticeMail('en');
      expect(english.subject).toMatch(/your redemption period is ending$/);
      expect(english.text).toMatch(/^Dear Juan Dela Cruz,/);
      const none = await noticeMail(null);
      expect(none.text).toMatch(/^Mahal na /);
    } finally {
      await call(w.t, w.admin, 'POST', '/api/settings', { default_language: null });
    }
  });
});

describe("the notice email's sender", () => {
  it("is the ticket's branch, as on the letter: its name, address and BSP registration, in the pawner's language (decision 0324)", async () => {
    const makati = { name: 'Santos Pawnshop Makati', address: '455 Ayala Avenue, Makati City', bsp_registration: 'PS-07-2021-00982' };
    const made = await call(w.t, w.admin, 'POST', '/api/branches', { ...makati, ticket_prefix: 'SMK' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await call(w.t, w.admin, 'POST', '/api/settings', { pawnshop_name: 'Santos Pawnshop Head Office', pawnshop_address: '1 Main St, Iloilo City' })).statusCode).toBe(200);
    const filipino = await noticeMail('fil', made.json().data.id);
    expect(filipino.from?.value[0]?.name).toBe(makati.name);
    expect(filipino.text).toContain(`${makati.name}\n${makati.address}\nRehistro sa BSP: ${makati.bsp_registration}\n`);
    expect(filipino.html).toContain('Rehistro sa BSP: PS-07-2021-00982');
    expect(filipino.text).not.toContain('Head Office');
    const english = await noticeMail('en', made.json().data.id);
    expect(english.from?.value[0]?.name).toBe(makati.name);
    expect(english.text).toContain(`${makati.name}\n${makati.address}\nBSP registration: ${makati.bsp_registration}\n`);
    expect(english.text).not.toContain('1 Main St');
  });
});
