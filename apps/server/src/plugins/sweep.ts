import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` with the server: at once when it is ready (work that fell due while no process ran is done on the first
 * start), then every `everyMs`; a failure is logged as `${what} failed`. Returns `track`, to run more work the same
 * way. On close the timer stops and the server waits for every pass still running.
 */
export function registerSweep(app: FastifyInstance, everyMs: number, pass: () => Promise<unknown>, what: string): (work: Promise<unknown>) => void {
  let timer: NodeJS.Timeout | null = null;
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const done = work.catch((err: unknown) => app.log.warn({ err }, `${what} failed`)).finally(() => running.delete(done));
    running.add(done);
  };
  const sweep = () => track(pass());
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await Promise.all([...running]);
  });
  return track;
}
