import { AGE_GROUPS, NOT_AVAILABLE } from '@kalinga/contracts/reports';

/** 'YYYY-MM-DD' as the whole number YYYYMMDD, or null when it is not a date written so. */
const ymd = (date: string | null | undefined): number | null => (date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Number(date.replaceAll('-', '')) : null);

/**
 * The age group (product-rules.md#reports) on `day` of someone born on `birthDate`: what `ageGroupOf(ageInYears)`
 * says in SQL (report.repository.ts), for a day SQL cannot compute, like an instant's day on the centre's clock
 * (decision 0373). Whole years are the ten-thousands of YYYYMMDD(day) − YYYYMMDD(birth date); N/A without a birth date.
 */
export function ageGroupOn(birthDate: string | null | undefined, day: string): string {
  const born = ymd(birthDate);
  const on = ymd(day);
  if (born === null || on === null) return NOT_AVAILABLE;
  const years = Math.trunc((on - born) / 10000);
  const [under18, upTo21, upTo25, upTo35, upTo50, over50] = AGE_GROUPS;
  if (years < 18) return under18;
  if (years <= 21) return upTo21;
  if (years <= 25) return upTo25;
  if (years <= 35) return upTo35;
  if (years <= 50) return upTo50;
  return over50;
}
