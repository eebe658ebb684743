import { type Language, LOCALES } from '@kalinga/contracts/languages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { storedLanguage, t } from '../../lib/i18n';
import { companyTime, type EmailMessage, escapeHtml, oneLine } from './email-text';
import type { OutboxRow } from './outbox.repository';

// The registry of email writers (docs/decisions/0256-one-way-into-notifications.md): every kind of outbox email has
// one writer, registered the same way, and the worker looks the row's kind up and nothing else. A writer reads what
// its email needs (`read`: the recipient, their language, the kind's payload) and writes the words from that payload
// (`write`: subject, text and HTML in a language, with no database), so every kind can be rendered in both
// languages by a test. The registry itself is filled where every area is in reach (src/email-writers.ts), so no
// area's writer makes notifications import that area.

type Conn = Kysely<Database>;
export type OutboxKind = OutboxRow['kind'];

/** What one email says. */
export interface EmailWords {
  subject: string;
  text: string;
  html: string;
}

/** What a writer reads for one outbox row: to whom, in which language, and what it says (the kind's payload). */
export interface EmailDraft<P> {
  to: { name: string; address: string };
  fromName: string;
  language: Language;
  payload: P;
  /** The calendar invite the email carries, in the same language; none when null or absent. */
  ics?: string | null;
}

/** What every writer may use besides the database: the app's address for links, and the clock. */
export interface EmailEnv {
  publicUrl: string;
  now: number;
}

export interface EmailWriter<P> {
  /** Why the row is cancelled when `read` finds what it tells of gone. */
  readonly gone: string;
  /** Reads the email's draft for a row; undefined when what it tells of (or its recipient) is gone. */
  read(db: Conn, row: OutboxRow, env: EmailEnv): Promise<EmailDraft<P> | undefined>;
  /** The words, from the payload alone, in a language. */
  write(payload: P, language: Language): EmailWords;
}

/** One writer for every kind of outbox email: a kind without one does not compile. */
export type EmailWriters = Readonly<Record<OutboxKind, EmailWriter<unknown>>>;

/** The whole message of one row through its kind's writer, or undefined when what it tells of is gone. */
export async function composeEmail(writer: EmailWriter<unknown>, db: Conn, row: OutboxRow, env: EmailEnv): Promise<EmailMessage | undefined> {
  const draft = await writer.read(db, row, env);
  if (!draft) return undefined;
  const words = writer.write(draft.payload, draft.language);
  return {
    to: { name: oneLine(draft.to.name), address: draft.to.address },
    fromName: oneLine(draft.fromName),
    subject: oneLine(words.subject),
    text: words.text,
    html: words.html,
    messageId: row.message_id,
    ics: draft.ics ?? null,
  };
}

/** The recipient's language, else the company's default, else English (decision 0246). */
export function recipientLanguage(own: string | null | undefined, companyDefault: string | null | undefined): Language {
  return storedLanguage(own) ?? storedLanguage(companyDefault) ?? 'en';
}

/**
 * An instant on the company's clock in a language: English as it always read ('Tuesday, March 10, 2026 at 9:00 AM'),
 * Filipino in `fil-PH`.
 */
export function timeIn(language: Language, iso: string, timeZone: string): string {
  return companyTime(iso, timeZone, language === 'en' ? 'en-US' : LOCALES[language]);
}

/**
 * The body every email shares: a greeting, what happened (one paragraph a line), details (one block), a link and the
 * signature. Every value is made one line in the text part and escaped in the HTML part.
 */
export function emailBody(
  language: Language,
  b: { greeting: string; lines: readonly string[]; details?: readonly string[]; link?: { url: string; label: string; line: string }; signature: readonly string[] },
): Pick<EmailWords, 'text' | 'html'> {
  const details = b.details ?? [];
  const text = [
    oneLine(b.greeting),
    '',
    ...b.lines.map(oneLine),
    '',
    ...(details.length > 0 ? [...details.map(oneLine), ''] : []),
    ...(b.link ? [oneLine(b.link.line)] : []),
    ...(b.signature.length > 0 ? ['', ...b.signature.map(oneLine)] : []),
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(b.greeting)}</p>`,
    ...b.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(details.length > 0 ? [`<p>${details.map(escapeHtml).join('<br>')}</p>`] : []),
    ...(b.link ? [`<p><a href="${escapeHtml(b.link.url)}">${escapeHtml(b.link.label)}</a></p>`] : []),
    ...(b.signature.length > 0 ? [`<p>${b.signature.map(escapeHtml).join('<br>')}</p>`] : []),
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** 'Hello {name},' in a language. */
export function greeting(language: Language, name: string): string {
  return t(language, 'email.hello', { name: oneLine(name) });
}

/** The app's address with a path, without a doubled slash. */
export function appPath(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/$/, '')}${path}`;
}
