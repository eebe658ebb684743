import { PERIOD_WEEKS, ROUNDING_BASE, type ReportPeriod } from '@kalinga/contracts/report-constants';
import type { DB } from '../../db/database';
import type { ReportPublicationsTable } from '../../db/tables';
import { addDays } from './report-days';
import { publishedTables, publishTables } from './report-publications.repository';

// What a report of confidential content may publish (docs/decisions/0212-reports-survive-differencing.md): whole weeks
// (Monday to Sunday in the centre's zone) that have ended, and counts rounded to a base of 5 with anything under 5,
// zero included, published as null.

/** The Monday of the week holding `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The period's whole weeks that have ended by `today`: from a Monday to last Sunday, and each week's Monday. */
export function closedWeeks(today: string, period: ReportPeriod): { from: string; to: string; mondays: string[] } {
  const to = addDays(mondayOf(today), -1);
  const n = PERIOD_WEEKS[period];
  const from = addDays(to, -(7 * n - 1));
  return { from, to, mondays: Array.from({ length: n }, (_, i) => addDays(from, 7 * i)) };
}

/**
 * A count as published: null under ROUNDING_BASE (so a zero and a one look the same), else the nearest multiple of it.
 * Rounding, not exact counts: a cell and its total cannot be subtracted to one person's band or attendance.
 */
export function published(count: number): number | null {
  return count < ROUNDING_BASE ? null : Math.round(count / ROUNDING_BASE) * ROUNDING_BASE;
}

/**
 * The published tables for `keys`, publishing first those not published yet (built by `build` from the keys missing).
 * Once published, a table is what every later read gets: a change in a week that has ended (a session marked late, a
 * removed intake, a client's new department) can never make two published tables differ.
 */
export async function keptTables(
  db: DB,
  companyId: number,
  report: ReportPublicationsTable['report'],
  keys: readonly string[],
  build: (missing: string[]) => Promise<Map<string, string>>,
): Promise<Map<string, string>> {
  const kept = await publishedTables(db, companyId, report, keys);
  const missing = keys.filter((k) => !kept.has(k));
  if (missing.length === 0) return kept;
  await publishTables(db, companyId, report, await build(missing), new Date().toISOString());
  return publishedTables(db, companyId, report, keys);
}
