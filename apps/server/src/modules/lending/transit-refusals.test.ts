import { randomUUID } from 'node:crypto';
import { BRANCH_HEADER } from '@kalinga/contracts/lending/branches';
import { ITEM_IN_TRANSIT } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, daysAgo, lendingWorld, type LendingWorld, makeLoan, markNotified } from '../../../test/lending/lending-helpers';

// An item travelling between vaults (decision 0303) leaves with nobody (decision 0323): its ticket is not redeemed or
// forfeited, and it is not put up for sale or sold, until the branch it was sent to receives it (409, in the
// caller's language). A send and a redemption racing apply one of the two. SQLite, and PostgreSQL with DATABASE_URL.

let w: LendingWorld;
let main: number;
let makati: number;
beforeAll(async () => {
  w = await lendingWorld();
  main = (await call(w.t, w.admin, 'GET', '/api/branches')).json().data[0].id;
  makati = (await call(w.t, w.admin, 'POST', '/api/branches', { name: 'Makati', ticket_prefix: 'MKT' })).json().data.id;
});
afterAll(async () => w?.t.close());

const at = (branch: number) => ({ [BRANCH_HEADER]: String(branch) });
const send = (item: string) => call(w.t, w.admin, 'POST', `/api/items/${item}/transfer`, { uuid: randomUUID(), to_branch_id: makati }, at(main));
const receive = async (transfer: string) => expect((await call(w.t, w.admin, 'POST', `/api/transfers/${transfer}/receive`, undefined, at(makati))).statusCode).toBe(200);

describe('an item in transit', () => {
  it('holds its ticket’s redemption until received: 409 with the rule’s sentence, in Filipino too; the item reads as travelling', async () => {
    const loan = await makeLoan(w, {}, w.admin);
    const sent = await send(loan.items[0].uuid);
    expect(sent.statusCode).toBe(201);
    const read = await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`);
    expect(read.json().data.items[0]).toMatchObject({ branch_id: main, in_transit: true });
    const refused = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ITEM_IN_TRANSIT);
    const filipino = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, { 'accept-language': 'fil' });
    expect(filipino.statusCode).toBe(409);
    expect(filipino.json().message).toMatch(/^May gamit ang tiket na ito na papunta pa sa ibang branch/);
    // Nothing was written: the loan is active, the register holds only the disbursement.
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data.status).toBe('active');
    expect((await w.t.db.selectFrom('transactions').select('type').where('loan_uuid', '=', loan.uuid).execute()).map((t) => t.type)).toEqual(['disbursement']);

    await receive(sent.json().data.uuid);
    const redeemed = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}, at(makati));
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().data.items[0]).toMatchObject({ branch_id: makati, in_transit: false, status: 'redeemed' });
  });

  it('holds a forfeiture, and a forfeited item’s sale, until received', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(70) }, w.admin);
    await markNotified(w, loan.uuid);
    const item = loan.items[0].uuid;
    const first = await send(item);
    expect(first.statusCode).toBe(201);
    const forfeit = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect([forfeit.statusCode, forfeit.json().message]).toEqual([409, ITEM_IN_TRANSIT]);
    await receive(first.json().data.uuid);
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {}, at(makati))).statusCode).toBe(200);

    // Forfeited, sent back to the first branch: not put up for sale on the way.
    const back = await call(w.t, w.admin, 'POST', `/api/items/${item}/transfer`, { uuid: randomUUID(), to_branch_id: main }, at(makati));
    expect(back.statusCode).toBe(201);
    const process = await call(w.t, w.admin, 'PUT', `/api/items/${item}/process-forfeited`, { selling_price: 900 }, at(main));
    expect([process.statusCode, process.json().message]).toEqual([409, ITEM_IN_TRANSIT]);
    expect((await call(w.t, w.admin, 'POST', `/api/transfers/${back.json().data.uuid}/receive`, undefined, at(main))).statusCode).toBe(200);
    expect((await call(w.t, w.admin, 'PUT', `/api/items/${item}/process-forfeited`, { selling_price: 900 }, at(main))).statusCode).toBe(200);

    // For sale, sent to Makati: not sold on the way.
    const away = await send(item);
    expect(away.statusCode).toBe(201);
    const sale = { final_selling_price: 950, buyer_name: 'Juana Bili' };
    const sold = await call(w.t, w.admin, 'POST', `/api/items/${item}/mark-as-sold`, sale, at(main));
    expect([sold.statusCode, sold.json().message]).toEqual([409, ITEM_IN_TRANSIT]);
    await receive(away.json().data.uuid);
    expect((await call(w.t, w.admin, 'POST', `/api/items/${item}/mark-as-sold`, sale, at(makati))).statusCode).toBe(200);
  });

  it('a send and a redemption racing: one applies, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const loan = await makeLoan(w, {}, w.admin);
      const [sent, redeemed] = await Promise.all([send(loan.items[0].uuid), call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {})]);
      expect([sent.statusCode, redeemed.statusCode]).toEqual(sent.statusCode === 201 ? [201, 409] : [409, 200]);
      const row = await w.t.db.selectFrom('items').select(['status', 'in_transit']).where('uuid', '=', loan.items[0].uuid).executeTakeFirstOrThrow();
      expect(row.status === 'redeemed' ? row.in_transit : 0).toBe(0);
    }
  });
});
