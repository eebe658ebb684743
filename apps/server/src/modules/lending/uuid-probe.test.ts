import { randomUUID } from 'node:crypto';
import { UUID_UNUSABLE } from '@kalinga/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan } from '../../../test/lending/lending-helpers';

// Decision 0124: posting another company's record uuid must not answer "uuid has already been taken", which tells
// the sender that the record exists elsewhere. The answer is the one any colliding new uuid gets, in words that say
// nothing of where the record is (docs/decisions/0124-uuid-collisions.md).

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const refusal = (field: string) => ({ message: UUID_UNUSABLE, errors: { [field]: [UUID_UNUSABLE] } });

describe("another company's uuids", () => {
  it('customer, loan, item and category uuids of company A, sent by company B, get the neutral refusal and nothing of A', async () => {
    const loan = await makeLoan(w);
    const theirCustomer = await makeCustomer(w.t, w.admin, { first_name: 'Secret', last_name: 'Pawner' });
    const mine = await makeCustomer(w.t, w.other);
    const answers = [
      await call(w.t, w.other, 'POST', '/api/customers', { uuid: theirCustomer.uuid, first_name: 'X', last_name: 'Y' }),
      await call(w.t, w.other, 'POST', '/api/loans', loanBody(mine.uuid, w.otherCategory.id, { uuid: loan.uuid })),
      await call(w.t, w.other, 'POST', '/api/categories', { uuid: w.category.uuid, kind: 'lending', title: 'X' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(refusal('uuid'));
      expect(res.body).not.toMatch(/taken|already|exists|another|company|Secret|Pawner|Jewellery/i);
    }
    const items = await call(w.t, w.other, 'POST', '/api/loans', loanBody(mine.uuid, w.otherCategory.id, { items: [{ uuid: loan.items[0].uuid, description: 'Ring', appraisal_value: 10 }] }));
    expect(items.statusCode).toBe(422);
    expect(items.json().errors['items.0.uuid']).toEqual([UUID_UNUSABLE]);
  });

  it('is the same answer a colliding new uuid gets inside the company (a renewal naming an existing loan)', async () => {
    const loan = await makeLoan(w);
    const own = await makeLoan(w);
    const inside = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: own.uuid });
    expect(inside.statusCode).toBe(422);
    const theirs = await makeLoan(w, {}, w.other);
    const across = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: theirs.uuid });
    expect(across.statusCode).toBe(422);
    expect(across.json()).toEqual(inside.json());
    expect(across.json()).toEqual(refusal('new_uuid'));
    // A fresh uuid is taken as new.
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: randomUUID() })).statusCode).toBe(200);
  });
});
