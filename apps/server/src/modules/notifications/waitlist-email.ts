import { t } from '../../lib/i18n';
import { oneLine } from './email-text';
import { appPath, emailBody, type EmailWriter, greeting, recipientLanguage, timeIn } from './email-registry';
import { offerForEmail } from './email-reads.repository';

// The email of a waitlist offer (decision 0152): who with and when, how long it is held, and a link to accept in the
// app. Like every email it says nothing of why the client asked (decision 0123).

export interface WaitlistOfferPayload {
  client: string;
  counselor: string;
  company: string;
  /** The held time and the end of the hold (instants), shown on the company's clock. */
  start: string;
  until: string;
  timeZone: string;
  link: string;
}

export const waitlistOfferEmail: EmailWriter<WaitlistOfferPayload> = {
  gone: 'The recipient no longer exists.',
  async read(db, row, env) {
    const offer = await offerForEmail(db, row);
    if (!offer) return undefined;
    return {
      to: { name: offer.client_name, address: offer.email },
      fromName: offer.company_name,
      language: recipientLanguage(offer.language, offer.company_language),
      payload: {
        client: offer.client_name,
        counselor: offer.counselor_name,
        company: offer.company_name,
        start: row.appointment_date ?? '',
        until: offer.expires_at,
        timeZone: offer.timezone,
        link: appPath(env.publicUrl, '/waitlist'),
      },
    };
  },
  write(p, language) {
    const when = timeIn(language, p.start, p.timeZone);
    return {
      subject: t(language, 'email.waitlist.subject', { when }),
      ...emailBody(language, {
        greeting: greeting(language, p.client),
        lines: [t(language, 'email.waitlist.line', { when, counselor: oneLine(p.counselor) }), t(language, 'email.waitlist.hold', { until: timeIn(language, p.until, p.timeZone) })],
        link: { url: p.link, label: t(language, 'email.waitlist.open'), line: t(language, 'email.waitlist.openLine', { link: p.link }) },
        signature: [p.company],
      }),
    };
  },
};
