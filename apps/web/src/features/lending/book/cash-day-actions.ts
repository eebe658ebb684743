import { cashDayCloseSchema, cashDayOpenSchema } from '@kalinga/contracts/cash-days';
import { closedDayProblem, DAY_ALREADY_CLOSED, DAY_ALREADY_OPEN, openDayProblem } from '@kalinga/contracts/lending/rules';
import { writeWithEntries } from '../../../offline/action-support';
import { db } from '../../../offline/database';
import type { LocalCashDay } from '../../../offline/db';
import { checked, counterToday, mustGet, refuse } from './lending-checks';

// The clerk's cash day on this device (decision 0188): opened and closed like any write (queued, keyed by the day's
// uuid, sent once). The book is the clerk's own (decision 0110), so every day in it is theirs. The position and the
// difference are the server's: it counts the entries when the close reaches it, after the entries queued before it.

/** The clerk's day of a date on this device, if any. */
export async function cashDayOf(day: string): Promise<LocalCashDay | undefined> {
  return db.cashDays.where('day').equals(day).first();
}

/** Refuses, before anything is queued, an entry dated in a day this clerk closed (also while the close is unsent). */
export async function refuseClosedDay(date: string): Promise<void> {
  const closed = await db.cashDays.where('day').equals(date).filter((d) => d.status === 'closed').toArray();
  refuse(closedDayProblem(date, new Set(closed.map((d) => d.day))));
}

/**
 * Opens the clerk's day: today in the company's zone unless `day` says yesterday (a device a day behind). Tomorrow
 * or earlier than yesterday is refused before anything is queued, with the server's sentence (decision 0218).
 */
export async function openCashDay(openingFloat: number | string, asked?: string): Promise<LocalCashDay> {
  const today = await counterToday();
  const day = asked ?? today;
  refuse(openDayProblem(day, today));
  const uuid = crypto.randomUUID();
  const body = checked(cashDayOpenSchema, { uuid, day, opening_float: openingFloat });
  return writeWithEntries(async (queue) => {
    if (await cashDayOf(day)) throw new Error(DAY_ALREADY_OPEN(day));
    await queue('OPEN_CASH_DAY', body);
    return (await db.cashDays.get(uuid))!;
  });
}

export async function closeCashDay(uuid: string, counted: number | string, note?: string): Promise<LocalCashDay> {
  const body = checked(cashDayCloseSchema, { counted, note: note?.trim() ? note : undefined });
  return writeWithEntries(async (queue) => {
    const day = await mustGet(db.cashDays.get(uuid), 'cash day');
    if (day.status === 'closed') throw new Error(DAY_ALREADY_CLOSED);
    await queue('CLOSE_CASH_DAY', { ...body, uuid });
    return (await db.cashDays.get(uuid))!;
  });
}
