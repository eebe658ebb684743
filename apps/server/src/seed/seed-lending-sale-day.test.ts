import { addDaysToDate, localDateOf, todayIn } from '@kalinga/contracts/zone-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertCompany } from '../modules/companies/company.repository';
import { bumpVersion } from '../db/sync-version';
import { makeCustomers, makeLoans } from './lending-book';
import { seededRandom } from './random';
import { insertBook, insertLendingCategories } from './seed-lending';

// The demo book dates a loan's last change by the company's day of a sale, not the sale instant's UTC date
// (decision 0380): a sale at 01:30 in Manila is the next day there.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('insertBook', () => {
  it("dates a sold ticket's last change on the company's day of the sale", async () => {
    const company = (await t.db.transaction().execute((trx) => insertCompany(trx, 'Sale Day Co', 'Asia/Manila'))).id;
    const rand = seededRandom(7);
    const today = todayIn('Asia/Manila');
    const soldAt = await t.db.transaction().execute(async (trx) => {
      const version = await bumpVersion(trx, company);
      const categories = await insertLendingCategories(trx, company, version, rand);
      const customers = makeCustomers(rand, 40, today);
      const loans = makeLoans(rand, { customers: customers.length, count: 200, today, categories });
      const sold = loans.find((l) => l.forfeiture_date !== null && l.items.some((i) => i.sold_at !== null));
      if (!sold?.forfeiture_date) throw new Error('the book has no sold item');
      const item = sold.items.find((i) => i.sold_at !== null)!;
      // 17:30 UTC on the forfeiture's day: 01:30 the next day in Manila.
      item.sold_at = `${sold.forfeiture_date}T17:30:00.000Z`;
      await insertBook(trx, { companyId: company, userId: null, version, rand, customers, loans });
      return item.sold_at;
    });
    const row = await t.db
      .selectFrom('items')
      .innerJoin('loans', 'loans.id', 'items.loan_id')
      .select(['loans.updated_at', 'loans.forfeiture_date'])
      .where('items.company_id', '=', company)
      .where('items.sold_at', '=', soldAt)
      .executeTakeFirstOrThrow();
    expect(localDateOf(row.updated_at, 'Asia/Manila')).toBe(addDaysToDate(row.forfeiture_date!, 1));
  });
});
