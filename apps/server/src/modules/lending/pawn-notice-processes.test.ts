// One notice when two server processes are asked at once (decision 0184): each process is a real `node` process with
// its own pool on one PostgreSQL database, and both would email; the unique notice row lets one of them.
// PostgreSQL only: SQLite is one file on one machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServers, type Servers } from '../../../test/server-processes';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver';
import { call, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer } from '../../../test/lending/lending-helpers';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

let w: LendingWorld;
let smtp: SmtpReceiver;
let a: Servers;
let b: Servers;

describe.skipIf(!onPostgres)('a notice sent from two server processes at once', () => {
  beforeAll(async () => {
    smtp = await startSmtpReceiver({ parse: false });
    w = await lendingWorld();
    const env = { SMTP_URL: smtp.url, SMTP_FROM: 'shop@example.test' };
    [a, b] = await Promise.all([startServers(w.t.config.database, w.t.config.dataDir, 1, env), startServers(w.t.config.database, w.t.config.dataDir, 1, env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await w?.t.close();
    await smtp?.close();
  });

  it('records one notice and sends one email; every other send is refused', async () => {
    const customer = await makeCustomer(w.t, w.admin, { email: 'both@example.test' });
    // w.category: one month, then 30 days: a loan of 50 days ago is in its redemption period.
    const loan = (await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(50) }))).json().data as { uuid: string };
    const send = (server: Servers) => fetch(`${server.url}/api/loans/${loan.uuid}/notice`, { method: 'POST', headers: w.admin.headers }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i % 2 ? a : b)));
    expect(statuses.sort()).toEqual([201, ...Array<number>(11).fill(409)]);
    // The email goes through the outbox (decision 0192): each process runs a worker; one of them sends it.
    await smtp.waitFor(1, 15_000);
    const rows = () =>
      w.t.db
        .selectFrom('pawn_notices')
        .innerJoin('loans', 'loans.id', 'pawn_notices.loan_id')
        .innerJoin('outbox', 'outbox.pawn_notice_id', 'pawn_notices.id')
        .select(['outbox.status'])
        .where('loans.uuid', '=', loan.uuid)
        .execute();
    // The worker marks the row sent right after the receiver took the message.
    await expect.poll(rows, { timeout: 5_000 }).toEqual([{ status: 'sent' }]);
    // Both workers keep looking (each polls every second): still one email.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.count()).toBe(1);
  });

  it('a repeat with the same Idempotency-Key on the other process answers the first result; one email', async () => {
    const customer = await makeCustomer(w.t, w.admin, { email: 'keyed@example.test' });
    const loan = (await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(50) }))).json().data as { uuid: string };
    const headers = { ...w.admin.headers, 'idempotency-key': `notice-${loan.uuid}` };
    const send = (server: Servers) => fetch(`${server.url}/api/loans/${loan.uuid}/notice`, { method: 'POST', headers }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const [one, two] = await Promise.all([send(a), send(b)]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body).toBe(one.body);
    await smtp.waitFor(2, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.count()).toBe(2);
  });
});
