import { afterEach, describe, expect, it, vi } from 'vitest';
import { START_UP_SENT_WAIT_MS, whenStartUpSent } from './start-up-sent';

afterEach(() => vi.useRealTimers());

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('the app waits for the start-up script\'s requests (decision 0393)', () => {
  it('settles at once where the page has no start-up script (development, a test page)', async () => {
    vi.useFakeTimers();
    expect(await settled(whenStartUpSent({} as Window))).toBe(true);
  });

  it('settles when the script has sent all it sends, not before', async () => {
    vi.useFakeTimers();
    let sent: () => void = () => undefined;
    const win = { __startUpSent: new Promise<void>((resolve) => (sent = resolve)) } as unknown as Window;
    const waiting = whenStartUpSent(win);
    expect(await settled(waiting)).toBe(false);
    sent();
    expect(await settled(waiting)).toBe(true);
  });

  it(`waits ${START_UP_SENT_WAIT_MS} ms at most (a tab in the background runs the script's tasks late)`, async () => {
    vi.useFakeTimers();
    const win = { __startUpSent: new Promise<void>(() => undefined) } as unknown as Window;
    let done = false;
    void whenStartUpSent(win).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(START_UP_SENT_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
