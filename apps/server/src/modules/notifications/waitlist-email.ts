import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { companyTime, type EmailMessage, escapeHtml, oneLine } from './email-text';
import type { OutboxRow } from './outbox.repository';

// The email of a waitlist offer (decision 0152): who with and when, how long it is held, and a link to accept in the
// app. Like every email it says nothing of why the client asked (decision 0123).

/** The message for one waitlist-offer outbox row, or undefined when the client or the offer is gone. */
export async function waitlistOfferEmail(db: Kysely<Database>, row: OutboxRow, publicUrl: string): Promise<EmailMessage | undefined> {
  const offer = await db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
    .innerJoin('users as cl', 'cl.id', 'e.client_id')
    .innerJoin('users as co', 'co.id', 'o.counselor_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select(['cl.name as client_name', 'cl.email', 'co.name as counselor_name', 'c.name as company_name', 'c.timezone', 'o.expires_at'])
    .where('e.client_id', '=', row.recipient_id)
    .where('o.company_id', '=', row.company_id)
    .where('o.start_at', '=', row.appointment_date ?? '')
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
  if (!offer) return undefined;
  const when = companyTime(row.appointment_date ?? '', offer.timezone);
  const until = companyTime(offer.expires_at, offer.timezone);
  const link = `${publicUrl.replace(/\/$/, '')}/waitlist`;
  const lines = [
    `A time has opened for you: ${when} with ${oneLine(offer.counselor_name)}.`,
    `It is held for you until ${until}. Accept it in one click on your waitlist page; after that it is offered to the next person waiting.`,
  ];
  const text = [`Hello ${oneLine(offer.client_name)},`, '', ...lines, '', `Open your waitlist: ${link}`, '', oneLine(offer.company_name), ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${escapeHtml(offer.client_name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">Open your waitlist</a></p>`,
    `<p>${escapeHtml(offer.company_name)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: { name: oneLine(offer.client_name), address: offer.email }, fromName: oneLine(offer.company_name), subject: oneLine(`A time has opened for you: ${when}`), text, html, messageId: row.message_id, ics: null };
}
