import type { FastifyInstance } from 'fastify';
import { registerSweep } from '../../plugins/sweep';
import { escalateDueCases } from './urgent-cases';

/** How often each process looks for urgent cases past their escalation time. */
export const ESCALATION_SWEEP_MS = 20_000;

/** Runs the escalation sweep with the server (beside the notification worker); stops when it closes. */
export function registerEscalation(app: FastifyInstance, everyMs = ESCALATION_SWEEP_MS): void {
  // At once too: cases that fell due while no process was running escalate on the first start.
  registerSweep(app, everyMs, () => escalateDueCases(app.db, Date.now()), 'urgent case escalation');
}
