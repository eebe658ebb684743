import type { PushedDelta } from '@kalinga/contracts/live-changes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChangesOptions } from './live-changes';
import { PULL_EVERY_MS, setSyncHooks, startSync, stopSync } from './sync-engine';

// The periodic pull and the deltas the live stream carries (decision 0360): a delta applied at the book's cursor
// makes the book as current as a pull would, so the periodic pull waits its whole interval again from there; focus
// and reconnect pulls are unchanged. The engine's other parts are replaced: only its timers are under test.

const live = vi.hoisted(() => ({ options: null as LiveChangesOptions | null }));
vi.mock('./live-changes', () => ({
  startLiveChanges: (options: LiveChangesOptions) => void (live.options = options),
  stopLiveChanges: () => void (live.options = null),
}));
vi.mock('./legacy-book', () => ({ adoptLegacyBook: async () => undefined }));
vi.mock('./queue-runner', () => ({
  pauseQueue: () => undefined,
  resumeQueue: () => undefined,
  retryEntries: async () => undefined,
  runQueue: async () => ({ nextAttemptAt: null, refused: false }),
}));
vi.mock('./pull', () => ({ applyPushedDelta: async () => false, pullChanges: async () => undefined }));

const delta = { from: 'c1', to: 'c2' } as unknown as PushedDelta;
let pulls = 0;
let applies = true;

/** Lets the engine's started work (its dynamic import, the first drain and pull) run. */
async function settle(): Promise<void> {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  pulls = 0;
  applies = true;
  setSyncHooks({
    pull: async () => void pulls++,
    applyPushed: async () => applies,
  });
  startSync();
  await settle();
  // The start-up pull.
  expect(pulls).toBe(1);
});
afterEach(() => {
  stopSync();
  vi.useRealTimers();
});

describe('the periodic pull', () => {
  it('comes PULL_EVERY_MS after the last pull, and again after as long', async () => {
    await vi.advanceTimersByTimeAsync(PULL_EVERY_MS - 1);
    expect(pulls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pulls).toBe(2);
    await vi.advanceTimersByTimeAsync(PULL_EVERY_MS);
    expect(pulls).toBe(3);
  });

  it('waits its whole interval again after an applied carried delta', async () => {
    await vi.advanceTimersByTimeAsync(PULL_EVERY_MS - 60_000);
    expect(await live.options!.applyPushed!(delta)).toBe(true);
    // Where the pull was due without the delta: none.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pulls).toBe(1);
    await vi.advanceTimersByTimeAsync(PULL_EVERY_MS - 60_000 - 1);
    expect(pulls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pulls).toBe(2);
  });

  it('keeps its time after a delta that was not applied (the stream pulls for it), and focus pulls as before', async () => {
    applies = false;
    await vi.advanceTimersByTimeAsync(PULL_EVERY_MS - 60_000);
    expect(await live.options!.applyPushed!(delta)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pulls).toBe(2);

    applies = true;
    await live.options!.applyPushed!(delta);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(pulls).toBe(3);
  });
});
