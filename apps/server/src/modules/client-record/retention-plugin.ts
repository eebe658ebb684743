import type { FastifyInstance } from 'fastify';
import { registerSweep } from '../../plugins/sweep';
import { listDueFiles } from './retention.service';

/** How often the process looks whether this month's list of files to purge is made (it is made once a month). */
export const RETENTION_CHECK_MS = 6 * 3_600_000;

/** Runs the monthly retention listing with the server (decision 0236); at start-up too, so a missed month is made. */
export function registerRetention(app: FastifyInstance, everyMs = RETENTION_CHECK_MS): void {
  registerSweep(app, everyMs, () => listDueFiles(app.db), 'retention listing');
}
