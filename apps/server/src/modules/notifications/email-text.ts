import { CONTROL_CHARS } from '../../lib/ics';

// The words every notification email is made of, whatever area writes it: the message's parts, the company's time,
// one-line values, HTML escaping.

export interface EmailMessage {
  to: { name: string; address: string };
  fromName: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  ics: string | null;
}

/**
 * 'Tuesday, March 10, 2026 at 9:00 AM (Asia/Manila)': the instant on the company's clock, naming the zone; in
 * Filipino with `fil-PH` ('Martes, Marso 10, 2026 nang 9:00 AM').
 */
export function companyTime(iso: string, timeZone: string, locale = 'en-US'): string {
  const text = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
  return `${text} (${timeZone})`;
}

/** Control characters (line breaks included) and Unicode line separators, each made a space: a value is one line. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_CHARS, ' ');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
