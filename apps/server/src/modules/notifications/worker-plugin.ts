import type { FastifyInstance } from 'fastify';
import type { EmailWriters } from './email-registry';
import { createMailer } from './mailer';
import { NotificationWorker } from './notification-worker';

/**
 * Runs the notification worker with the server: started when it is ready, stopped (batch finished) when it closes.
 * `writers`: the registry of email writers, one for every kind (src/email-writers.ts).
 */
export function registerNotificationWorker(app: FastifyInstance, writers: EmailWriters): NotificationWorker {
  const mailer = app.config.email ? createMailer(app.config.email) : null;
  const worker = new NotificationWorker(app.db, {
    mailer,
    writers,
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
