import type { IntakeReport, IntakeWeek } from '@kalinga/contracts/intake-report';
import { MIN_GROUP_PEOPLE } from '@kalinga/contracts/no-show-report';
import type { ReportPeriod } from '@kalinga/contracts/reports';
import { GAD7_BANDS, PHQ9_BANDS } from '@kalinga/contracts/screening/items';
import { localDateOf } from '@kalinga/contracts/zone-time';
import type { DB } from '../../db/database';
import { closedWeeks, keptTables, mondayOf, published } from './closed-weeks';
import { addDays } from './report-days';
import { intakesBetween } from './intake-report.repository';
import type { ReportScope } from './report.service';

export { mondayOf } from './closed-weeks';

// Intake questionnaires per severity band and week. Only the bands and the time are read: never the client, the
// answers or the scores, so nothing here can say who answered (decision 0162's confidentiality holds). Only whole
// weeks that have ended are published, each week once and then kept, every count rounded (decision 0212).

interface WeekCounts {
  total: number;
  phq9: Record<string, number>;
  gad7: Record<string, number>;
}

const zeros = (bands: readonly string[]) => Object.fromEntries(bands.map((b) => [b, 0]));
const rounded = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).map(([band, n]) => [band, published(n)]));

/** A week as published: a week of fewer than MIN_GROUP_PEOPLE intakes (decision 0157) shows neither total nor bands. */
export function publishedWeek(week: string, c: WeekCounts): IntakeWeek {
  if (c.total < MIN_GROUP_PEOPLE) return { week, total: null, hidden: true, phq9: {}, gad7: {} };
  return { week, total: published(c.total), hidden: false, phq9: rounded(c.phq9), gad7: rounded(c.gad7) };
}

/** The counts of the weeks starting on `mondays`, read from the intakes themselves. */
async function countWeeks(db: DB, scope: ReportScope, mondays: string[]): Promise<Map<string, WeekCounts>> {
  const from = mondays.reduce((a, b) => (a < b ? a : b));
  const to = addDays(mondays.reduce((a, b) => (a > b ? a : b)), 6);
  // A day either side in UTC covers every zone; the local day decides.
  const rows = await intakesBetween(db, scope.companyId, `${addDays(from, -1)}T00:00:00.000Z`, `${addDays(to, 2)}T00:00:00.000Z`);
  const weeks = new Map(mondays.map((m) => [m, { total: 0, phq9: zeros(PHQ9_BANDS), gad7: zeros(GAD7_BANDS) }]));
  for (const row of rows) {
    const week = weeks.get(mondayOf(localDateOf(new Date(row.created_at), scope.timezone)));
    if (!week) continue;
    week.total += 1;
    week.phq9[row.phq9_band] = (week.phq9[row.phq9_band] ?? 0) + 1;
    week.gad7[row.gad7_band] = (week.gad7[row.gad7_band] ?? 0) + 1;
  }
  return weeks;
}

export async function intakeReport(db: DB, scope: ReportScope, period: ReportPeriod, now = new Date()): Promise<IntakeReport> {
  const { from, to, mondays } = closedWeeks(localDateOf(now, scope.timezone), period);
  // Each week is its own published table, shared by every period that covers it: two periods can never show one
  // week differently.
  const kept = await keptTables(db, scope.companyId, 'intake-bands', mondays, async (missing) => {
    const counts = await countWeeks(db, scope, missing);
    return new Map(missing.map((m) => [m, JSON.stringify(publishedWeek(m, counts.get(m)!))]));
  });
  return { from, to, weeks: mondays.map((m) => JSON.parse(kept.get(m)!) as IntakeWeek) };
}
