import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_UP_READS_PATH } from '@kalinga/contracts/start-up-reads-constants';
import { readsOf, startUpReply } from '../test/start-up-reads';
import { EARLY_PREFIX, MAX_EARLY } from './early-reads';

type EarlyReads = typeof import('./early-reads');
let api: typeof import('./api-client').api;
let keepStartUpReads: EarlyReads['keepStartUpReads'];
let keptReads: EarlyReads['keptReads'];
let noteRead: EarlyReads['noteRead'];
let sendEarlyReads: EarlyReads['sendEarlyReads'];
let takeEarlyReply: EarlyReads['takeEarlyReply'];
let forgetLastScreens: typeof import('../last-screen/keep').forgetLastScreens;

/** The modules as a page loads them: nothing asked yet (docs/architecture.md#test-code). */
async function freshPage(): Promise<void> {
  vi.resetModules();
  ({ keepStartUpReads, keptReads, noteRead, sendEarlyReads, takeEarlyReply } = await import('./early-reads'));
  ({ api } = await import('./api-client'));
  ({ forgetLastScreens } = await import('../last-screen/keep'));
}

const NOW = Date.parse('2026-11-25T08:00:00Z');
const at = (pathname: string, search = '') => ({ pathname, search });

function signedIn(token = 'secret', user = '41', company = '7'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('book_user', user);
  localStorage.setItem('company_id', company);
}

function jsonReply(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** A window at `path` whose fetch records each read it was asked for (`calls`) and each request (`requests`). */
function fakeWindow(path: string, online = true) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const requests: string[] = [];
  const win = {
    location: at(path),
    navigator: { onLine: online },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      requests.push(url);
      for (const read of readsOf(url)) calls.push({ url: read, headers: init.headers });
      return Promise.resolve(startUpReply(url, (read) => ({ from: 'early', url: read })));
    },
  } as unknown as Window;
  return { win, calls, requests };
}

beforeEach(async () => {
  localStorage.clear();
  await freshPage();
  delete window.__earlyReads;
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__earlyReads;
});

describe('keeping what a start-up read', () => {
  it('keeps the GETs asked before the first screen, once each and in order, and nothing asked after', () => {
    signedIn();
    noteRead('/api/user/companies', 'en');
    noteRead('/api/me', 'en');
    noteRead('/api/appointments?status=pending&page=1', 'en');
    noteRead('/api/me', 'en');
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    noteRead('/api/notifications', 'en');
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    expect(keptReads(localStorage, at('/appointments'), NOW)?.urls).toEqual(['/api/user/companies', '/api/me', '/api/appointments?status=pending&page=1']);
  });

  it('keeps at most MAX_EARLY reads, and only the API\'s', () => {
    signedIn();
    noteRead('/assets/x.js', 'en');
    for (let i = 0; i < MAX_EARLY + 3; i++) noteRead(`/api/list?page=${i}`, 'en');
    keepStartUpReads(localStorage, at('/reports'), NOW);
    const urls = keptReads(localStorage, at('/reports'), NOW)?.urls ?? [];
    expect(urls).toHaveLength(MAX_EARLY);
    expect(urls.every((u) => u.startsWith('/api/'))).toBe(true);
  });

  it('keeps nothing signed out, on the sign-in page, or for the crisis screen', async () => {
    noteRead('/api/me', 'en');
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(EARLY_PREFIX))).toEqual([]);
    await freshPage();
    signedIn();
    noteRead('/api/me', 'en');
    keepStartUpReads(localStorage, at('/crisis'), NOW);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(EARLY_PREFIX))).toEqual([]);
  });

  it("keeps nothing for a confidential screen, whose reads' addresses name the client", async () => {
    for (const path of ['/clients/42/file', '/triage', '/case-notes', '/access-log']) {
      await freshPage();
      signedIn();
      noteRead('/api/clients/42/timeline', 'en');
      keepStartUpReads(localStorage, at(path), NOW);
      expect(Object.keys(localStorage).filter((k) => k.startsWith(EARLY_PREFIX))).toEqual([]);
    }
  });

  it('goes with the session (forgetLastScreens at sign-out)', () => {
    signedIn();
    noteRead('/api/me', 'en');
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    expect(localStorage.getItem(`${EARLY_PREFIX}/appointments`)).not.toBeNull();
    forgetLastScreens(localStorage);
    expect(localStorage.getItem(`${EARLY_PREFIX}/appointments`)).toBeNull();
  });
});

describe('the page sending them', () => {
  function keep(path: string, urls: string[], language = 'fil'): void {
    urls.forEach((u) => noteRead(u, language));
    keepStartUpReads(localStorage, at(path), NOW);
  }

  it("sends the address's kept reads with the session's token, company and language", () => {
    signedIn();
    keep('/appointments', ['/api/me', '/api/appointments?status=pending&page=1']);
    const { win, calls, requests } = fakeWindow('/appointments');
    expect(sendEarlyReads(win, localStorage, NOW + 1000)).toBe(2);
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/appointments?status=pending&page=1']);
    expect(calls[0].headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer secret', 'Accept-Language': 'fil', 'X-Company-Id': '7' });
    // In one request (decision 0381), not one each.
    expect(requests).toEqual([`${START_UP_READS_PATH}?url=%2Fapi%2Fme&url=%2Fapi%2Fappointments%3Fstatus%3Dpending%26page%3D1`]);
  });

  it("hands the app each read's own answer from the one request, as the Response its own fetch would have had", async () => {
    signedIn();
    keep('/appointments', ['/api/me', '/api/appointments/counts']);
    const win = {
      location: at('/appointments'),
      navigator: { onLine: true },
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ replies: [{ url: '/api/appointments/counts', status: 403, type: 'application/json', body: '{"message":"No."}' }, { url: '/api/me', status: 200, type: 'application/json', body: '{"user":"me"}' }] }), { status: 200, headers: { 'content-type': 'application/json' } }),
        ),
    } as unknown as Window;
    sendEarlyReads(win, localStorage, NOW + 1000);
    Object.assign(window, { __earlyReads: win.__earlyReads });
    const me = await takeEarlyReply('/api/me', 'secret', '7', 'fil');
    const counts = await takeEarlyReply('/api/appointments/counts', 'secret', '7', 'fil');
    expect([me?.status, await me?.json()]).toEqual([200, { user: 'me' }]);
    expect([counts?.status, counts?.headers.get('content-type'), await counts?.json()]).toEqual([403, 'application/json', { message: 'No.' }]);
  });

  it("answers each read with a refusal of the whole (401, 403), and asks each alone when the whole fails otherwise", async () => {
    signedIn();
    keep('/appointments', ['/api/me', '/api/appointments/counts']);
    const run = async (status: number) => {
      const asked: string[] = [];
      const win = {
        location: at('/appointments'),
        navigator: { onLine: true },
        fetch: (url: string) => {
          asked.push(url);
          const body = status === 200 ? '<html>a proxy page</html>' : '{"message":"Refused."}';
          return Promise.resolve(url.startsWith(START_UP_READS_PATH) ? new Response(body, { status, headers: { 'content-type': 'application/json' } }) : startUpReply(url, () => ({ alone: url })));
        },
      } as unknown as Window;
      sendEarlyReads(win, localStorage, NOW + 1000);
      const replies = await Promise.all(['/api/me', '/api/appointments/counts'].map((u) => win.__earlyReads!.replies[u]!));
      return { asked, replies: await Promise.all(replies.map(async (r) => [r.status, await r.json()])) };
    };
    const unauthorized = await run(401);
    expect(unauthorized.asked).toHaveLength(1);
    expect(unauthorized.replies).toEqual([[401, { message: 'Refused.' }], [401, { message: 'Refused.' }]]);
    expect((await run(403)).replies.map(([status]) => status)).toEqual([403, 403]);
    // A server without the route (404), or one that failed (500), or a 200 that is not the list: each read on its own.
    for (const status of [404, 500, 200]) {
      const alone = await run(status);
      expect(alone.asked.slice(1)).toEqual(['/api/me', '/api/appointments/counts']);
      expect(alone.replies).toEqual([[200, { alone: '/api/me' }], [200, { alone: '/api/appointments/counts' }]]);
    }
  });

  it("sends nothing for another address, another session, offline, or a list past the session's age", () => {
    signedIn();
    keep('/appointments', ['/api/appointments?status=pending&page=1']);
    expect(sendEarlyReads(fakeWindow('/reports').win, localStorage, NOW)).toBe(0);
    expect(sendEarlyReads(fakeWindow('/appointments', false).win, localStorage, NOW)).toBe(0);
    expect(sendEarlyReads(fakeWindow('/appointments').win, localStorage, NOW + 4 * 24 * 3600_000)).toBe(0);
    signedIn('another-token');
    expect(sendEarlyReads(fakeWindow('/appointments').win, localStorage, NOW)).toBe(0);
  });

  it('gives a reply once, and only to a call with the same token, company and language', async () => {
    signedIn();
    keep('/appointments', ['/api/me', '/api/user/companies']);
    const { win } = fakeWindow('/appointments');
    sendEarlyReads(win, localStorage, NOW);
    window.__earlyReads = win.__earlyReads;
    expect(takeEarlyReply('/api/me', 'secret', '8', 'fil')).toBeUndefined();
    // Refused once, the reply is not given later either: the call went to the network.
    expect(takeEarlyReply('/api/me', 'secret', '7', 'fil')).toBeUndefined();
    const reply = takeEarlyReply('/api/user/companies', 'secret', '7', 'fil');
    expect(await (await reply!).json()).toEqual({ from: 'early', url: '/api/user/companies' });
    expect(takeEarlyReply('/api/user/companies', 'secret', '7', 'fil')).toBeUndefined();
  });

  it('hands each request to `send` (the start-up script spreads them, decision 0334), and sends none the app has asked for itself meanwhile', () => {
    signedIn();
    keep('/appointments', ['/api/me', '/api/user/companies']);
    const { win, calls } = fakeWindow('/appointments');
    const later: (() => void)[] = [];
    expect(sendEarlyReads(win, localStorage, NOW, (request) => later.push(request))).toBe(2);
    expect(calls).toEqual([]);
    window.__earlyReads = win.__earlyReads;
    // The app's own call comes first: it finds no reply yet and asks the network itself.
    expect(takeEarlyReply('/api/me', 'secret', '7', 'fil')).toBeUndefined();
    later.forEach((request) => request());
    expect(calls.map((c) => c.url)).toEqual(['/api/user/companies']);
    expect(takeEarlyReply('/api/user/companies', 'secret', '7', 'fil')).toBeDefined();
  });
});

describe("the session's reads (decision 0345)", () => {
  it('are kept for the session too, and sent at an address without a list of its own: a first open, and My Profile', async () => {
    signedIn();
    ['/api/user/companies', '/api/me', '/api/appointments?status=pending&page=1'].forEach((u) => noteRead(u, 'fil'));
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    for (const path of ['/reports', '/profile']) {
      const { win, calls } = fakeWindow(path);
      expect(sendEarlyReads(win, localStorage, NOW + 1000)).toBe(2);
      expect(calls.map((c) => c.url)).toEqual(['/api/user/companies', '/api/me']);
      expect(calls[0].headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer secret', 'Accept-Language': 'fil', 'X-Company-Id': '7' });
    }
    // An address with its own list sends that list, not the session's.
    const { win, calls } = fakeWindow('/appointments');
    expect(sendEarlyReads(win, localStorage, NOW + 1000)).toBe(3);
    expect(calls.map((c) => c.url)).toEqual(['/api/user/companies', '/api/me', '/api/appointments?status=pending&page=1']);
  });

  it("are kept from a confidential screen's start without its client's reads, and never sent on the sign-in or crisis screens", () => {
    signedIn();
    ['/api/me', '/api/clients/42/timeline'].forEach((u) => noteRead(u, 'en'));
    keepStartUpReads(localStorage, at('/clients/42/file'), NOW);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(EARLY_PREFIX))).toEqual([`${EARLY_PREFIX}session`]);
    expect(keptReads(localStorage, at('/clients/42/file'), NOW)?.urls).toEqual(['/api/me']);
    for (const path of ['/login', '/register', '/crisis']) expect(sendEarlyReads(fakeWindow(path).win, localStorage, NOW)).toBe(0);
  });

  it("are not sent for another session's token, and go at sign-out", () => {
    signedIn();
    noteRead('/api/me', 'en');
    keepStartUpReads(localStorage, at('/reports'), NOW);
    expect(sendEarlyReads(fakeWindow('/profile').win, localStorage, NOW)).toBe(1);
    signedIn('another-token');
    expect(sendEarlyReads(fakeWindow('/profile').win, localStorage, NOW)).toBe(0);
    forgetLastScreens(localStorage);
    expect(localStorage.getItem(`${EARLY_PREFIX}session`)).toBeNull();
  });
});

describe('the API client', () => {
  it('takes the early reply of a GET instead of asking again, and asks itself the next time', async () => {
    signedIn();
    window.__earlyReads = { token: 'secret', company: '7', language: 'en', replies: { '/api/me': Promise.resolve(jsonReply({ user: 'early' })) } };
    const fetchMock = vi.fn(() => Promise.resolve(jsonReply({ user: 'network' })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/api/me')).toEqual({ user: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.get('/api/me')).toEqual({ user: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks the server for a read the start did not take once the first screen is up, never taking the page's early reply later (decision 0371)", async () => {
    signedIn();
    window.__earlyReads = { token: 'secret', company: '7', language: 'en', replies: { '/api/categories?page=1&per_page=10': Promise.resolve(jsonReply({ data: 'as old as the page' })) } };
    const fetchMock = vi.fn(() => Promise.resolve(jsonReply({ data: 'now' })));
    vi.stubGlobal('fetch', fetchMock);
    // The start-up is over (main.tsx: the first screen is up) without this read having been asked.
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    expect(await api.get('/api/categories', { page: 1, per_page: 10 })).toEqual({ data: 'now' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__earlyReads).toBeUndefined();
  });

  it('turns an early request that failed into a call without a reply', async () => {
    signedIn();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.__earlyReads = { token: 'secret', company: '7', language: 'en', replies: { '/api/me': failed } };
    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 0 });
  });

  it('notes the GETs it makes for the next start', async () => {
    signedIn();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonReply({}))));
    await api.get('/api/appointments', { status: 'pending', page: 1 });
    keepStartUpReads(localStorage, at('/appointments'), NOW);
    expect(keptReads(localStorage, at('/appointments'), NOW)).toMatchObject({ language: 'en', urls: ['/api/appointments?status=pending&page=1'] });
  });
});
