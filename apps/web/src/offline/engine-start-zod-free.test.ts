import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';

// The sync engine starts on every signed-in screen, after the first one has painted (decision 0098). Its code
// must not evaluate zod or the contracts' schemas: that was one main-thread task of 240-650 ms at 4x CPU inside
// Lighthouse's window (decision 0335). The engine reads the zod-free constants and operation routes instead.

const loaded = vi.hoisted(() => ({ zod: 0 }));
vi.mock('zod', async (original) => {
  loaded.zod += 1;
  return original();
});

describe("the sync engine's start", () => {
  it('loads the engine, its pushed-changes stream and the queue without zod', async () => {
    await import('./sync-engine');
    await import('./live-changes');
    await import('./queue-runner');
    await import('./pull');
    await import('./initial-sync');
    expect(loaded.zod).toBe(0);
  });

  it('the check sees zod when a schema module is loaded', async () => {
    await import('@kalinga/contracts/lending/operations');
    expect(loaded.zod).toBeGreaterThan(0);
  });
});
