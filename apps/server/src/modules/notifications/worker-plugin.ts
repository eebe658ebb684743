import type { FastifyInstance } from 'fastify';
import { createMailer } from './mailer';
import { NotificationWorker, type OwnEmail } from './notification-worker';

/**
 * Runs the notification worker with the server: started when it is ready, stopped (batch finished) when it closes.
 * `emails`: the emails of outbox kinds other areas own, by kind.
 */
export function registerNotificationWorker(app: FastifyInstance, emails: Readonly<Partial<Record<string, OwnEmail>>> = {}): NotificationWorker {
  const mailer = app.config.email ? createMailer(app.config.email) : null;
  const worker = new NotificationWorker(app.db, {
    mailer,
    emails,
    publicUrl: app.config.publicUrl,
    onError: (err, what) => app.log.warn({ err }, `${what} failed`),
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer?.close();
  });
  return worker;
}
