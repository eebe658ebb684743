import type { LoanFigures } from '@kalinga/contracts/pawn-rules';
import { toCentavos } from '@kalinga/contracts/pawn-rules';
import type { z } from 'zod';
import { deviceDatabase } from '../../../offline/database';
import type { LocalCategory, LocalLoan } from '../../../offline/db';
import { settingsKey } from '../../../offline/settings-local';
import { COMPANY_KEY } from '../../../lib/storage-keys';
import { todayIn } from '@kalinga/contracts/zone-time';

// What the lending actions check before they write: the counter's day, the input against the contracts' schemas,
// the rules' refusals, the loan's figures in centavos for pawn-rules, and the fields an edit changed.

const DEFAULT_ZONE = 'Asia/Manila';

/** Today in the company's zone (site settings kept on this device), the counter's day. */
export async function counterToday(now: Date = new Date()): Promise<string> {
  const kept = await deviceDatabase().settings.get(settingsKey(localStorage.getItem(COMPANY_KEY)));
  const zone = typeof kept?.data.timezone === 'string' && kept.data.timezone ? kept.data.timezone : DEFAULT_ZONE;
  try {
    return todayIn(zone, now);
  } catch {
    return todayIn(DEFAULT_ZONE, now);
  }
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

/** The figures pawn-rules needs, in centavos. */
export function figuresOf(loan: LocalLoan): LoanFigures & { appraisal_value: number } {
  return {
    status: loan.status,
    loan_date: loan.loan_date,
    maturity_date: loan.maturity_date,
    expiry_date: loan.expiry_date,
    loan_amount: toCentavos(loan.loan_amount),
    interest_rate: loan.interest_rate,
    penalty_rate: loan.penalty_rate,
    // After an extension, interest runs from the day it was paid to (decision 0189).
    interest_from: loan.interest_from ?? null,
    appraisal_value: toCentavos(loan.appraisal_value),
  };
}

export function termsOf(category: LocalCategory) {
  return {
    interest_rate: category.interest_rate,
    penalty_rate: category.penalty_rate,
    loan_period: category.loan_period,
    loan_period_type: category.loan_period_type,
    loan_period_expiry: category.loan_period_expiry,
    is_renewable: category.is_renewable,
    // A copy kept before the gadget class existed has none: not fast-depreciating, 90 days (decision 0180).
    fast_depreciating: Boolean(category.fast_depreciating),
    // A copy kept before the setting existed has none: the rules follow is_renewable (decision 0189).
    ...(typeof category.is_extendable === 'boolean' && { is_extendable: category.is_extendable }),
  };
}

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
