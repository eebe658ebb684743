import { z } from './zod';
import { isoDateSchema } from './common';

/** Spec section 2 Reports / section 9: the period options and their lengths in days. */
export const REPORT_PERIODS = ['last_7_days', 'last_30_days', 'last_90_days', 'last_365_days'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const PERIOD_DAYS: Record<ReportPeriod, number> = { last_7_days: 7, last_30_days: 30, last_90_days: 90, last_365_days: 365 };
export const DEFAULT_PERIOD: ReportPeriod = 'last_30_days';

export const FORECAST_DAYS = [7, 30, 90, 365] as const;
export type ForecastDays = (typeof FORECAST_DAYS)[number];
export const DEFAULT_FORECAST_DAYS: ForecastDays = 30;

/** The label of a row without a group value (spec section 3, Report row). */
export const NOT_AVAILABLE = 'N/A';

/** Age groups in display order (PRODUCT.md), then N/A for people without a birth date. */
export const AGE_GROUPS = ['Under 18', '18-21', '22-25', '26-35', '36-50', 'Over 50'] as const;

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
};

export const categoryReportRowSchema = z.object({ ...rowBase, category_title: z.string() });
export const ageReportRowSchema = z.object({ ...rowBase, age_group: z.string() });
export const departmentReportRowSchema = z.object({ ...rowBase, department: z.string() });
export type CategoryReportRow = z.infer<typeof categoryReportRowSchema>;
export type AgeReportRow = z.infer<typeof ageReportRowSchema>;
export type DepartmentReportRow = z.infer<typeof departmentReportRowSchema>;

export const categoryReportReplySchema = z.array(categoryReportRowSchema);
export const ageReportReplySchema = z.array(ageReportRowSchema);
export const departmentReportReplySchema = z.array(departmentReportRowSchema);

/** The three reports, by the group field each row carries. */
export const REPORT_KINDS = {
  category: { path: '/api/reports/appointments-by-category-daily', groupField: 'category_title' },
  age: { path: '/api/reports/appointments-by-age-daily', groupField: 'age_group' },
  department: { path: '/api/reports/appointments-by-department-daily', groupField: 'department' },
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;
export type ReportGroupField = (typeof REPORT_KINDS)[ReportKind]['groupField'];
