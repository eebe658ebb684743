import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DB } from './db/database';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate } from './modules/auth/session';
import { registerSessionCache } from './modules/auth/session-cache';
import { companiesRoutes } from './modules/companies/companies.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import './plugins/context';
import { registerErrorHandling } from './plugins/errors';
import { webAppScriptHashes } from './plugins/inline-scripts';
import { registerInputGuards } from './plugins/input-guards';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { MAX_IMAGE_BYTES } from './lib/images';
import { type ContentKeys, loadContentKeys } from './lib/field-crypto';
import { registerUploads } from './plugins/uploads';
import { createImageStore } from './lib/create-image-store';
import { registerNotFound, registerWebApp } from './plugins/web-app';
import { isDraftResourceImage } from './modules/resources/resource.repository';
import { isItemPhoto } from './modules/lending/vault.repository';
import { LOG_SERIALIZERS } from './lib/log-serializers';

export interface BuildOptions {
  config: AppConfig;
  db: DB;
  logger?: boolean;
  /** The built web app to serve with an SPA fallback (main.ts); tests leave it out. */
  webDir?: string;
  /** Runs the notification worker in this process (main.ts, test/serve.ts); tests run one by hand instead. */
  notificationWorker?: boolean;
  /** The keyring main.ts loaded (and rotates); else it is loaded from the configuration here. */
  contentKeys?: ContentKeys;
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the API server (plugins, then modules) without listening, so tests can inject requests. */
export async function buildApp({ config, db, logger = false, webDir, notificationWorker = false, contentKeys }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, serializers: LOG_SERIALIZERS } : false,
    // Base64 logos arrive in JSON bodies: room for a 2 MB image plus its encoding.
    bodyLimit: Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024,
    // X-Forwarded-* only from the proxies TRUST_PROXY names (off by default): else anyone picks their address.
    // A hop count as proxy-addr reads one (Fastify's types lack the number form): the nearest n senders are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('contentKeys', contentKeys ?? loadContentKeys(config));

  registerErrorHandling(app);
  registerInputGuards(app);
  await registerSecurityHeaders(app, webAppScriptHashes(webDir));
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 50 } });
  await registerOpenApi(app, config.apiDocs);
  registerSessionCache(app);
  registerAuth(app, authenticate);
  await registerRateLimits(app);
  // Draft resources' images and items' photos are served only by a signed URL (decisions 0077, 0310).
  await registerUploads(app, createImageStore(config), { isPrivate: async (name) => (await isDraftResourceImage(db, name)) || (await isItemPhoto(db, name)) });

  // Before every route, so its timing hook covers them all (decision 0331).
  await (await import('./modules/metrics/metrics-plugin')).registerMetrics(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(companiesRoutes);
  // Feature modules register here, one line each.
  (await import('./modules/lending/branch-context')).registerBranchHeader(app);
  await app.register((await import('./modules/lending/branches.routes')).branchRoutes);
  await app.register((await import('./modules/lending/transfer.routes')).transferRoutes);
  await app.register((await import('./modules/reports/report.routes')).reportsRoutes);
  await app.register((await import('./modules/categories/category.routes')).categoryRoutes);
  await app.register((await import('./modules/appointments/appointment.routes')).appointmentRoutes);
  await app.register((await import('./modules/calendar/calendar.routes')).calendarRoutes);
  await app.register((await import('./modules/appointments/self-service.routes')).selfServiceRoutes);
  await app.register((await import('./modules/appointments/series.routes')).seriesRoutes);
  await app.register((await import('./modules/appointments/attendance.routes')).attendanceRoutes);
  await app.register((await import('./modules/schedule/schedule.routes')).scheduleRoutes);
  await app.register((await import('./modules/resources/resource.routes')).resourceRoutes);
  await app.register((await import('./modules/lending/customer.routes')).customerRoutes);
  await app.register((await import('./modules/lending/metal-rate.routes')).metalRateRoutes);
  await app.register((await import('./modules/lending/loan.routes')).loanRoutes);
  await app.register((await import('./modules/lending/item.routes')).itemRoutes);
  await app.register((await import('./modules/lending/vault.routes')).vaultRoutes);
  await app.register((await import('./modules/lending/cash-day.routes')).cashDayRoutes);
  await app.register((await import('./modules/lending/lending-operations')).lendingOperationRoutes);
  await app.register((await import('./modules/lending/pawn-notice.routes')).pawnNoticeRoutes);
  await app.register((await import('./modules/sync/sync.routes')).syncRoutes);
  await app.register((await import('./modules/sync/book-key.routes')).bookKeyRoutes);
  await app.register((await import('./modules/start-up/start-up-reads.routes')).startUpReadsRoutes);
  await app.register((await import('./modules/sync/live-changes.routes')).liveChangesRoutes);
  await app.register((await import('./modules/notifications/notification-inbox.routes')).notificationInboxRoutes);
  await app.register((await import('./modules/notifications/notification-preferences.routes')).notificationPreferencesRoutes);
  await app.register(usersRoutes);
  await app.register(rolesRoutes);
  await app.register(settingsRoutes);
  await app.register((await import('./modules/notifications/deliveries.routes')).deliveriesRoutes);
  await app.register((await import('./backup/backup-status.routes')).backupStatusRoutes);
  await app.register((await import('./modules/screening/screening.routes')).screeningRoutes);
  await app.register((await import('./modules/waitlist/waitlist.routes')).waitlistRoutes);
  await app.register((await import('./modules/case-notes/case-notes.routes')).caseNotesRoutes);
  await app.register((await import('./modules/client-record/client-record.routes')).clientRecordRoutes);
  await app.register((await import('./modules/client-record/client-file.routes')).clientFileRoutes);
  await app.register((await import('./modules/groups/groups.routes')).groupRoutes);
  await app.register((await import('./modules/groups/group-notes.routes')).groupNoteRoutes);
  if (notificationWorker) (await import('./modules/notifications/worker-plugin')).registerNotificationWorker(app, (await import('./email-writers')).EMAIL_WRITERS);
  if (notificationWorker) (await import('./modules/screening/escalation-plugin')).registerEscalation(app);
  if (notificationWorker) (await import('./modules/waitlist/waitlist-plugin')).registerWaitlistSweep(app);
  if (notificationWorker) (await import('./modules/client-record/retention-plugin')).registerRetention(app);

  if (webDir) await registerWebApp(app, webDir);
  registerNotFound(app, webDir);

  return app;
}
