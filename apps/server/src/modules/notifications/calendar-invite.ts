import type { Language } from '@kalinga/contracts/languages';
import { appointmentCalendarEvent, appointmentLink, buildCalendar, type CalendarAppointment, type CalendarEvent, type CalendarMethod } from '../../lib/ics';
import type { CalendarSession } from './calendar-snapshot';

// The invite an email carries (decision 0222), as RFC 5546 says a calendar is told of changes: every event keeps its
// UID and carries its version (SEQUENCE, raised by the database on every change a calendar shows); an invite that adds
// or updates events is METHOD:REQUEST, one that removes them METHOD:CANCEL with STATUS:CANCELLED. A calendar applies
// a message whose SEQUENCE is higher than the one it holds, so a cancellation is never taken for an old copy. Its
// words (title, place, description) are in the email's language.

const LIVE: ReadonlySet<string> = new Set(['pending', 'confirmed']);
/** Kinds whose email carries the appointment's invite (a completion or a no-show changes nothing in a calendar). */
const WITH_INVITE: ReadonlySet<string> = new Set(['booked', 'confirmed', 'rescheduled', 'reminder', 'cancelled']);

function methodOf(kind: string): CalendarMethod {
  return kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
}

/** The event in the email's language (lib/ics.ts writes its words from the catalogs). */
function eventIn(language: Language, source: CalendarAppointment, forClient: boolean, stamp: number, link: string): CalendarEvent {
  return appointmentCalendarEvent(source, forClient, stamp, link, language);
}

/**
 * The invite of an email about one appointment, from the appointment as the change left it (`source`): a REQUEST of
 * the live appointment, or a CANCEL. Null when there is nothing for a calendar to do.
 */
export function singleInvite(kind: string, source: CalendarAppointment, forClient: boolean, stamp: number, link: string, language: Language = 'en'): string | null {
  if (!WITH_INVITE.has(kind)) return null;
  const method = methodOf(kind);
  if (method === 'REQUEST' && !LIVE.has(source.status)) return null;
  const event = eventIn(language, method === 'CANCEL' ? { ...source, status: 'cancelled' } : source, forClient, stamp, link);
  return buildCalendar([event], method);
}

/**
 * The invite of an email about a series: a REQUEST of its live sessions, or (a cancellation) a CANCEL of its
 * cancelled ones, each session its own event. Null when no session is left to send.
 */
export function seriesInvite(kind: string, sessions: readonly CalendarSession[], forClient: boolean, stamp: number, publicUrl: string, language: Language = 'en'): string | null {
  const method = methodOf(kind);
  const chosen = sessions.filter((s) => (method === 'CANCEL' ? s.status === 'cancelled' : LIVE.has(s.status)));
  if (chosen.length === 0) return null;
  return buildCalendar(chosen.map((s) => eventIn(language, { ...s, category_title: null }, forClient, stamp, appointmentLink(publicUrl, s.uuid))), method);
}
