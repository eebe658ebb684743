import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, COVERED_THRESHOLD, coveredTransactions, KYC_FIELDS, kycProblem, missingKyc, type KycRecord } from './kyc-rules';
import { addDays, daysBetween } from './rules';

// Properties of the know-your-customer rule and the covered transactions (decision 0186).

const text = fc.oneof(fc.constant(null), fc.constant(''), fc.constant('  '), fc.string({ minLength: 1, maxLength: 8 }));
const record: fc.Arbitrary<KycRecord> = fc.record(Object.fromEntries(KYC_FIELDS.map(([f]) => [f, text])) as Record<string, fc.Arbitrary<string | null>>);
const centavos = fc.integer({ min: 1, max: 10_000_000_000 });

describe('know your customer before a first loan', () => {
  it('refuses exactly a first loan above the amount for a record with a blank field, naming every blank field', () => {
    fc.assert(
      fc.property(record, centavos, fc.option(centavos, { nil: null }), fc.nat(3), (customer, amount, threshold, earlier) => {
        const problem = kycProblem({ customer, loanAmount: amount, threshold, earlierLoans: earlier });
        const blanks = KYC_FIELDS.filter(([f]) => !(customer[f] ?? '').trim());
        expect(problem !== null).toBe(threshold !== null && earlier === 0 && amount > threshold && blanks.length > 0);
        expect(missingKyc(customer)).toEqual(blanks.map(([, w]) => w));
        if (problem) for (const [, words] of blanks) expect(problem).toContain(words);
      }),
    );
  });

  it('a full record passes at any amount', () => {
    const full = Object.fromEntries(KYC_FIELDS.map(([f]) => [f, 'x'])) as KycRecord;
    fc.assert(fc.property(centavos, centavos, (amount, threshold) => kycProblem({ customer: full, loanAmount: amount, threshold, earlierLoans: 0 }) === null));
  });
});

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));
const loans = fc.array(
  fc.record({ uuid: fc.uuid(), customer_uuid: fc.constantFrom('a', 'b', 'c'), loan_date: fc.constantFrom('2026-11-23', '2026-11-24', '2026-11-27'), loan_amount: fc.integer({ min: 1, max: 2 * COVERED_THRESHOLD }) }),
  { maxLength: 12 },
);

describe('covered transactions', () => {
  it('flags every loan above ₱500,000 and every customer-day above it, each loan in at most one day entry', () => {
    fc.assert(
      fc.property(loans, (ls) => {
        const covered = coveredTransactions(ls);
        for (const l of ls) {
          const single = covered.filter((c) => c.kind === 'single' && c.loan_uuids[0] === l.uuid);
          expect(single.length).toBe(l.loan_amount > COVERED_THRESHOLD ? 1 : 0);
        }
        const byDay = new Map<string, number>();
        for (const l of ls) byDay.set(`${l.customer_uuid} ${l.loan_date}`, (byDay.get(`${l.customer_uuid} ${l.loan_date}`) ?? 0) + l.loan_amount);
        for (const [key, total] of byDay) {
          const [customer, date] = key.split(' ');
          // A customer-day above the threshold is reported: as its covered loan(s), or as one day entry.
          const reported = covered.some((c) => c.customer_uuid === customer && c.date === date);
          expect(reported).toBe(total > COVERED_THRESHOLD);
        }
        for (const c of covered) {
          expect(c.total).toBeGreaterThan(COVERED_THRESHOLD);
          expect(c.file_by > c.date).toBe(true);
        }
      }),
    );
  });

  it('is filed within 5 working days: 5 to 7 calendar days later, never on a weekend', () => {
    fc.assert(
      fc.property(day, (d) => {
        const by = addWorkingDays(d, 5);
        expect(daysBetween(d, by)).toBeGreaterThanOrEqual(5);
        expect(daysBetween(d, by)).toBeLessThanOrEqual(7);
        expect([0, 6]).not.toContain(new Date(`${by}T00:00:00Z`).getUTCDay());
      }),
    );
    expect(addWorkingDays('2026-11-27', 5)).toBe('2026-12-04'); // a Friday: the next Friday
  });
});
