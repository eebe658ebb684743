import { FREQUENCY_LABEL } from '@kalinga/contracts/series-constants';
import { appointmentCalendarEvent, appointmentLink, buildCalendar } from '../../lib/ics';
import { companyTime, oneLine } from './email-text';
import type { EmailContext, OutboxRow, SeriesEmailSession } from './outbox.repository';

// What an email about a series says (decision 0150): one message for the whole change, naming how many sessions it
// touched and listing every session of the series with its status; the invite carries every session (a cancelled one
// as CANCELLED, so a calendar that took the earlier invite drops it). Who, when and where only (decision 0123).

export function seriesWording(row: OutboxRow, ctx: EmailContext, sessions: readonly SeriesEmailSession[]): { subject: string; lines: string[] } {
  const when = companyTime(row.appointment_date ?? '', ctx.timezone);
  const by = row.actor_id === row.recipient_id ? 'You' : oneLine(ctx.actor_name ?? 'Someone');
  const n = row.series_count ?? sessions.length;
  const count = n === 1 ? '1 appointment' : `${n} appointments`;
  const list = ['', 'Sessions:', ...sessions.map((s) => `${s.series_index} of ${s.series_total}: ${companyTime(s.appointment_date, ctx.timezone)} (${s.status})`)];
  switch (row.kind) {
    case 'booked': {
      const how = sessions[0] ? FREQUENCY_LABEL[sessions[0].frequency].toLowerCase() : 'weekly';
      return { subject: `Series booked: ${count} from ${when}`, lines: [`${by} booked a series of ${count} (${how}), the first on ${when}.`, ...list] };
    }
    case 'confirmed':
      return { subject: `Series confirmed: ${count} from ${when}`, lines: [`${by} confirmed ${count} of the series, from ${when}.`, ...list] };
    case 'cancelled':
      return { subject: `Series cancelled: ${count} from ${when}`, lines: [`${by} cancelled ${count} of the series, from ${when}.`, ...list] };
    case 'rescheduled':
      return { subject: `Series moved: ${count} from ${when}`, lines: [`${by} moved ${count} of the series; the first is now on ${when}.`, ...list] };
    default:
      return { subject: `Series: ${count} from ${when}`, lines: [`${count} of the series, from ${when}.`, ...list] };
  }
}

/** Every session of the series as one calendar file. */
export function seriesIcs(sessions: readonly SeriesEmailSession[], forClient: boolean, stamp: number, publicUrl: string): string {
  return buildCalendar(sessions.map((s) => appointmentCalendarEvent({ ...s, category_title: null }, forClient, stamp, appointmentLink(publicUrl, s.uuid))));
}
