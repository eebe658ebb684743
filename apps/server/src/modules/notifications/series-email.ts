import type { Language } from '@kalinga/contracts/languages';
import { t } from '../../lib/i18n';
import { timeIn } from './email-registry';

// What an email about a series says (decision 0150): one message for the whole change, naming how many sessions it
// touched and listing every session of the series with its status as the change left it (decision 0222); the invite is
// built by calendar-invite.ts. Who, when and where only (decision 0123).

export interface SeriesWords {
  /** How many sessions the change touched. */
  count: number;
  frequency: 'weekly' | 'fortnightly' | null;
  sessions: readonly { index: number | null; total: number | null; start: string; status: string }[];
}

/** The subject and the lines of an email about a series, in a language. */
export function seriesWording(
  language: Language,
  kind: string,
  w: { when: string; self: 'yes' | 'no'; by: string; timeZone: string; series: SeriesWords },
): { subject: string; lines: string[] } {
  const count = t(language, 'email.series.count', { count: w.series.count });
  const list = [
    '',
    t(language, 'email.series.sessions'),
    ...w.series.sessions.map((s) =>
      t(language, 'email.series.session', { index: s.index ?? '', total: s.total ?? '', when: timeIn(language, s.start, w.timeZone), status: t(language, 'email.series.status', { status: s.status }) }),
    ),
  ];
  const v = { count, when: w.when, self: w.self, by: w.by };
  switch (kind) {
    case 'booked': {
      const how = t(language, 'email.series.frequency', { frequency: w.series.frequency ?? 'weekly' });
      return { subject: t(language, 'email.series.booked.subject', v), lines: [t(language, 'email.series.booked.line', { ...v, how }), ...list] };
    }
    case 'confirmed':
      return { subject: t(language, 'email.series.confirmed.subject', v), lines: [t(language, 'email.series.confirmed.line', v), ...list] };
    case 'cancelled':
      return { subject: t(language, 'email.series.cancelled.subject', v), lines: [t(language, 'email.series.cancelled.line', v), ...list] };
    case 'rescheduled':
      return { subject: t(language, 'email.series.rescheduled.subject', v), lines: [t(language, 'email.series.rescheduled.line', v), ...list] };
    default:
      return { subject: t(language, 'email.series.other.subject', v), lines: [t(language, 'email.series.other.line', v), ...list] };
  }
}
