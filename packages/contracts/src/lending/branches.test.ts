import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchInputSchema, branchTicketNumber, type ItemPlace, parseTicketNumber, TICKET_PREFIX, type TransferEvent, transferStep, vaultsCounting } from './branches';

// Properties of branch numbering and of the two-step transfer (decisions 0301, 0303), over generated inputs.

const prefixArb = fc.stringMatching(/^[A-Z0-9]{1,6}$/);
const dateArb = fc.date({ min: new Date('2000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('branch ticket numbers', () => {
  it('read back as written, and two branches or two numbers never write the same ticket', () => {
    fc.assert(
      fc.property(prefixArb, prefixArb, dateArb, fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (p1, p2, date, n1, n2) => {
        const t1 = branchTicketNumber(p1, date, n1);
        expect(parseTicketNumber(t1)).toEqual({ prefix: p1, year: date.slice(0, 4), n: n1 });
        expect(t1 === branchTicketNumber(p2, date, n2)).toBe(p1 === p2 && n1 === n2);
      }),
    );
  });

  it('keep the first branch’s older tickets as they were (PT, six digits)', () => {
    expect(branchTicketNumber('PT', '2026-03-04', 123)).toBe('PT-2026-000123');
    expect(parseTicketNumber('not a ticket')).toBeNull();
  });

  it('take a prefix in capitals and refuse anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (raw) => {
        const parsed = branchInputSchema.safeParse({ name: 'Makati', ticket_prefix: raw });
        expect(parsed.success).toBe(TICKET_PREFIX.test(raw.trim().toUpperCase()));
      }),
    );
  });
});

const BRANCHES = [1, 2, 3, 4];
const eventArb: fc.Arbitrary<TransferEvent> = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), from: fc.constantFrom(...BRANCHES), to: fc.constantFrom(...BRANCHES) }),
  fc.record({ kind: fc.constant('receive' as const), at: fc.constantFrom(...BRANCHES) }),
);

describe('transfers', () => {
  it('leave an item in at most one vault whatever happens, and receiving ends where it was sent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BRANCHES), fc.array(eventArb, { maxLength: 30 }), (start, events) => {
        let place: ItemPlace = { state: 'in_vault', branchId: start };
        for (const event of events) {
          const step = transferStep(place, event);
          if (!step.ok) continue;
          if (event.kind === 'receive' && place.state === 'in_transit') expect(step.place).toEqual({ state: 'in_vault', branchId: place.to });
          place = step.place;
          expect(vaultsCounting(place).length).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('send only from the vault holding the item, to another branch; receive once', () => {
    const here: ItemPlace = { state: 'in_vault', branchId: 1 };
    expect(transferStep(here, { kind: 'send', from: 2, to: 3 }).ok).toBe(false);
    expect(transferStep(here, { kind: 'send', from: 1, to: 1 }).ok).toBe(false);
    const sent = transferStep(here, { kind: 'send', from: 1, to: 2 });
    expect(sent).toEqual({ ok: true, place: { state: 'in_transit', from: 1, to: 2 } });
    if (!sent.ok) return;
    expect(vaultsCounting(sent.place)).toEqual([]);
    expect(transferStep(sent.place, { kind: 'send', from: 1, to: 3 }).ok).toBe(false);
    expect(transferStep(sent.place, { kind: 'receive', at: 3 }).ok).toBe(false);
    const received = transferStep(sent.place, { kind: 'receive', at: 2 });
    expect(received.ok && received.place).toEqual({ state: 'in_vault', branchId: 2 });
    if (received.ok) expect(transferStep(received.place, { kind: 'receive', at: 2 }).ok).toBe(false);
  });
});
