import { loanFigures } from '@kalinga/contracts/lending/figures';
import type { ForfeitNotice } from '@kalinga/contracts/lending/rules';
import { categoryTerms } from '@kalinga/contracts/lending/terms';
import { BACKDATE_PERMISSION } from '@kalinga/contracts/lending/rules';
import { userMay } from '../../../offline/permissions';
import type { z } from 'zod';
import { deviceDatabase } from '../../../offline/database';
import type { LocalCategory, LocalLoan } from '../../../offline/db';
import { settingsKey } from '../../../offline/settings-local';
import { COMPANY_KEY } from '../../../lib/storage-keys';
import { todayIn } from '@kalinga/contracts/zone-time';

// What the lending actions check before they write: the counter's day, the input against the contracts' schemas,
// the rules' refusals, the loan's figures in centavos for pawn-rules, and the fields an edit changed.

const DEFAULT_ZONE = 'Asia/Manila';

/** The company's zone (site settings kept on this device), the counter's clock; Manila's for a zone no date can be read in. */
export async function counterZone(): Promise<string> {
  const kept = await deviceDatabase().settings.get(settingsKey(localStorage.getItem(COMPANY_KEY)));
  const zone = typeof kept?.data.timezone === 'string' && kept.data.timezone ? kept.data.timezone : DEFAULT_ZONE;
  try {
    todayIn(zone); // throws for a zone that is no zone
    return zone;
  } catch {
    return DEFAULT_ZONE;
  }
}

/** Today in the company's zone (site settings kept on this device), the counter's day. */
export async function counterToday(now: Date = new Date()): Promise<string> {
  return todayIn(await counterZone(), now);
}

/** Parses with a contract schema; the first problem's sentence is thrown, as the server would answer. */
export function checked<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'The data is not valid.');
  return result.data;
}

export function refuse(problem: string | null): void {
  if (problem) throw new Error(problem);
}

export async function mustGet<T>(row: Promise<T | undefined>, what: string): Promise<T> {
  const found = await row;
  if (!found) throw new Error(`This ${what} is not on this device.`);
  return found;
}

/** What a forfeiture of this loan knows of its notice here: sent (by the pull), and whether this user is a manager (decision 0217). */
export function forfeitNoticeOf(loan: Pick<LocalLoan, 'notice_sent_at'>, reason?: string): ForfeitNotice {
  return { sent: Boolean(loan.notice_sent_at), mayOverride: userMay(BACKDATE_PERMISSION), reason };
}

/** The figures pawn-rules needs, in centavos, from the device's loan (pesos). */
export const figuresOf = (loan: LocalLoan) => loanFigures(loan, 'pesos');

/** The category's lending terms, as the rules take them and a ticket prints them. */
export const termsOf = (category: LocalCategory) => categoryTerms(category);

/** The fields of `input` that differ from `row`, and the values the row had for them (the server merges per field). */
export function changedFields(row: Record<string, unknown>, input: Record<string, unknown>): { changes: Record<string, unknown>; was: Record<string, unknown> } {
  const changes: Record<string, unknown> = {};
  const was: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const before = row[field] ?? null;
    if ((value ?? null) === before || ((value === '' || value === null) && before === null)) continue;
    changes[field] = value;
    was[field] = before;
  }
  return { changes, was };
}
