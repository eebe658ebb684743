import { z } from './zod';
import { isoDateSchema } from './common';
import { DEFAULT_FORECAST_DAYS, DEFAULT_PERIOD, type ForecastDays, REPORT_PERIODS } from './report-constants';

export {
  AGE_GROUPS,
  DEFAULT_FORECAST_DAYS,
  DEFAULT_PERIOD,
  FORECAST_DAYS,
  NOT_AVAILABLE,
  PERIOD_DAYS,
  REPORT_KINDS,
  REPORT_PERIODS,
  type ForecastDays,
  type ReportGroupField,
  type ReportKind,
  type ReportPeriod,
} from './report-constants';

const PERIOD_MESSAGE = 'The selected period is invalid. Use last_7_days, last_30_days, last_90_days or last_365_days.';
const FORECAST_MESSAGE = 'The selected forecast days is invalid. Use 7, 30, 90 or 365.';

export const reportQuerySchema = z.object({
  period: z.enum(REPORT_PERIODS, { error: PERIOD_MESSAGE }).default(DEFAULT_PERIOD).describe('The days shown, ending today in the company time zone.'),
  // Query strings arrive as text: exactly "7", "30", "90" or "365" (no "30.0", no "+30").
  forecast_days: z
    .enum(['7', '30', '90', '365'], { error: FORECAST_MESSAGE })
    .transform((v) => Number(v) as ForecastDays)
    .default(DEFAULT_FORECAST_DAYS)
    .describe('Days forecast after today.'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const rowBase = {
  day: isoDateSchema,
  /** Appointments that day; on forecast rows the expected number (two decimals). */
  count: z.number().nonnegative(),
  is_forecast: z.boolean(),
  /**
   * Forecast rows only: the 80 % prediction interval (lower ≤ count ≤ upper, roughly), in appointments: whole, or
   * fractional (two decimals) where the forecast hedges between two counts; text rounds them outward (decision 0286).
   */
  lower: z.number().nonnegative().optional().describe('Forecast rows: the lower end of the 80 % prediction interval (appointments; may be fractional, two decimals).'),
  upper: z.number().nonnegative().optional().describe('Forecast rows: the upper end of the 80 % prediction interval (appointments; may be fractional, two decimals).'),
  /** Forecast rows only: days of history the forecast rests on (from the group's first appointment, at most 365). */
  history_days: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("Forecast rows: days of history (since the group's first appointment, at most 365) the forecast rests on; under 28 is little data."),
};

export const categoryReportRowSchema = z.object({ ...rowBase, category_title: z.string() });
export const ageReportRowSchema = z.object({ ...rowBase, age_group: z.string() });
export const departmentReportRowSchema = z.object({ ...rowBase, department: z.string() });
export type CategoryReportRow = z.infer<typeof categoryReportRowSchema>;
export type AgeReportRow = z.infer<typeof ageReportRowSchema>;
export type DepartmentReportRow = z.infer<typeof departmentReportRowSchema>;
/** A row of any of the three reports (docs/product-rules.md#entities, Report row): the common fields, and the one group field its report fills. */
export type ReportRow = Omit<CategoryReportRow, 'category_title'> &
  Partial<Pick<CategoryReportRow, 'category_title'> & Pick<AgeReportRow, 'age_group'> & Pick<DepartmentReportRow, 'department'>>;

export const categoryReportReplySchema = z.array(categoryReportRowSchema);
export const ageReportReplySchema = z.array(ageReportRowSchema);
export const departmentReportReplySchema = z.array(departmentReportRowSchema);
