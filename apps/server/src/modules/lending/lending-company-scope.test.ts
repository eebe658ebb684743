import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, daysAgo, lendingWorld, type LendingWorld, makeLoan } from '../../../test/lending/lending-helpers';
import { itemsOfLoans, setItemsOfLoan } from './item.repository';
import { addToAppraisal } from './loan.repository';
import { itemsOfLoans as noticeItemsOfLoans, noticesOfLoans } from './pawn-notice.repository';
import { notePrint } from './ticket-print.repository';

// Architecture rule 5 (decision 0266): a repository function over a company's rows takes the company id, so another
// company's id reaches none of them, even with the right loan id.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const loanRow = (id: number) => w.t.db.selectFrom('loans').select(['appraisal_value', 'prints', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
const itemStatuses = async (loanId: number) => (await w.t.db.selectFrom('items').select('status').where('loan_id', '=', loanId).execute()).map((r) => r.status);

describe("another company's id reaches no lending row", () => {
  it("reads none of a loan's items or its notice", async () => {
    // w.category: one month, then 30 days: a loan of 50 days ago is in its redemption period, so its notice may be sent.
    const loan = await makeLoan(w, { loan_date: daysAgo(50) });
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(201);
    const own = w.admin.companyId;
    const other = w.other.companyId;

    expect(await itemsOfLoans(w.t.db, own, [loan.id])).toHaveLength(1);
    expect(await itemsOfLoans(w.t.db, other, [loan.id])).toEqual([]);
    expect((await noticeItemsOfLoans(w.t.db, own, [loan.id])).get(loan.id)).toHaveLength(1);
    expect((await noticeItemsOfLoans(w.t.db, other, [loan.id])).size).toBe(0);
    expect((await noticesOfLoans(w.t.db, own, [loan.id])).has(loan.id)).toBe(true);
    expect((await noticesOfLoans(w.t.db, other, [loan.id])).size).toBe(0);
  });

  it("changes none of a loan's items, its appraisal or its prints", async () => {
    const loan = await makeLoan(w);
    const before = await loanRow(loan.id);
    const other = w.other.companyId;
    const now = new Date().toISOString();

    await setItemsOfLoan(w.t.db, other, loan.id, 'pawned', { status: 'redeemed', updated_at: now });
    expect(await itemStatuses(loan.id)).toEqual(['pawned']);
    await addToAppraisal(w.t.db, other, loan.id, 100_000, Number(before.version) + 1, now);
    await expect(notePrint(w.t.db, other, loan.id, { firstPrintedAt: now, conflict: false, version: Number(before.version) + 1, now })).rejects.toThrow();
    expect(await loanRow(loan.id)).toEqual(before);

    // The company's own id reaches them: the checks above can fail.
    await setItemsOfLoan(w.t.db, w.admin.companyId, loan.id, 'pawned', { status: 'redeemed', updated_at: now });
    expect(await itemStatuses(loan.id)).toEqual(['redeemed']);
    await addToAppraisal(w.t.db, w.admin.companyId, loan.id, 100_000, Number(before.version) + 1, now);
    expect(Number((await loanRow(loan.id)).appraisal_value)).toBe(Number(before.appraisal_value) + 100_000);
  });
});
