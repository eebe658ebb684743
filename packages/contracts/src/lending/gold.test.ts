import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appraiseMetal, gramsText, isPurityOf, LTV_MAX, LTV_MIN, MAX_CENTIGRAMS, MAX_RATE_CENTAVOS, parseGrams, RATE_KEYS, rateFor, rateIsStale, suggestedPrincipal } from './gold';
import { isBelowLowLoanFloor } from './redemption';
import { addDays } from './rules';

const centigrams = fc.integer({ min: 0, max: MAX_CENTIGRAMS });
const rate = fc.integer({ min: 0, max: MAX_RATE_CENTAVOS });
const appraised = fc.integer({ min: 0, max: MAX_CENTIGRAMS * MAX_RATE_CENTAVOS / 100 });
const ltv = fc.integer({ min: 0, max: 150 });

describe('weights in grams to the centigram', () => {
  it('reads what it writes, for every weight', () => {
    fc.assert(fc.property(centigrams, (cg) => parseGrams(gramsText(cg)) === cg));
  });

  it('reads grams from the text, not through a float', () => {
    expect(parseGrams('0.29')).toBe(29);
    expect(parseGrams('12.5')).toBe(1250);
    expect(parseGrams(' 7 ')).toBe(700);
    expect(parseGrams('3.')).toBe(300);
  });

  it('refuses a third decimal, a sign and words', () => {
    for (const text of ['1.234', '-1', '+2', 'ten', '', '1,5', '.5e1']) expect(parseGrams(text)).toBeNull();
  });
});

describe('appraising metal at the day rate', () => {
  it('is weight times rate, never above it and less than a centavo below it', () => {
    fc.assert(
      fc.property(centigrams, rate, (cg, r) => {
        const value = appraiseMetal(cg, r);
        expect(Number.isInteger(value)).toBe(true);
        expect(value * 100).toBeLessThanOrEqual(cg * r);
        expect((value + 1) * 100).toBeGreaterThan(cg * r);
      }),
    );
  });

  it('grows with the weight and with the rate', () => {
    fc.assert(
      fc.property(centigrams, centigrams, rate, (a, b, r) => {
        const [light, heavy] = a <= b ? [a, b] : [b, a];
        expect(appraiseMetal(light, r)).toBeLessThanOrEqual(appraiseMetal(heavy, r));
        expect(appraiseMetal(r % MAX_CENTIGRAMS, light)).toBeLessThanOrEqual(appraiseMetal(r % MAX_CENTIGRAMS, heavy));
      }),
    );
  });

  it('values 12.34 g of 18K at ₱3,050.75 a gram at ₱37,646.25', () => {
    expect(appraiseMetal(1234, 305_075)).toBe(3_764_625);
  });
});

describe('the suggested principal', () => {
  it('never falls below the 30 % floor and never exceeds the value', () => {
    fc.assert(
      fc.property(appraised, ltv, (value, percent) => {
        const amount = suggestedPrincipal(value, percent);
        expect(amount).toBeLessThanOrEqual(value);
        expect(isBelowLowLoanFloor(amount, value)).toBe(false);
      }),
    );
  });

  it("is the category's share rounded down, or the floor when that share rounds below it", () => {
    fc.assert(
      fc.property(appraised, fc.integer({ min: LTV_MIN, max: LTV_MAX }), (value, percent) => {
        const amount = suggestedPrincipal(value, percent);
        const share = Math.floor((value * percent) / 100);
        expect(amount === share || (amount === share + 1 && isBelowLowLoanFloor(share, value))).toBe(true);
      }),
    );
  });

  it('grows with the ratio', () => {
    fc.assert(
      fc.property(appraised, ltv, ltv, (value, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(suggestedPrincipal(value, low)).toBeLessThanOrEqual(suggestedPrincipal(value, high));
      }),
    );
  });

  it('lends ₱70 on ₱100 at 70 %', () => {
    expect(suggestedPrincipal(10_000, 70)).toBe(7_000);
    expect(suggestedPrincipal(10_001, 30)).toBe(3_001);
  });
});

describe('the rate a ticket uses', () => {
  const day = fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2024-01-01', n));
  const rateRow = fc.record({
    key: fc.constantFrom(...RATE_KEYS),
    rate: rate,
    rate_date: day,
    set_at: fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString()),
  }).map(({ key, ...r }) => ({ ...key, ...r }));

  it('is the newest of its metal and purity: no other of them is set for a later day or later the same day', () => {
    fc.assert(
      fc.property(fc.array(rateRow, { maxLength: 30 }), fc.constantFrom(...RATE_KEYS), (rows, key) => {
        const found = rateFor(rows, key.metal, key.purity);
        const same = rows.filter((r) => r.metal === key.metal && r.purity === key.purity);
        if (same.length === 0) {
          expect(found).toBeUndefined();
          return;
        }
        expect(found && same.includes(found)).toBe(true);
        for (const r of same) expect(r.rate_date < found!.rate_date || (r.rate_date === found!.rate_date && r.set_at <= found!.set_at)).toBe(true);
      }),
    );
  });

  it('is stale exactly when it was set for a day before the ticket', () => {
    fc.assert(fc.property(day, day, (rateDay, ticketDay) => {
        expect(rateIsStale(rateDay, ticketDay)).toBe(rateDay < ticketDay);
      }));
  });

  it('knows each metal by its own purities', () => {
    expect(isPurityOf('gold', '18K')).toBe(true);
    expect(isPurityOf('gold', '925')).toBe(false);
    expect(isPurityOf('silver', '925')).toBe(true);
  });
});

describe('the weight on the wire', () => {
  it('reads the same after a device checked and queued it (grams stay grams)', async () => {
    const { loanItemInputSchema } = await import('./schemas');
    const item = { uuid: crypto.randomUUID(), description: 'Ring', appraisal_value: 100, metal: 'gold', purity: '18K', weight_grams: '12.34', metal_rate_id: 1 };
    const once = loanItemInputSchema.parse(item);
    const twice = loanItemInputSchema.parse(once);
    expect(once.weight_grams).toBe(12.34);
    expect(twice.weight_grams).toBe(12.34);
    expect(loanItemInputSchema.safeParse({ ...item, weight_grams: 1.234 }).success).toBe(false);
    expect(loanItemInputSchema.safeParse({ ...item, weight_grams: undefined }).success).toBe(false);
  });
});
