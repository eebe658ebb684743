import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auctionSentence, noticeAmountDue, noticeAuction, noticeDue, noticeLines, noticeProblem, noticeWindowEnd } from './notice-rules';
import { addDays, amountsDue, forfeitProblem, LOAN_STATUSES, type LoanFigures, newLoanFigures } from './rules';

// Properties of the notice before the redemption period ends (decision 0184), over generated tickets and days.

const day = fc.integer({ min: 0, max: 15_000 }).map((n) => addDays('2000-01-01', n));
const loan: fc.Arbitrary<LoanFigures> = fc
  .record({
    loanDate: day,
    amount: fc.integer({ min: 1, max: 10_000_000_000 }),
    rate: fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
    months: fc.integer({ min: 1, max: 12 }),
    fast: fc.boolean(),
    status: fc.constantFrom(...LOAN_STATUSES),
  })
  .map(({ loanDate, amount, rate, months, fast, status }) => {
    const f = newLoanFigures({
      loan_date: loanDate,
      loan_amount: amount,
      appraisal_value: amount,
      terms: { interest_rate: rate, penalty_rate: rate, loan_period: months, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: true, fast_depreciating: fast },
    });
    return { status, loan_date: loanDate, maturity_date: f.maturity_date, expiry_date: f.expiry_date, loan_amount: amount, interest_rate: rate, penalty_rate: rate };
  });
const offset = fc.integer({ min: -400, max: 400 });
const noticeDays = fc.integer({ min: 1, max: 90 });

describe('the notice before the redemption period ends', () => {
  it('is listed exactly when an active ticket’s period ends within the shop’s days from today', () => {
    fc.assert(
      fc.property(loan, offset, noticeDays, (l, back, days) => {
        const today = addDays(l.expiry_date, back);
        const listed = noticeDue(l, today, days);
        expect(listed).toBe(l.status === 'active' && back <= 0 && -back <= days);
        expect(noticeWindowEnd(today, days)).toBe(addDays(today, days));
      }),
    );
  });

  it('may be recorded on any day up to the period’s end and never after; a listed ticket can always be sent it', () => {
    fc.assert(
      fc.property(loan, offset, noticeDays, (l, back, days) => {
        const today = addDays(l.expiry_date, back);
        const problem = noticeProblem(l, today);
        expect(problem === null).toBe(l.status === 'active' && back <= 0);
        if (noticeDue(l, today, days)) expect(problem).toBeNull();
        // The notice comes while the item may not be forfeited yet: never both at once.
        if (problem === null) expect(forfeitProblem(l, today, { sent: true, mayOverride: true })).not.toBeNull();
      }),
    );
  });

  it('states what redeeming costs on the last day of the period: never less than the principal, never less than earlier', () => {
    fc.assert(
      fc.property(loan, fc.integer({ min: 0, max: 200 }), (l, earlier) => {
        const due = noticeAmountDue(l);
        expect(Number.isInteger(due)).toBe(true);
        expect(due).toBeGreaterThanOrEqual(l.loan_amount);
        const before = addDays(l.expiry_date, -earlier);
        if (before >= l.loan_date) expect(amountsDue(l, before).redeem_total).toBeLessThanOrEqual(due);
      }),
    );
  });
});

describe('the auction a notice names (decision 0194)', () => {
  const place = fc.option(fc.string({ maxLength: 40 }), { nil: null });
  it('names the date only when it is after the period ends, the place whenever it is set, and nothing else', () => {
    fc.assert(
      fc.property(fc.option(day, { nil: null }), place, day, (date, where, expiry) => {
        const named = noticeAuction({ pawn_auction_date: date, pawn_auction_place: where }, expiry);
        const trimmed = where?.trim() || null;
        expect(named?.date ?? null).toBe(date !== null && date > expiry ? date : null);
        expect(named?.place ?? null).toBe(trimmed);
        expect(named === null).toBe(!(date !== null && date > expiry) && trimmed === null);
      }),
    );
  });

  it('the last sentence of the letter and email names what is set', () => {
    const words = { shop: 'Santos Pawnshop', shopAddress: null, pawner: 'Maria', ticket: 'PT-1', expiry: 'March 2, 2027', amountDue: '₱1,000.00', items: ['ring'] };
    expect(noticeLines(words).at(-1)).toBe('If the pawn is not redeemed or renewed by the end of the redemption period, it will be forfeited and may be sold at a public auction.');
    expect(noticeLines({ ...words, auction: { date: 'March 15, 2027', place: 'Santos Pawnshop, Jaro, Iloilo City' } }).at(-1)).toBe(
      'If the pawn is not redeemed or renewed by the end of the redemption period, it will be forfeited and may be sold at the public auction on March 15, 2027 at Santos Pawnshop, Jaro, Iloilo City.',
    );
    expect(auctionSentence({ date: null, place: 'the shop' })).toMatch(/sold at the public auction at the shop\.$/);
    expect(auctionSentence({ date: 'May 1, 2027', place: null })).toMatch(/sold at the public auction on May 1, 2027\.$/);
  });
});
