import { randomUUID } from 'node:crypto';
import { LENDING_RULE_MESSAGES } from '@kalinga/contracts/lending/rule-messages';
import { RENEW_AFTER_EXPIRY } from '@kalinga/contracts/lending/rules';
import { syncPushReplySchema } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, daysAgo, lendingWorld, type LendingWorld, makeLoan } from '../../../test/lending/lending-helpers';
import { en } from '../../i18n/en';

// The lending rules' refusals reach a Filipino clerk in Filipino (decision 0290): from a single route through the
// error handler, and inside the queue's batch (POST /api/sync/push), whose results the Sync panel shows.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const FIL = { 'accept-language': 'fil' };
const RENEW_AFTER_EXPIRY_FIL = 'Expired na ang sanglang ito kaya hindi na ito mare-renew; puwede na lang itong tubusin o iremata.';

describe('lending refusals in the clerk’s language', () => {
  it('every rule sentence is in the server catalog, so the error handler can say it again', () => {
    const english = new Set<string>(Object.values(en));
    for (const [key, text] of Object.entries(LENDING_RULE_MESSAGES)) expect(english.has(text), key).toBe(true);
  });

  it('renewing an expired loan is refused in Filipino on the single route, in English without the header', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(200) });
    const fil = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: randomUUID() }, FIL);
    expect(fil.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(fil.json())).toContain(RENEW_AFTER_EXPIRY_FIL);
    expect(JSON.stringify(fil.json())).not.toContain(RENEW_AFTER_EXPIRY);
    const english = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: randomUUID() });
    expect(JSON.stringify(english.json())).toContain(RENEW_AFTER_EXPIRY);
  });

  it('a refused queued change comes back in Filipino from the batch, with its date named in Filipino', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(200) });
    const redeemed = await makeLoan(w, { loan_date: daysAgo(3) });
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${redeemed.uuid}/redeem`, {})).statusCode).toBe(200);
    const mutations = [
      { key: randomUUID(), operation: 'RENEW_LOAN', uuid: loan.uuid, body: { new_uuid: randomUUID() } },
      { key: randomUUID(), operation: 'REDEEM_LOAN', uuid: redeemed.uuid, body: {} },
      { key: randomUUID(), operation: 'REDEEM_LOAN', uuid: loan.uuid, body: { redemption_date: daysAgo(300) } },
    ];
    const res = await call(w.t, w.admin, 'POST', '/api/sync/push', { mutations }, FIL);
    expect(res.statusCode).toBe(200);
    const [renew, again, early] = syncPushReplySchema.parse(res.json()).results;
    expect(renew.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(renew.body)).toContain(RENEW_AFTER_EXPIRY_FIL);
    expect(again.body).toMatchObject({ message: 'Natubos na ang sanglang ito; hindi na ito aktibo.' });
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toContain('Hindi puwedeng mas maaga ang petsa kaysa sa petsa ng sangla.');
  });
});
