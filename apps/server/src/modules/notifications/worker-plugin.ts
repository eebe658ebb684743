import type { FastifyInstance } from 'fastify';
import { createMailer } from './mailer';
import { NotificationWorker } from './notification-worker';

/** Runs the notification worker with the server: started when it is ready, stopped (batch finished) when it closes. */
export function registerNotificationWorker(app: FastifyInstance): NotificationWorker {
  const mailer = app.config.email ? createMailer(app.config.email) : null;
  const worker = new NotificationWorker(app.db, {
    mailer,
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
