import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test file's network edge: a fetch mock, navigator.onLine under the test's control, and a fixed clock
 * (Date only; timers stay real). Call once at the top of a file.
 */
export function fakeNetwork(now: Date) {
  const fetchMock = vi.fn<typeof fetch>();
  const net = {
    fetchMock,
    online: true,
    json(status: number, body: unknown): Response {
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
    /**
     * Answers the device's pulls with `reply(since)` (the cursor asked from, '' for none) and gives the list of the
     * cursors asked, in order. The branch picker's list, read with every pull (decision 0341), is empty and not a pull.
     */
    answerPulls(reply: (since: string) => Response | Promise<Response>): string[] {
      const asked: string[] = [];
      fetchMock.mockImplementation(async (input) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/branches/mine') return net.json(200, { data: [] });
        const since = url.searchParams.get('since') ?? '';
        asked.push(since);
        return reply(since);
      });
      return asked;
    },
    /** Changes the flag and fires the browser's event, as a dropped or restored connection does. */
    setOnline(value: boolean): void {
      net.online = value;
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    net.online = true;
    vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => net.online);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return net;
}
