import { z } from './zod';
import { DEFAULT_PERIOD, REPORT_PERIODS } from './report-constants';

// The no-show rate by category, age group and department over a period (docs/decisions/0156-no-show-rate-report.md):
// whole weeks that have ended, every count rounded (docs/decisions/0212-reports-survive-differencing.md).

export { MIN_GROUP_PEOPLE, ROUNDING_BASE, SMALL_GROUPS_HIDDEN, WHOLE_WEEKS_ROUNDED } from './report-constants';

export const noShowReportQuerySchema = z.object({
  period: z
    .enum(REPORT_PERIODS, { error: 'The selected period is invalid. Use last_7_days, last_30_days, last_90_days or last_365_days.' })
    .default(DEFAULT_PERIOD),
});

/**
 * One group: sessions whose outcome is known (held or missed) and the no-shows among them, each rounded to the
 * nearest 5 and null under 5 (zero included); all null when the group is hidden.
 */
export const noShowGroupSchema = z.object({
  group: z.string(),
  hidden: z.boolean(),
  sessions: z.number().int().nullable(),
  no_shows: z.number().int().nullable(),
  /** The rounded no_shows / the rounded sessions, 0–1 (four decimals); null when hidden or under 5 no-shows. */
  rate: z.number().nullable(),
});
export type NoShowGroup = z.infer<typeof noShowGroupSchema>;

export const noShowReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by_category: z.array(noShowGroupSchema),
  by_age: z.array(noShowGroupSchema),
  by_department: z.array(noShowGroupSchema),
});
export type NoShowReport = z.infer<typeof noShowReportSchema>;
export const noShowReportReplySchema = z.object({ data: noShowReportSchema });
