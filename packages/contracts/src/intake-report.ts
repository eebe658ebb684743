import { z } from './zod';
import { DEFAULT_PERIOD, REPORT_PERIODS } from './report-constants';

// Intake counts by severity band by week (docs/decisions/0157-small-groups-hidden.md): how many first
// questionnaires fell in each band, never who answered or what. Whole weeks that have ended only, every count rounded
// (docs/decisions/0212-reports-survive-differencing.md).

export const intakeReportQuerySchema = z.object({
  period: z
    .enum(REPORT_PERIODS, { error: 'The selected period is invalid. Use last_7_days, last_30_days, last_90_days or last_365_days.' })
    .default(DEFAULT_PERIOD),
});

/** A published count: a multiple of 5, or null for anything from 0 to 4. */
const roundedCount = z.number().int().nullable();
const counts = z.record(z.string(), roundedCount);

/**
 * One week that has ended (from its Monday, the centre's zone): intake questionnaires per PHQ-9 band and per GAD-7
 * band, each rounded to the nearest 5, null under 5. A week with fewer than five intakes is `hidden`: no total and no
 * bands (empty), since whoever knows who answered that week would learn their band.
 */
export const intakeWeekSchema = z.object({ week: z.string(), total: roundedCount, hidden: z.boolean(), phq9: counts, gad7: counts });
export type IntakeWeek = z.infer<typeof intakeWeekSchema>;

export const intakeReportSchema = z.object({ from: z.string(), to: z.string(), weeks: z.array(intakeWeekSchema) });
export type IntakeReport = z.infer<typeof intakeReportSchema>;
export const intakeReportReplySchema = z.object({ data: intakeReportSchema });
