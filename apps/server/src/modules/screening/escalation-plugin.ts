import type { FastifyInstance } from 'fastify';
import { escalateDueCases } from './urgent-cases';

/** How often each process looks for urgent cases past their escalation time. */
export const ESCALATION_SWEEP_MS = 20_000;

/** Runs the escalation sweep with the server (beside the notification worker); stops when it closes. */
export function registerEscalation(app: FastifyInstance, everyMs = ESCALATION_SWEEP_MS): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = escalateDueCases(app.db, Date.now()).catch((err: unknown) => app.log.warn({ err }, 'urgent case escalation failed'));
  };
  app.addHook('onReady', async () => {
    // At once too: cases that fell due while no process was running escalate on the first start.
    sweep();
    timer = setInterval(sweep, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
