import { createMailer, type Mailer } from '../src/modules/notifications/mailer';
import { createTestApp, type TestApp } from './harness';
import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver';

export interface MailingApp {
  t: TestApp;
  smtp: SmtpReceiver;
  mailer: Mailer;
}

/** A test app that sends email (from 'Kalinga <care@example.test>', links to `publicUrl`) to a fresh SMTP receiver, and a mailer for its worker. */
export async function startMailingApp(publicUrl: string): Promise<MailingApp> {
  const smtp = await startSmtpReceiver();
  try {
    const t = await createTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'Kalinga <care@example.test>', PUBLIC_URL: publicUrl });
    return { t, smtp, mailer: createMailer(t.config.email!) };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** Closes what startMailingApp started (any part may be missing when the set-up failed). */
export async function stopMailingApp({ t, smtp, mailer }: Partial<MailingApp>): Promise<void> {
  mailer?.close();
  await t?.close();
  await smtp?.close();
}
