import { formatDateTime, formatTime, formatWeekdayDateTime, type When } from './dates';

// Times of the centre's appointments and held slots read on the centre's clock (decision 0224): the waitlist's
// wanted hours are the centre's wall times, so a held slot beside them must be too. Where the browser is in another
// zone the centre's zone is named, once on a screen or after each time where there is no screen to name it on.

/** The browser's IANA zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The centre's zone when the browser's differs (it must then be named beside the times), else null. */
export function zoneToName(timeZone: string | undefined): string | null {
  return timeZone && timeZone !== browserTimeZone() ? timeZone : null;
}

/** The line a screen shows once when its times are in another zone than the browser's, else null. */
export function centreZoneNote(timeZone: string | undefined): string | null {
  const zone = zoneToName(timeZone);
  return zone ? `Times are in the centre's time zone (${zone}).` : null;
}

/** 'Tue, Nov 24, 2026, 3:00 PM' on the centre's clock, followed by ' (Asia/Manila)' when the browser is elsewhere. */
export function centreDateTime(value: When, timeZone: string | undefined): string {
  const zone = zoneToName(timeZone);
  return `${formatWeekdayDateTime(value, timeZone)}${zone ? ` (${zone})` : ''}`;
}

/** 'Nov 24, 2026, 3:00 PM' on the centre's clock, followed by ' (Asia/Manila)' when the browser is elsewhere. */
export function centreShortDateTime(value: When, timeZone: string | undefined): string {
  const zone = zoneToName(timeZone);
  return `${formatDateTime(value, timeZone)}${zone ? ` (${zone})` : ''}`;
}

/** '3:00 PM' on the centre's clock, followed by ' (Asia/Manila)' when the browser is elsewhere. */
export function centreTime(value: When, timeZone: string | undefined): string {
  const zone = zoneToName(timeZone);
  return `${formatTime(value, timeZone)}${zone ? ` (${zone})` : ''}`;
}
