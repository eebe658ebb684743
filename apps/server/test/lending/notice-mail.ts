import { createMailer, type Mailer } from '../../src/modules/notifications/mailer';
import { type SmtpReceiver, startSmtpReceiver } from '../smtp-receiver';
import { lendingWorld, type LendingWorld } from './lending-helpers';

export interface MailingLendingWorld {
  w: LendingWorld;
  smtp: SmtpReceiver;
  mailer: Mailer;
}

/**
 * A lending world that emails its pawn notices (from 'Pawnshop <shop@example.test>') to a fresh SMTP receiver, and a
 * mailer for its worker with `connections` SMTP connections.
 */
export async function startMailingLendingWorld(connections: number): Promise<MailingLendingWorld> {
  const smtp = await startSmtpReceiver();
  try {
    const w = await lendingWorld({ SMTP_URL: smtp.url, SMTP_FROM: 'Pawnshop <shop@example.test>' });
    return { w, smtp, mailer: createMailer(w.t.config.email!, connections) };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** Closes what startMailingLendingWorld started (any part may be missing when the set-up failed). */
export async function stopMailingLendingWorld({ w, smtp, mailer }: Partial<MailingLendingWorld>): Promise<void> {
  mailer?.close();
  await w?.t.close();
  await smtp?.close();
}
