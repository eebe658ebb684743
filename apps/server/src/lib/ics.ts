import { type Language, t } from './i18n';

/** What an iCalendar event needs; instants as UTC ms. */
export interface CalendarEvent {
  uid: string;
  start: number;
  end: number;
  stamp: number;
  summary: string;
  location: string;
  description: string;
  /** RFC 5545 VEVENT status; left out for a completed appointment (VEVENT has no COMPLETED). */
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED' | null;
  /** RFC 5545 SEQUENCE: the event's version, higher with every change a calendar shows (decision 0222). */
  sequence: number;
}

/**
 * RFC 5546 METHOD: PUBLISH for a file someone downloads; REQUEST for an invite that adds or updates events; CANCEL for
 * one that removes them (a calendar that took the REQUEST drops them when the CANCEL carries a higher SEQUENCE).
 */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** 20260309T010000Z (RFC 5545 UTC date-time). */
function utc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: never inside one line of text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and line breaks (CRLF, LF or a lone CR) as \\n; other control characters dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL_CHARS, '');
}

/** Folds a content line at 75 octets (continuation lines start with a space), never splitting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A one-event VCALENDAR with CRLF line endings. */
export function buildIcs(event: CalendarEvent, method: CalendarMethod = 'PUBLISH'): string {
  return buildCalendar([event], method);
}

/** A VCALENDAR of several events (a series: one VEVENT per session, each with its own UID), CRLF line endings. */
export function buildCalendar(events: readonly CalendarEvent[], method: CalendarMethod = 'PUBLISH'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kalinga//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${utc(event.stamp)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.status ? [`STATUS:${event.status}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

const MINUTE = 60_000;

/** What a calendar entry says of an appointment. */
export interface CalendarAppointment {
  uuid: string;
  appointment_date: string;
  duration_minutes: number;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
  location_type: 'online' | 'on-site';
  location: string | null;
  user_type: 'student' | 'personnel';
  counselor_name: string;
  client_name: string;
  category_title: string | null;
  /** The event's version (appointments.ics_sequence, migration 031); 0 when unknown. */
  ics_sequence?: number | null;
}

/** Where the app opens an appointment: what an email or a calendar entry links to for everything it leaves out. */
export function appointmentLink(publicUrl: string, uuid: string): string {
  return `${publicUrl}/appointments?open=${encodeURIComponent(uuid)}`;
}

/**
 * The appointment as an event, from one side: the client sees the counselor named, staff the client. Who, when and
 * where, and a link to the app (`link`, when known): never the reason, the notes or the category, which a calendar
 * carries to servers outside the centre's control (decision 0123). Its words are in `language` (decision 0258).
 */
export function appointmentCalendarEvent(row: CalendarAppointment, forClient: boolean, stamp: number, link?: string, language: Language = 'en'): CalendarEvent {
  const start = Date.parse(row.appointment_date);
  const other = forClient
    ? t(language, 'email.counselor', { name: row.counselor_name })
    : t(language, 'email.client', { userType: row.user_type === 'student' ? 'student' : 'other', name: row.client_name });
  return {
    uid: `${row.uuid}@kalinga`,
    start,
    end: start + row.duration_minutes * MINUTE,
    stamp,
    summary: t(language, 'email.invite.summary'),
    location: row.location_type === 'online' ? t(language, 'email.online') : (row.location ?? t(language, 'email.onSite')),
    description: [other, t(language, 'email.invite.status', { status: row.status }), ...(link ? [t(language, 'email.invite.details', { link })] : [])].join('\n'),
    status: row.status === 'pending' ? 'TENTATIVE' : row.status === 'confirmed' ? 'CONFIRMED' : row.status === 'cancelled' ? 'CANCELLED' : null,
    sequence: row.ics_sequence ?? 0,
  };
}
