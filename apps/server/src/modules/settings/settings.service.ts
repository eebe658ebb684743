import type { Settings, SettingsBody } from '@kalinga/contracts/settings';
import { toCentavos, toPesos } from '@kalinga/contracts/lending/rules';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { NOT_AN_IMAGE, publicFileUrl, removeImage, storeDataUrlImage } from '../../lib/images';
import { findSettings, saveSettings } from './settings.repository';
import { storedLanguage } from '../../lib/i18n';

export async function readSettings(app: FastifyInstance, auth: AuthContext): Promise<Settings> {
  const row = await findSettings(app.db, auth.companyId);
  if (!row) throw notFound('Settings');
  return {
    site_name: row.site_name,
    site_logo: publicFileUrl(row.site_logo),
    business_name: row.business_name,
    business_address: row.business_address,
    timezone: row.timezone,
    appointment_duration_minutes: row.appointment_duration_minutes,
    students_can_book: row.students_can_book === 1,
    reminder_hours_before: row.reminder_hours_before,
    cancellation_notice_hours: row.cancellation_notice_hours,
    lending_backdate_days: row.lending_backdate_days,
    bsp_registration: row.bsp_registration,
    pawnshop_name: row.pawnshop_name,
    pawnshop_address: row.pawnshop_address,
    pawn_notice_days: row.pawn_notice_days,
    pawn_auction_date: row.pawn_auction_date,
    pawn_auction_place: row.pawn_auction_place,
    kyc_loan_threshold: row.kyc_loan_threshold === null ? null : toPesos(Number(row.kyc_loan_threshold)),
    waitlist_hold_minutes: row.waitlist_hold_minutes,
    waitlist_cooldown_hours: row.waitlist_cooldown_hours,
    no_show_limit: row.no_show_limit,
    break_glass_hours: row.break_glass_hours,
    retention_years: row.retention_years,
    default_language: storedLanguage(row.default_language),
    updated_at: row.updated_at,
  };
}

/**
 * Saves the fields that were sent. A data-URL logo is stored as an image file (its content checked);
 * the current logo's URL keeps it; null or '' removes it. The replaced file is removed after the write.
 */
export async function writeSettings(app: FastifyInstance, auth: AuthContext, body: SettingsBody): Promise<Settings> {
  const current = await findSettings(app.db, auth.companyId);
  if (!current) throw notFound('Settings');
  const changes: Parameters<typeof saveSettings>[2] = {};
  if (body.site_name !== undefined) changes.site_name = body.site_name;
  if (body.business_name !== undefined) changes.business_name = body.business_name;
  if (body.business_address !== undefined) changes.business_address = body.business_address;
  if (body.appointment_duration_minutes !== undefined) changes.appointment_duration_minutes = body.appointment_duration_minutes;
  if (body.students_can_book !== undefined) changes.students_can_book = body.students_can_book ? 1 : 0;
  if (body.reminder_hours_before !== undefined) changes.reminder_hours_before = body.reminder_hours_before;
  if (body.cancellation_notice_hours !== undefined) changes.cancellation_notice_hours = body.cancellation_notice_hours;
  if (body.lending_backdate_days !== undefined) changes.lending_backdate_days = body.lending_backdate_days;
  if (body.bsp_registration !== undefined) changes.bsp_registration = body.bsp_registration;
  if (body.pawnshop_name !== undefined) changes.pawnshop_name = body.pawnshop_name;
  if (body.pawnshop_address !== undefined) changes.pawnshop_address = body.pawnshop_address;
  if (body.pawn_notice_days !== undefined) changes.pawn_notice_days = body.pawn_notice_days;
  if (body.pawn_auction_date !== undefined) changes.pawn_auction_date = body.pawn_auction_date;
  if (body.pawn_auction_place !== undefined) changes.pawn_auction_place = body.pawn_auction_place;
  if (body.kyc_loan_threshold !== undefined) changes.kyc_loan_threshold = body.kyc_loan_threshold === null ? null : toCentavos(body.kyc_loan_threshold);
  if (body.waitlist_hold_minutes !== undefined) changes.waitlist_hold_minutes = body.waitlist_hold_minutes;
  if (body.waitlist_cooldown_hours !== undefined) changes.waitlist_cooldown_hours = body.waitlist_cooldown_hours;
  if (body.no_show_limit !== undefined) changes.no_show_limit = body.no_show_limit;
  if (body.break_glass_hours !== undefined) changes.break_glass_hours = body.break_glass_hours;
  if (body.retention_years !== undefined) changes.retention_years = body.retention_years;
  if (body.default_language !== undefined) changes.default_language = body.default_language;

  let storedLogo: string | null = null;
  const logo = body.site_logo;
  if (logo === null || logo === '') {
    changes.site_logo = null;
  } else if (logo !== undefined && logo !== publicFileUrl(current.site_logo)) {
    if (!logo.startsWith('data:')) throw unprocessable({ site_logo: [NOT_AN_IMAGE] });
    storedLogo = await storeDataUrlImage(app.images, logo, 'site_logo');
    changes.site_logo = storedLogo;
  }
  const timezone = body.timezone === undefined ? undefined : new Intl.DateTimeFormat('en-US', { timeZone: body.timezone }).resolvedOptions().timeZone;
  let previousLogo: string | null;
  try {
    ({ previousLogo } = await saveSettings(app.db, auth.companyId, changes, timezone, nowIso()));
  } catch (err) {
    if (storedLogo) await removeImage(app.images, storedLogo);
    throw err;
  }
  if ('site_logo' in changes && previousLogo && previousLogo !== changes.site_logo) {
    await removeImage(app.images, previousLogo);
  }
  return readSettings(app, auth);
}
