import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DB } from './db/database';
import { pruneStoredReplies, REPLY_RETENTION_MS } from './modules/lending/idempotency.repository';
import { sweepOrphanUploads } from './lib/upload-sweep';
import { deleteRemovedImages } from './lib/images';
import { createImageStore } from './lib/create-image-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The server's daily housekeeping, once at start and then every day, in the background (a failure is logged
 * and tried again the next day): uploads no row refers to (left by a crash mid-request), and the stored
 * replies of lending writes past their retention (decision 0102). Returns what one round removed.
 */
export async function housekeeping(db: DB, config: AppConfig, log: FastifyBaseLogger, now = Date.now()): Promise<{ uploads: number; replies: number }> {
  const images = createImageStore(config);
  const uploads = await sweepOrphanUploads(db, images)
    .then((removed) => removed.length)
    .catch((err: unknown) => {
      log.warn({ err }, 'sweeping unreferenced uploads failed');
      return 0;
    });
  if (uploads > 0) log.info({ removed: uploads }, 'removed unreferenced uploads');
  // Removed images wait a day for backups under way (decision 0190), then go.
  const deleted = await deleteRemovedImages(images, now).catch((err: unknown) => {
    log.warn({ err }, 'deleting removed uploads failed');
    return 0;
  });
  if (deleted > 0) log.info({ deleted }, 'deleted removed uploads a day old');
  const replies = await pruneStoredReplies(db, new Date(now - REPLY_RETENTION_MS).toISOString()).catch((err: unknown) => {
    log.warn({ err }, 'pruning stored write replies failed');
    return 0;
  });
  if (replies > 0) log.info({ removed: replies }, 'removed stored write replies past their retention');
  return { uploads, replies };
}

/** Runs housekeeping now and daily; the timer does not hold the process open. */
export function startHousekeeping(db: DB, config: AppConfig, log: FastifyBaseLogger): void {
  const round = () => void housekeeping(db, config, log);
  round();
  setInterval(round, DAY_MS).unref();
}
