import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { type EmailMessage, escapeHtml, oneLine } from './email-text';
import type { OutboxRow } from './outbox.repository';

// The email of an urgent case (decision 0163): a link and no content. It names neither the client nor why; the
// counselor opens the Triage list in the app (signed in) to see who.

export const URGENT_SUBJECT = 'Urgent: a client needs a counselor now';

/** The message for one urgent outbox row, or undefined when its recipient is gone. */
export async function urgentEmail(db: Kysely<Database>, row: OutboxRow, publicUrl: string): Promise<EmailMessage | undefined> {
  const user = await db.selectFrom('users').select(['name', 'email']).where('id', '=', row.recipient_id).executeTakeFirst();
  const company = await db.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirst();
  if (!user || !company) return undefined;
  const ctx = { name: user.name, email: user.email, company_name: company.name };
  const link = `${publicUrl.replace(/\/$/, '')}/triage`;
  const line = 'An urgent case is waiting for a counselor. Please open the Triage list now and acknowledge it.';
  const text = [`Hello ${oneLine(ctx.name)},`, '', line, '', `Open the Triage list: ${link}`, '', oneLine(ctx.company_name), ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${escapeHtml(ctx.name)},</p>`,
    `<p>${escapeHtml(line)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the Triage list</a></p>`,
    `<p>${escapeHtml(ctx.company_name)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: { name: oneLine(ctx.name), address: ctx.email }, fromName: oneLine(ctx.company_name), subject: URGENT_SUBJECT, text, html, messageId: row.message_id, ics: null };
}
