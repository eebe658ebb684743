// The reports' options and kinds without zod: the Reports screen imports them on its first paint, and importing
// reports.ts would bring zod's chunk and the schemas' construction with them (decision 0092).

/** The period options (product-rules.md#reports) and their lengths in days. */
export const REPORT_PERIODS = ['last_7_days', 'last_30_days', 'last_90_days', 'last_365_days'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const PERIOD_DAYS: Record<ReportPeriod, number> = { last_7_days: 7, last_30_days: 30, last_90_days: 90, last_365_days: 365 };
export const DEFAULT_PERIOD: ReportPeriod = 'last_30_days';

export const FORECAST_DAYS = [7, 30, 90, 365] as const;
export type ForecastDays = (typeof FORECAST_DAYS)[number];
export const DEFAULT_FORECAST_DAYS: ForecastDays = 30;

/** The label of a row without a group value (product-rules.md#reports). */
export const NOT_AVAILABLE = 'N/A';

/** Age groups in display order (product-rules.md#reports), then N/A for people without a birth date. */
export const AGE_GROUPS = ['Under 18', '18-21', '22-25', '26-35', '36-50', 'Over 50'] as const;

/** The three reports, by the group field each row carries. */
export const REPORT_KINDS = {
  category: { path: '/api/reports/appointments-by-category-daily', groupField: 'category_title' },
  age: { path: '/api/reports/appointments-by-age-daily', groupField: 'age_group' },
  department: { path: '/api/reports/appointments-by-department-daily', groupField: 'department' },
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;
export type ReportGroupField = (typeof REPORT_KINDS)[ReportKind]['groupField'];

/** Groups of fewer people than this are hidden in breakdowns by department or age group (their numbers stay on the server). */
export const MIN_GROUP_PEOPLE = 5;

/** What the reports say wherever a breakdown by department or age group is shown or downloaded. */
export const SMALL_GROUPS_HIDDEN = `Groups of fewer than ${MIN_GROUP_PEOPLE} people are hidden so that no one can be singled out.`;

/**
 * Reports of confidential content (intake bands, no-shows) cover whole weeks that have ended: a period is its number of
 * weeks ending last Sunday (docs/decisions/0212-reports-survive-differencing.md).
 */
export const PERIOD_WEEKS: Record<ReportPeriod, number> = { last_7_days: 1, last_30_days: 4, last_90_days: 13, last_365_days: 52 };

/** Those reports round every count to this base; a count under it (zero included) is published as null. */
export const ROUNDING_BASE = 5;

/** What those reports say about their numbers. */
export const WHOLE_WEEKS_ROUNDED = `Whole weeks that have ended only; numbers are rounded to the nearest ${ROUNDING_BASE} and "<${ROUNDING_BASE}" stands for anything from 0 to ${ROUNDING_BASE - 1}, so that comparing two reports never reveals one person.`;
