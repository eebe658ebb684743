import nodemailer from 'nodemailer';
import type { EmailMessage } from './email-text';

// Sending through SMTP_URL with nodemailer (a pooled transport: a few open connections, reused for every message).

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/** The address part of SMTP_FROM ('Kalinga <care@school.example>' or 'care@school.example'). */
export function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** A permanent refusal (an SMTP 5xx reply, e.g. no such mailbox): trying again would not help. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailer(email: { smtpUrl: string; from: string }, maxConnections = 5): Mailer {
  const transport = nodemailer.createTransport({
    url: email.smtpUrl,
    pool: true,
    maxConnections,
    // A send never outlives the worker's claim on its row (decision 0067): each wait is bounded.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const address = fromAddress(email.from);
  return {
    async send(m) {
      await transport.sendMail({
        from: { name: m.fromName, address },
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.messageId,
        attachments: m.ics ? [{ filename: 'appointment.ics', content: m.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] : [],
      });
    },
    close: () => transport.close(),
  };
}
