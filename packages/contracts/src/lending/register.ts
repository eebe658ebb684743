/**
 * The register and the day's cash, pure and zod-free (the offline counter and the server import the same).
 * Money is integer centavos, dates 'YYYY-MM-DD'.
 * Sources and choices: docs/decisions/0187-append-only-register.md, 0188-cash-day.md, 0218-cash-day-not-ahead.md.
 */

import { addDaysToDate } from '../zone-time';

/** The kinds of register entry (the transactions' `type`). */
export type EntryType = 'disbursement' | 'interest' | 'penalty' | 'redemption' | 'renewal' | 'sale';

/** What the rules read of a register entry. */
export interface RegisterEntry {
  uuid: string;
  type: EntryType;
  /** Centavos, > 0: a reversal carries the amount of the entry it reverses. */
  amount: number;
  /** Set on a reversing entry: the entry it reverses. */
  reverses_uuid?: string | null;
}

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const REVERSAL_OF_REVERSAL = 'This entry is itself a reversal; it cannot be reversed.';
export const ALREADY_REVERSED = 'This transaction was already reversed.';
export const REASON_NEEDED = `Say why the entry is reversed (${REASON_MIN} to ${REASON_MAX} characters).`;

/** Why an entry may not be reversed, or null. `reversal` is the entry that already reverses it, if any. */
export function reversalProblem(entry: RegisterEntry, reversal: RegisterEntry | null | undefined): string | null {
  if (entry.reverses_uuid) return REVERSAL_OF_REVERSAL;
  if (reversal) return ALREADY_REVERSED;
  return null;
}

/** A reason as the register keeps it (trimmed), or null when it is too short or too long. */
export function reversalReason(text: string): string | null {
  const reason = text.trim();
  return reason.length >= REASON_MIN && reason.length <= REASON_MAX ? reason : null;
}

/** Money into the drawer (+1) or out of it (-1) for each kind of entry: a loan is paid out, everything else comes in. */
export const CASH_DIRECTION: Record<EntryType, 1 | -1> = {
  disbursement: -1,
  interest: 1,
  penalty: 1,
  redemption: 1,
  renewal: 1,
  sale: 1,
};

/** The entry's effect on the drawer in centavos: a reversal undoes the entry it reverses. */
export function cashEffect(entry: RegisterEntry): number {
  const effect = CASH_DIRECTION[entry.type] * entry.amount;
  return entry.reverses_uuid ? -effect : effect;
}

/** The register as a clerk reads it: each entry with the entry that reverses it beside it (in the register's order). */
export function withReversals<T extends RegisterEntry>(entries: readonly T[]): { entry: T; reversedBy: T | null }[] {
  const byOriginal = new Map<string, T>();
  for (const e of entries) if (e.reverses_uuid) byOriginal.set(e.reverses_uuid, e);
  const present = new Set(entries.map((e) => e.uuid));
  // A reversal whose original is listed shows beside it, not on a line of its own.
  return entries.filter((e) => !e.reverses_uuid || !present.has(e.reverses_uuid)).map((entry) => ({ entry, reversedBy: byOriginal.get(entry.uuid) ?? null }));
}

// ---------- the day's cash (decision 0188) ----------

/** A clerk's day at the counter as it stands: what came in and went out by kind, and the cash the drawer should hold. */
export interface CashPosition {
  opening_float: number;
  /** Loans paid out (net proceeds), a positive amount taken out of the drawer. */
  disbursed: number;
  interest: number;
  penalties: number;
  /** Principal paid back at redemption. */
  redemptions: number;
  /** Service charges of renewal tickets. */
  renewals: number;
  sales: number;
  /** Reversing entries, as their signed effect on the drawer. */
  reversals: number;
  /** The float plus everything in, less everything out. */
  expected: number;
}

const KIND_OF: Record<EntryType, keyof Omit<CashPosition, 'opening_float' | 'reversals' | 'expected'>> = {
  disbursement: 'disbursed',
  interest: 'interest',
  penalty: 'penalties',
  redemption: 'redemptions',
  renewal: 'renewals',
  sale: 'sales',
};

/** The position of a day from its float and the clerk's entries dated in it. */
export function cashPosition(openingFloat: number, entries: readonly RegisterEntry[]): CashPosition {
  const p: CashPosition = { opening_float: openingFloat, disbursed: 0, interest: 0, penalties: 0, redemptions: 0, renewals: 0, sales: 0, reversals: 0, expected: openingFloat };
  for (const e of entries) {
    if (e.reverses_uuid) p.reversals += cashEffect(e);
    else p[KIND_OF[e.type]] += e.amount;
    p.expected += cashEffect(e);
  }
  return p;
}

/** The difference recorded at the close: the count less what the drawer should hold (negative: cash short). */
export function cashDifference(position: Pick<CashPosition, 'expected'>, counted: number): number {
  return counted - position.expected;
}

export const CLOSED_DAY = (day: string) => `Your cash day of ${day} is closed: nothing more can be dated in it.`;
export const DAY_ALREADY_CLOSED = 'This cash day is already closed.';
export const DAY_ALREADY_OPEN = (day: string) => `You already opened your cash day of ${day}.`;

/** Why an entry dated `date` may not be written by a clerk whose closed days are `closedDays`, or null. */
export function closedDayProblem(date: string, closedDays: ReadonlySet<string>): string | null {
  return closedDays.has(date) ? CLOSED_DAY(date) : null;
}

export const DAY_IN_FUTURE = 'The day may not be in the future.';
export const DAY_TOO_FAR_BACK = 'Only today or yesterday can be opened.';

/**
 * Why a clerk may not open the cash day `day` when the counter's today (the company's zone) is `today`, or null:
 * only today or yesterday (a device a day behind), never a day ahead (decision 0218).
 */
export function openDayProblem(day: string, today: string): string | null {
  if (day > today) return DAY_IN_FUTURE;
  if (day < addDaysToDate(today, -1)) return DAY_TOO_FAR_BACK;
  return null;
}
