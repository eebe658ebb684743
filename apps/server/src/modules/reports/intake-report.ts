import type { IntakeReport, IntakeWeek } from '@kalinga/contracts/intake-report';
import { MIN_GROUP_PEOPLE } from '@kalinga/contracts/no-show-report';
import { PERIOD_DAYS, type ReportPeriod } from '@kalinga/contracts/reports';
import { GAD7_BANDS, PHQ9_BANDS } from '@kalinga/contracts/screening-items';
import type { DB } from '../../db/database';
import { addDays } from './report-days';
import type { ReportScope } from './report.service';
import { localDateOf } from '@kalinga/contracts/zone-time';

// Intake questionnaires per severity band and week. Only the bands and the time are read: never the client, the
// answers or the scores, so nothing here can say who answered (decision 0162's confidentiality holds).

/** The Monday of the week holding `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const zeros = (bands: readonly string[]) => Object.fromEntries(bands.map((b) => [b, 0]));

export async function intakeReport(db: DB, scope: ReportScope, period: ReportPeriod, now = new Date()): Promise<IntakeReport> {
  const to = localDateOf(now, scope.timezone);
  const from = addDays(to, -(PERIOD_DAYS[period] - 1));
  // A day either side in UTC covers every zone; the local day decides.
  const rows = await db
    .selectFrom('screenings')
    .select(['created_at', 'phq9_band', 'gad7_band'])
    .where('company_id', '=', scope.companyId)
    .where('kind', '=', 'intake')
    .where('created_at', '>=', `${addDays(from, -1)}T00:00:00.000Z`)
    .where('created_at', '<', `${addDays(to, 2)}T00:00:00.000Z`)
    .execute();
  const weeks = new Map<string, IntakeWeek>();
  for (let day = mondayOf(from); day <= to; day = addDays(day, 7)) weeks.set(day, { week: day, total: 0, hidden: false, phq9: zeros(PHQ9_BANDS), gad7: zeros(GAD7_BANDS) });
  for (const row of rows) {
    const day = localDateOf(new Date(row.created_at), scope.timezone);
    if (day < from || day > to) continue;
    const week = weeks.get(mondayOf(day))!;
    week.total += 1;
    week.phq9[row.phq9_band] = (week.phq9[row.phq9_band] ?? 0) + 1;
    week.gad7[row.gad7_band] = (week.gad7[row.gad7_band] ?? 0) + 1;
  }
  // A week of one to four intakes keeps its count and leaves its bands out (decision 0157): who had an intake that
  // week is often known, and their band must not be.
  const shown = [...weeks.values()].map((w) => (w.total > 0 && w.total < MIN_GROUP_PEOPLE ? { ...w, hidden: true, phq9: {}, gad7: {} } : w));
  return { from, to, weeks: shown };
}
