import type { FastifyInstance } from 'fastify';
import { registerSweep } from '../../plugins/sweep';
import { matchAll, matchCompany } from './waitlist-match';

/** How often each process passes over every waitlist (holds that ran out, slots freed by any change). */
export const WAITLIST_SWEEP_MS = 30_000;

// Changes that may free a slot: a cancellation or a move, a series changed, new schedule hours or a day off removed.
const FREEING = /^\/api\/(appointments|appointment-series|counselor\/schedule|counselor\/excluded-dates)(\/|$|\?)/;

/**
 * Runs the waitlist sweep with the server, and a pass over a company's waitlist right after a change that may have
 * freed one of its slots (so the first person waiting hears at once, not at the next sweep). The sweep is what makes
 * it certain: an offer lost with a process (it crashed before its pass committed) is made by the next pass of any.
 */
export function registerWaitlistSweep(app: FastifyInstance, everyMs = WAITLIST_SWEEP_MS): void {
  const track = registerSweep(app, everyMs, () => matchAll(app.db), 'waitlist pass');
  // One pass per company at a time in this process; a change during a pass asks for one more after it.
  const busy = new Map<number, boolean>();
  const kick = (companyId: number) => {
    if (busy.has(companyId)) {
      busy.set(companyId, true);
      return;
    }
    busy.set(companyId, false);
    track(
      (async () => {
        do {
          busy.set(companyId, false);
          await matchCompany(app.db, companyId);
        } while (busy.get(companyId));
      })().finally(() => busy.delete(companyId)),
    );
  };
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 300 || !request.authContext || !FREEING.test(request.url)) return;
    kick(request.authContext.companyId);
  });
}
