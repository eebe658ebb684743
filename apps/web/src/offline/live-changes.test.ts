import type { ChangeScope, PushedDelta } from '@kalinga/contracts/live-changes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANGED_EVENT } from '../lib/live-change-events';

// The browser's one stream of change signals (decision 0325), against a fake server stream and fake Web Locks.

interface FakeStream {
  headers: Headers;
  write(text: string): void;
  end(): void;
}

let streams: FakeStream[] = [];
let answer: number = 200;

/** Web Locks as the browser has them, for this one page: one holder per name, the others wait in turn. */
function fakeLocks() {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();
  return {
    request(name: string, options: { signal?: AbortSignal }, fn: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const run = () => {
          held.add(name);
          void fn().finally(() => {
            held.delete(name);
            resolve();
            queues.get(name)?.shift()?.();
          });
        };
        if (!held.has(name)) return run();
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        queue.push(run);
        options.signal?.addEventListener('abort', () => {
          queue.splice(queue.indexOf(run), 1);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    },
  };
}

beforeEach(() => {
  streams = [];
  answer = 200;
  localStorage.setItem('token', 'device-token');
  localStorage.setItem('company_id', '4');
  Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (answer !== 200) return new Response('{}', { status: answer });
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
      const encoder = new TextEncoder();
      init.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      streams.push({ headers: new Headers(init.headers), write: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

/** A tab: its own copy of the module (as another tab would load it), its pulls and what its screens heard. */
async function tab() {
  vi.resetModules();
  const live = await import('./live-changes');
  const pull = vi.fn();
  // Applies a carried delta when it starts at 'c42' (the book's cursor in these tests).
  const applyPushed = vi.fn(async (delta: PushedDelta) => delta.from === 'c42');
  const heard: ChangeScope[][] = [];
  window.addEventListener(LIVE_CHANGED_EVENT, (e) => heard.push([...(e as CustomEvent<ChangeScope[]>).detail]));
  return { live, pull, applyPushed, heard, start: () => live.startLiveChanges({ pull, applyPushed }) };
}

const changed = (scopes: ChangeScope[]) => `event: changed\ndata: ${JSON.stringify({ scopes })}\n\n`;
const EMPTY_DATA = { customers: [], loans: [], items: [], transactions: [], categories: [], cash_days: [], deleted: { customers: [], loans: [], items: [], transactions: [], categories: [] } };
/** A lending signal carrying a delta from `from` to `to` (decision 0360). */
const carrying = (from: string, to: string) =>
  `event: changed\ndata: ${JSON.stringify({ scopes: ['lending'], delta: { from, to, data: EMPTY_DATA, meta: { cursor: to, server_time: '2026-11-23T08:00:00.000Z', total_changes: 0, recommendation: null } } })}\n\n`;

describe('the live change stream', () => {
  it('opens one stream with the session, pulls at once on a lending signal and tells the screens', async () => {
    const a = await tab();
    a.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0].headers.get('authorization')).toBe('Bearer device-token');
    expect(streams[0].headers.get('x-company-id')).toBe('4');
    // Open: one pull catches up on what changed before it.
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(1));
    streams[0].write('retry: 3000\n\n:\n\n');
    streams[0].write(changed(['lending']));
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(2));
    expect(a.heard).toEqual([['lending']]);
    // A booking: the screens hear it; the book is not pulled for it.
    streams[0].write(changed(['appointments']));
    await vi.waitFor(() => expect(a.heard).toEqual([['lending'], ['appointments']]));
    expect(a.pull).toHaveBeenCalledTimes(2);
    a.live.stopLiveChanges();
  });

  it('applies a delta the signal carries instead of pulling; one it cannot apply (another cursor) is pulled for', async () => {
    const a = await tab();
    a.start();
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(1));
    streams[0].write(carrying('c42', 'c43'));
    await vi.waitFor(() => expect(a.applyPushed).toHaveBeenCalledTimes(1));
    expect(a.applyPushed.mock.calls[0][0]).toMatchObject({ from: 'c42', to: 'c43', meta: { cursor: 'c43' } });
    await vi.waitFor(() => expect(a.heard).toEqual([['lending']]));
    expect(a.pull).toHaveBeenCalledTimes(1);
    streams[0].write(carrying('c40', 'c41'));
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(2));
    expect(a.applyPushed).toHaveBeenCalledTimes(2);
    // A delta that does not say where it ends (malformed) is no delta: a plain signal.
    streams[0].write(`event: changed\ndata: ${JSON.stringify({ scopes: ['lending'], delta: { from: 'c42' } })}\n\n`);
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(3));
    expect(a.applyPushed).toHaveBeenCalledTimes(2);
    a.live.stopLiveChanges();
  });

  it('one stream per browser: a second tab hears it through the first, and takes over when the first stops', async () => {
    const a = await tab();
    a.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const b = await tab();
    b.start();
    streams[0].write(changed(['appointments']));
    await vi.waitFor(() => expect(b.heard).toContainEqual(['appointments']));
    expect(streams).toHaveLength(1);
    a.live.stopLiveChanges();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    await vi.waitFor(() => expect(b.pull).toHaveBeenCalledTimes(1));
    streams[1].write(changed(['lending']));
    await vi.waitFor(() => expect(b.pull).toHaveBeenCalledTimes(2));
    // The first tab pulled once, on opening, and no more: the book is one for both tabs.
    expect(a.pull).toHaveBeenCalledTimes(1);
    b.live.stopLiveChanges();
  });

  it('a dropped stream is opened again, and one pull catches up on what it missed', async () => {
    const a = await tab();
    a.start();
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(1));
    streams[0].write('retry: 1000\n\n');
    streams[0].end();
    await vi.waitFor(() => expect(streams).toHaveLength(2), { timeout: 4000 });
    await vi.waitFor(() => expect(a.pull).toHaveBeenCalledTimes(2));
    a.live.stopLiveChanges();
  });

  it('a signed-out session (401) is not tried again', async () => {
    answer = 401;
    const a = await tab();
    a.start();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const again = await tab();
    // Nothing holds the lock any more: the first tab gave up.
    answer = 200;
    again.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    again.live.stopLiveChanges();
  });

  it('without Web Locks there is no stream: the regular pulls go on alone', async () => {
    Reflect.deleteProperty(navigator, 'locks');
    const a = await tab();
    a.start();
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('backs off by doubling up to its ceiling, spread by a quarter either way', async () => {
    const { backOff } = await import('./live-changes');
    for (let failures = 1; failures <= 8; failures++) {
      const plain = Math.min(60_000, 3_000 * 2 ** (failures - 1));
      const d = backOff(3_000, 60_000, failures);
      expect(d).toBeGreaterThanOrEqual(plain * 0.75);
      expect(d).toBeLessThanOrEqual(plain * 1.25);
    }
  });
});
