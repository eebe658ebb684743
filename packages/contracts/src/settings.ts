import { moneyField } from './lending/schemas';
import { isCalendarDate } from './lending/rules';
import { z } from './zod';
import { LANGUAGES } from './languages';

/** The site settings every member reads (sidebar name and logo, slot length, booking switch, time zone). */
export const settingsSchema = z.object({
  site_name: z.string().nullable(),
  /** URL of the stored logo image, or null. */
  site_logo: z.string().nullable(),
  business_name: z.string().nullable(),
  business_address: z.string().nullable(),
  timezone: z.string(),
  appointment_duration_minutes: z.number().int(),
  students_can_book: z.boolean(),
  /** Reminders go out this many hours before an appointment starts; 0 = no reminders (product-rules.md#notifications). */
  reminder_hours_before: z.number().int(),
  /** Hours before the start until which a client may cancel or reschedule their own appointment (0 = until it starts). */
  cancellation_notice_hours: z.number().int(),
  /** Days before today a lending action may be dated without the supervisor's permission (0 = today only; decision 0120). */
  lending_backdate_days: z.number().int(),
  /** The shop's registration with the Bangko Sentral, printed on every pawn ticket (decision 0184). */
  bsp_registration: z.string().nullable(),
  /** The lending business's name and address on tickets and notices, when not the business's own (decision 0220). */
  pawnshop_name: z.string().nullable().optional(),
  pawnshop_address: z.string().nullable().optional(),
  /** Tickets whose redemption period ends within this many days are listed to be sent their notice (decision 0184). */
  pawn_notice_days: z.number().int(),
  /** The shop's next auction, named on the notices when set (decision 0194): its date (YYYY-MM-DD) and place. */
  pawn_auction_date: z.string().nullable(),
  pawn_auction_place: z.string().nullable(),
  /** Pesos: a customer's first loan above it needs their know-your-customer record; null, no such rule (decision 0186). */
  kyc_loan_threshold: z.number().nullable(),
  /** Minutes a freed slot is held for the waiting client it was offered to (default 30). */
  waitlist_hold_minutes: z.number().int(),
  /** Hours after a client lets a held time go (declines, lets it lapse, leaves) before they are offered another; 0 = at once (decision 0223). */
  waitlist_cooldown_hours: z.number().int(),
  /** After this many no-shows or late cancellations in a row, a client's next booking waits for approval (0 = off). */
  no_show_limit: z.number().int(),
  /** Hours a counselor's break-the-glass opening of a client's file lasts (decision 0203; default 24). */
  break_glass_hours: z.number().int(),
  /** Years a closed client file is kept before it is listed to purge (decision 0236; default 10). */
  retention_years: z.number().int(),
  /** The language of users who chose none (decision 0246); null, each browser's guess. */
  default_language: z.enum(LANGUAGES).nullable().optional(),
  updated_at: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** An optional text field; its message is written whole, so the server's catalogs find it (decision 0384). */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string().max(max, tooLong).nullable().optional(),
  );

/** True when the runtime knows the name as an IANA time zone (e.g. Asia/Manila, America/New_York, UTC). */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const BACKDATE_DAYS_RULE = 'The days a lending action may be backdated must be a whole number from 0 (today only) to 365.';

export const NOTICE_DAYS_RULE = 'The days before the redemption period ends to send the notice must be a whole number from 1 to 90.';
export const AUCTION_DATE_RULE = 'The auction date must be a real calendar date (YYYY-MM-DD), or empty.';
export const WAITLIST_HOLD_RULE = 'The waitlist hold must be a whole number of minutes from 5 to 1440.';
export const WAITLIST_COOLDOWN_RULE = 'The waitlist pause must be a whole number of hours from 0 to 168.';
export const NO_SHOW_LIMIT_RULE = 'The no-show limit must be a whole number from 0 (off) to 10.';
export const RETENTION_YEARS_RULE = 'Closed files must be kept a whole number of years from 1 to 100.';
export const DEFAULT_LANGUAGE_RULE = 'The default language must be Filipino or English, or none.';
export const BREAK_GLASS_HOURS_RULE = 'The break-the-glass access must last a whole number of hours from 1 to 72.';

export const MAX_CANCELLATION_NOTICE_HOURS = 720;
export const CANCELLATION_NOTICE_RULE = `The cancellation notice must be a whole number of hours from 0 to ${MAX_CANCELLATION_NOTICE_HOURS} (0 lets clients cancel until the appointment starts).`;

/**
 * POST /api/settings. Every field is optional: what is sent changes. site_logo is a data-URL (a new image),
 * the current logo URL (unchanged), or null / '' (remove the logo).
 */
export const settingsBodySchema = z.object({
  site_name: z.string().trim().min(1, 'The site name field is required.').max(120, 'The site name may not be greater than 120 characters.').optional(),
  business_name: optionalText(160, 'The business name may not be greater than 160 characters.'),
  business_address: optionalText(500, 'The business address may not be greater than 500 characters.'),
  site_logo: z.string().max(3_000_000, 'The logo may not be greater than 2 MB.').nullable().optional(),
  timezone: z.string().trim().refine(isIanaTimeZone, 'Choose a valid time zone (for example Asia/Manila).').optional(),
  appointment_duration_minutes: z.coerce
    .number('The appointment duration must be a number of minutes.')
    .int('The appointment duration must be a whole number of minutes.')
    .min(15, 'The appointment duration must be between 15 and 240 minutes.')
    .max(240, 'The appointment duration must be between 15 and 240 minutes.')
    .optional(),
  students_can_book: z.boolean('Students can book must be true or false.').optional(),
  // A numeric string is read as its number; '' and null are refused (not read as 0, which turns reminders off).
  reminder_hours_before: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number('The reminder time must be a number of hours.')
        .int('The reminder time must be a whole number of hours.')
        .min(0, 'The reminder time must be between 0 (no reminders) and 168 hours.')
        .max(168, 'The reminder time must be between 0 (no reminders) and 168 hours.'),
    )
    .optional(),
  cancellation_notice_hours: z
    .number(CANCELLATION_NOTICE_RULE)
    .int(CANCELLATION_NOTICE_RULE)
    .min(0, CANCELLATION_NOTICE_RULE)
    .max(MAX_CANCELLATION_NOTICE_HOURS, CANCELLATION_NOTICE_RULE)
    .optional(),
  lending_backdate_days: z.number(BACKDATE_DAYS_RULE).int(BACKDATE_DAYS_RULE).min(0, BACKDATE_DAYS_RULE).max(365, BACKDATE_DAYS_RULE).optional(),
  bsp_registration: optionalText(120, 'The BSP registration may not be greater than 120 characters.'),
  pawnshop_name: optionalText(120, 'The pawnshop name may not be greater than 120 characters.'),
  pawnshop_address: optionalText(300, 'The pawnshop address may not be greater than 300 characters.'),
  pawn_notice_days: z.number(NOTICE_DAYS_RULE).int(NOTICE_DAYS_RULE).min(1, NOTICE_DAYS_RULE).max(90, NOTICE_DAYS_RULE).optional(),
  pawn_auction_date: z.preprocess((v) => (v === '' ? null : v), z.string(AUCTION_DATE_RULE).regex(/^\d{4}-\d{2}-\d{2}$/, AUCTION_DATE_RULE).refine(isCalendarDate, AUCTION_DATE_RULE).nullable().optional()),
  pawn_auction_place: optionalText(200, 'The auction place may not be greater than 200 characters.'),
  kyc_loan_threshold: moneyField('amount above which a first loan needs the full record').nullable().optional(),
  waitlist_hold_minutes: z.number(WAITLIST_HOLD_RULE).int(WAITLIST_HOLD_RULE).min(5, WAITLIST_HOLD_RULE).max(1440, WAITLIST_HOLD_RULE).optional(),
  waitlist_cooldown_hours: z.number(WAITLIST_COOLDOWN_RULE).int(WAITLIST_COOLDOWN_RULE).min(0, WAITLIST_COOLDOWN_RULE).max(168, WAITLIST_COOLDOWN_RULE).optional(),
  no_show_limit: z.number(NO_SHOW_LIMIT_RULE).int(NO_SHOW_LIMIT_RULE).min(0, NO_SHOW_LIMIT_RULE).max(10, NO_SHOW_LIMIT_RULE).optional(),
  break_glass_hours: z.number(BREAK_GLASS_HOURS_RULE).int(BREAK_GLASS_HOURS_RULE).min(1, BREAK_GLASS_HOURS_RULE).max(72, BREAK_GLASS_HOURS_RULE).optional(),
  retention_years: z.number(RETENTION_YEARS_RULE).int(RETENTION_YEARS_RULE).min(1, RETENTION_YEARS_RULE).max(100, RETENTION_YEARS_RULE).optional(),
  default_language: z.enum(LANGUAGES, DEFAULT_LANGUAGE_RULE).nullable().optional(),
});
export type SettingsBody = z.infer<typeof settingsBodySchema>;
