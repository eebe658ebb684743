import { z } from './zod';
import { DEFAULT_PERIOD, REPORT_PERIODS } from './report-constants';

// Intake counts by severity band by week (docs/decisions/0157-small-groups-hidden.md): how many first
// questionnaires fell in each band, never who answered or what.

export const intakeReportQuerySchema = z.object({
  period: z
    .enum(REPORT_PERIODS, { error: 'The selected period is invalid. Use last_7_days, last_30_days, last_90_days or last_365_days.' })
    .default(DEFAULT_PERIOD),
});

const counts = z.record(z.string(), z.number().int());

/**
 * One week (from its Monday, the centre's zone): intake questionnaires per PHQ-9 band and per GAD-7 band. A week with
 * fewer than five intakes is `hidden`: its bands are left out (empty), since whoever knows who answered that week
 * would learn their band.
 */
export const intakeWeekSchema = z.object({ week: z.string(), total: z.number().int(), hidden: z.boolean(), phq9: counts, gad7: counts });
export type IntakeWeek = z.infer<typeof intakeWeekSchema>;

export const intakeReportSchema = z.object({ from: z.string(), to: z.string(), weeks: z.array(intakeWeekSchema) });
export type IntakeReport = z.infer<typeof intakeReportSchema>;
export const intakeReportReplySchema = z.object({ data: intakeReportSchema });
