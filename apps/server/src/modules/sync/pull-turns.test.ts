import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { inPullTurn, MAX_SEND_WAIT_MS, sent } from './pull-turns';

// Pulls take turns (decision 0132): never two replies built at once in a process.

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('inPullTurn', () => {
  it('runs pulls one at a time, in the order they came, each with its own result or error', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const pull = (n: number) =>
      inPullTurn(async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        order.push(n);
        running--;
        if (n === 2) throw new Error('refused');
        return n;
      });
    const results = await Promise.allSettled([pull(1), pull(2), pull(3)]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'refused', 3]);
  });
});

describe('sent', () => {
  const response = () => Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false });
  const settledYet = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    return done;
  };

  it('waits for the reply to be written in full, or for its connection to close', async () => {
    const written = response();
    const waiting = sent(written);
    expect(await settledYet(waiting)).toBe(false);
    written.emit('finish');
    expect(await settledYet(waiting)).toBe(true);
    const cut = response();
    const cutWaiting = sent(cut);
    cut.emit('close');
    expect(await settledYet(cutWaiting)).toBe(true);
    expect(await settledYet(sent({ ...response(), writableFinished: true, once: () => undefined }))).toBe(true);
  });

  it('stops waiting for a slow client after a bounded time', async () => {
    vi.useFakeTimers();
    try {
      const waiting = sent(response());
      let done = false;
      void waiting.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(MAX_SEND_WAIT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
