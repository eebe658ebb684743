import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALREADY_REVERSED,
  cashDifference,
  cashEffect,
  cashPosition,
  CLOSED_DAY,
  closedDayProblem,
  DAY_IN_FUTURE,
  DAY_TOO_FAR_BACK,
  openDayProblem,
  type EntryType,
  REASON_MAX,
  REASON_MIN,
  type RegisterEntry,
  REVERSAL_OF_REVERSAL,
  reversalProblem,
  reversalReason,
  withReversals,
} from './register';

// Properties of the append-only register's rules (decision 0187), over generated registers.

const TYPES: EntryType[] = ['disbursement', 'interest', 'penalty', 'redemption', 'renewal', 'sale'];
const entryArb = fc.record({ uuid: fc.uuid(), type: fc.constantFrom(...TYPES), amount: fc.integer({ min: 1, max: 10_000_000_000 }) });

/** A register: entries, some of them reversed (each at most once), in the order they were written. */
const registerArb = fc
  .uniqueArray(entryArb, { selector: (e) => e.uuid, maxLength: 20 })
  .chain((entries) => fc.tuple(fc.constant(entries), fc.array(fc.boolean(), { minLength: entries.length, maxLength: entries.length })))
  .map(([entries, reversed]) => {
    const out: RegisterEntry[] = [...entries];
    entries.forEach((e, i) => {
      if (reversed[i]) out.push({ uuid: `r-${e.uuid}`, type: e.type, amount: e.amount, reverses_uuid: e.uuid });
    });
    return out;
  });

describe('reversing entries', () => {
  it('an entry and its reversal leave the drawer as before', () => {
    fc.assert(fc.property(entryArb, (e) => cashEffect(e) + cashEffect({ ...e, uuid: 'r', reverses_uuid: e.uuid }) === 0));
  });

  it('a loan paid out takes cash out; every payment brings it in', () => {
    fc.assert(fc.property(entryArb, (e) => Math.sign(cashEffect(e)) === (e.type === 'disbursement' ? -1 : 1)));
  });

  it('the cash of a register is the cash of its entries not reversed', () => {
    fc.assert(
      fc.property(registerArb, (register) => {
        const reversed = new Set(register.map((e) => e.reverses_uuid).filter(Boolean));
        const total = register.reduce((sum, e) => sum + cashEffect(e), 0);
        const kept = register.filter((e) => !e.reverses_uuid && !reversed.has(e.uuid)).reduce((sum, e) => sum + cashEffect(e), 0);
        return total === kept;
      }),
    );
  });

  it('may reverse only an entry that is no reversal and not yet reversed', () => {
    fc.assert(
      fc.property(registerArb, (register) => {
        for (const e of register) {
          const reversal = register.find((r) => r.reverses_uuid === e.uuid);
          const problem = reversalProblem(e, reversal);
          if (e.reverses_uuid) expect(problem).toBe(REVERSAL_OF_REVERSAL);
          else if (reversal) expect(problem).toBe(ALREADY_REVERSED);
          else expect(problem).toBeNull();
        }
      }),
    );
  });

  it('shows every entry once, each reversal beside the entry it reverses', () => {
    fc.assert(
      fc.property(registerArb, fc.boolean(), (register, dropSome) => {
        // A device may hold a reversal whose original is on another page: it is then a line of its own.
        const shown = dropSome ? register.filter((_, i) => i % 3 !== 0) : register;
        const lines = withReversals(shown);
        const seen = lines.flatMap((l) => [l.entry.uuid, ...(l.reversedBy ? [l.reversedBy.uuid] : [])]);
        expect(seen.sort()).toEqual(shown.map((e) => e.uuid).sort());
        for (const l of lines) if (l.reversedBy) expect(l.reversedBy.reverses_uuid).toBe(l.entry.uuid);
      }),
    );
  });

  it('keeps a reason trimmed, refusing one too short or too long', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.string({ maxLength: 3 }).map((s) => s.replace(/\S/g, ' ')), (text, pad) => {
        const kept = reversalReason(pad + text + pad);
        const trimmed = text.trim();
        expect(kept).toBe(trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX ? trimmed : null);
      }),
    );
  });
});

describe('the day\'s cash', () => {
  const floatArb = fc.integer({ min: 0, max: 100_000_000 });

  it('expects the float plus what came in less what went out, reversals undone', () => {
    fc.assert(
      fc.property(floatArb, registerArb, (float, register) => {
        const p = cashPosition(float, register);
        expect(p.expected).toBe(float + p.interest + p.penalties + p.redemptions + p.renewals + p.sales - p.disbursed + p.reversals);
        // Every reversed entry counts for nothing: the same as the float and the entries never reversed.
        const reversed = new Set(register.map((e) => e.reverses_uuid).filter(Boolean));
        expect(p.expected).toBe(cashPosition(float, register.filter((e) => !e.reverses_uuid && !reversed.has(e.uuid))).expected);
      }),
    );
  });

  it('does not depend on the order of the entries', () => {
    fc.assert(fc.property(floatArb, registerArb, fc.integer(), (float, register, seed) => {
      const shuffled = [...register].sort((a, b) => ((a.uuid.charCodeAt(0) ^ seed) - (b.uuid.charCodeAt(0) ^ seed)));
      expect(cashPosition(float, shuffled)).toEqual(cashPosition(float, register));
    }));
  });

  it('records the count less the expected cash as the difference', () => {
    fc.assert(fc.property(floatArb, registerArb, floatArb, (float, register, counted) => {
      const p = cashPosition(float, register);
      expect(cashDifference(p, counted) + p.expected).toBe(counted);
      expect(cashDifference(p, p.expected)).toBe(0);
    }));
  });

  it('refuses an entry dated in a closed day only', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { maxLength: 10 }), fc.integer({ min: 1, max: 28 }), (closed, day) => {
      const date = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
      const problem = closedDayProblem(date(day), new Set(closed.map(date)));
      expect(problem).toBe(closed.includes(day) ? CLOSED_DAY(date(day)) : null);
    }));
  });

  it('opens only today or yesterday: never a day ahead, never further back (decision 0218)', () => {
    const base = Date.UTC(2024, 0, 1);
    const dayOf = (n: number) => new Date(base + n * 86_400_000).toISOString().slice(0, 10);
    fc.assert(fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: -400, max: 400 }), (t, offset) => {
      const problem = openDayProblem(dayOf(t + offset), dayOf(t));
      expect(problem).toBe(offset > 0 ? DAY_IN_FUTURE : offset < -1 ? DAY_TOO_FAR_BACK : null);
    }));
  });
});
