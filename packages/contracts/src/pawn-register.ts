/**
 * The register and the day's cash, pure and zod-free (the offline counter and the server import the same).
 * Money is integer centavos, dates 'YYYY-MM-DD'.
 * Sources and choices: docs/decisions/0187-append-only-register.md, 0188-cash-day.md.
 */

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
