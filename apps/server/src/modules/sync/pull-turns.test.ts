import { describe, expect, it } from 'vitest';
import { inPullTurn } from './pull-turns';

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
