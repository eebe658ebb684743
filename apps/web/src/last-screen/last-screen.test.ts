import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_HOLD_MS, REQUESTS_PER_TASK, startPage } from './boot';
import { forgetLastScreens, keepLastScreen, keepLastScreenNow, watchLastScreen } from './keep';
import { EARLY_PREFIX } from '../lib/early-reads';
import { readsOf, startUpReply } from '../test/start-up-reads';
import { BOOT_DATA_ID, CAP_MS, MAX_AGE_MS, MAX_CHARS, MAX_KEPT, forgetStaleScreens, SNAPSHOT_PREFIX, sessionOwner, type Snapshot, snapshotKey, usableSnapshot } from './snapshot';

const CSS = '/assets/index-abc.css';
const NOW = Date.parse('2026-11-25T08:00:00Z');
const SCREEN = '<div class="flex"><header>Kalinga</header><main><h1 id="title">Appointments</h1><p>Guidance Office, Room 101</p></main></div>';

function page(rootHtml: string, data: object = { entry: '/assets/index-1.js', css: CSS, preload: ['/assets/layout-2.js'] }): HTMLElement {
  document.head.innerHTML = `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data)}</script>`;
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  return document.getElementById('root')!;
}

function signedIn(company = '7', user = '41', token = 'secret'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('company_id', company);
  localStorage.setItem('book_user', user);
}

const at = (pathname: string, search = '') => ({ pathname, search });
const stored = (path: string) => JSON.parse(localStorage.getItem(SNAPSHOT_PREFIX + path) ?? 'null') as Snapshot | null;
const requested = () => [...document.head.querySelectorAll('script[src], link[rel="modulepreload"]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href'));

/** A window whose frames and timers run when the test says. */
function fakeWindow() {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win = {
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
  } as unknown as Window;
  const run = (list: (() => void)[]) => list.splice(0).forEach((f) => f());
  /** Runs the timers, and those they set, until none is left. */
  const drain = () => {
    for (let i = 0; i < 50 && timers.length > 0; i++) run(timers);
  };
  return { win, frame: () => run(frames), tick: () => run(timers), drain, timers };
}

beforeEach(() => {
  localStorage.clear();
  window.history.pushState(null, '', '/appointments');
});
afterEach(() => {
  vi.useRealTimers();
  delete document.documentElement.dataset.drawnPath;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('keeping the last screen', () => {
  it('keeps a signed-in screen that has drawn its content, without ids, dialogs or toasts', () => {
    signedIn();
    page(`${SCREEN}<dialog open>Cancel?</dialog><section data-sonner-toaster>Saved</section><details open><summary>More</summary></details>`);
    expect(keepLastScreen(document, localStorage, NOW)).toBe(true);
    window.history.pushState(null, '', '/appointments?view=calendar');
    keepLastScreen(document, localStorage, NOW);
    expect(stored('/appointments?view=calendar')).not.toBeNull();
    const shot = stored('/appointments')!;
    expect(shot).toMatchObject({ at: NOW, company: '7', css: CSS });
    expect(shot.html).toContain('Guidance Office, Room 101');
    expect(shot.html).not.toContain('id="title"');
    expect(shot.html).not.toContain('Cancel?');
    expect(shot.html).not.toContain('Saved');
    expect(shot.html).toContain('<details><summary>More</summary></details>');
  });

  it('keeps nothing while the screen drawn is another path\'s (a navigation still waiting for its screen\'s code)', () => {
    signedIn();
    page('<main><h1>Client file</h1><p>Closing summary: private</p></main>');
    // The router still shows /clients/12 while the address already reads /appointments.
    document.documentElement.dataset.drawnPath = '/clients/12';
    expect(keepLastScreen(document, localStorage, NOW)).toBe(false);
    expect(stored('/appointments')).toBeNull();
    document.documentElement.dataset.drawnPath = '/appointments';
    expect(keepLastScreen(document, localStorage, NOW)).toBe(true);
  });

  it('keeps each list\'s chosen option and each box\'s tick, and never a typed password', () => {
    signedIn();
    const root = page('<main><select aria-label="Period"><option>Last 7 Days</option><option>Last 30 Days</option></select><input type="password" name="current"><input type="checkbox" aria-label="By email" checked><input type="checkbox" aria-label="In the app"></main>');
    root.querySelector('select')!.selectedIndex = 1;
    const [byEmail, inApp] = root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    byEmail.checked = false;
    inApp.checked = true;
    root.querySelector('input')!.setAttribute('value', 'hunter2-secret');
    keepLastScreen(document, localStorage, NOW);
    const html = stored('/appointments')!.html;
    expect(html).toContain('<option>Last 7 Days</option><option selected="">Last 30 Days</option>');
    expect(html).not.toContain('hunter2-secret');
    expect(html).toContain('<input type="checkbox" aria-label="By email"><input type="checkbox" aria-label="In the app" checked="">');
  });

  it('keeps nothing signed out, on a guest page, while the screen is loading, or past the size limit', () => {
    page(SCREEN);
    expect(keepLastScreen(document, localStorage, NOW)).toBe(false);
    signedIn();
    window.history.pushState(null, '', '/login');
    expect(keepLastScreen(document, localStorage, NOW)).toBe(false);
    window.history.pushState(null, '', '/appointments');
    page('<main><div class="skeleton h-8"></div></main>');
    expect(keepLastScreen(document, localStorage, NOW)).toBe(false);
    expect(localStorage.getItem(SNAPSHOT_PREFIX + '/login')).toBeNull();
    expect(stored('/appointments')).toBeNull();
    // A screen grown too large drops the path's older snapshot rather than keep a stale one.
    page(SCREEN);
    keepLastScreen(document, localStorage, NOW);
    page(`<main><p>${'x'.repeat(MAX_CHARS)}</p></main>`);
    expect(keepLastScreen(document, localStorage, NOW)).toBe(false);
    expect(stored('/appointments')).toBeNull();
  });

  it(`keeps the newest ${MAX_KEPT} paths, and the session's end takes them all`, () => {
    signedIn();
    page(SCREEN);
    for (let i = 0; i <= MAX_KEPT; i++) {
      window.history.pushState(null, '', `/lending/loans/${i}`);
      keepLastScreen(document, localStorage, NOW + i);
    }
    localStorage.setItem('settings', 'kept');
    const kept = Object.keys(localStorage).filter((k) => k.startsWith(SNAPSHOT_PREFIX));
    expect(kept).toHaveLength(MAX_KEPT);
    expect(kept).not.toContain(`${SNAPSHOT_PREFIX}/lending/loans/0`);
    forgetLastScreens();
    expect(Object.keys(localStorage).filter((k) => k.startsWith(SNAPSHOT_PREFIX))).toEqual([]);
    expect(localStorage.getItem('settings')).toBe('kept');
  });
});

describe('screens with counselling content are never kept (decisions 0162, 0204, 0235)', () => {
  it('the client file, the clients list, case notes, notes to review, files to purge, the Access log and My Profile (My record) have no key', () => {
    for (const path of ['/clients', '/clients/12', '/clients/12/notes', '/clients/12/screenings', '/case-notes/review', '/case-notes/abc-123', '/files-to-purge', '/access-log', '/profile', '/triage', '/crisis', '/intake']) {
      expect(snapshotKey(at(path))).toBeNull();
    }
    expect(snapshotKey(at('/appointments'))).toBe(SNAPSHOT_PREFIX + '/appointments');
    expect(snapshotKey(at('/clients-guide'))).toBe(SNAPSHOT_PREFIX + '/clients-guide');
  });

  it('one kept by an earlier build is deleted at start-up, even the same session\'s', () => {
    signedIn();
    const shot = { html: '<main>note</main>', at: NOW, company: '7', css: CSS, owner: sessionOwner(localStorage)! };
    localStorage.setItem(SNAPSHOT_PREFIX + '/case-notes/review', JSON.stringify(shot));
    localStorage.setItem(SNAPSHOT_PREFIX + '/profile?tab=record', JSON.stringify(shot));
    localStorage.setItem(SNAPSHOT_PREFIX + '/appointments', JSON.stringify(shot));
    forgetStaleScreens(localStorage, NOW);
    expect(stored('/case-notes/review')).toBeNull();
    expect(stored('/profile?tab=record')).toBeNull();
    expect(stored('/appointments')).toEqual(shot);
  });
});

describe('which snapshot may be drawn', () => {
  let shot: Snapshot;
  const put = (s: object) => localStorage.setItem(SNAPSHOT_PREFIX + '/appointments', JSON.stringify(s));

  it('the path\'s own, signed in, in the same company and stylesheet, not too old', () => {
    signedIn();
    shot = { html: '<main>x</main>', at: NOW, company: '7', css: CSS, owner: sessionOwner(localStorage)! };
    put(shot);
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW + 1000)).toEqual(shot);
    expect(usableSnapshot(localStorage, at('/categories'), CSS, NOW)).toBeNull();
    // Another tab or view of the screen (its query) is another address.
    expect(usableSnapshot(localStorage, at('/appointments', '?view=calendar'), CSS, NOW)).toBeNull();
    expect(usableSnapshot(localStorage, at('/appointments'), '/assets/index-new.css', NOW)).toBeNull();
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW + MAX_AGE_MS + 1)).toBeNull();
    localStorage.setItem('company_id', '8');
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
    localStorage.setItem('company_id', '7');
    put({ ...shot, html: 42 });
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
    localStorage.setItem(SNAPSHOT_PREFIX + '/appointments', '{not json');
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
    put(shot);
    localStorage.removeItem('token');
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
  });
});

describe('the page\'s start-up', () => {
  function keptScreen(): void {
    signedIn();
    localStorage.setItem(SNAPSHOT_PREFIX + '/appointments', JSON.stringify({ html: SCREEN, at: NOW, company: '7', css: CSS, owner: sessionOwner(localStorage) }));
  }

  it("sends the screen's kept first reads right behind the code, and behind the snapshot's paint when there is one (decision 0252)", () => {
    keptScreen();
    // What the app kept at this address's last start (lib/early-reads.ts; the owner is the snapshots' own).
    localStorage.setItem(`${EARLY_PREFIX}/appointments`, JSON.stringify({ owner: sessionOwner(localStorage), language: 'en', at: NOW, urls: ['/api/me'] }));
    const sent: string[] = [];
    const withFetch = (win: Window) =>
      Object.assign(win, {
        location: at('/appointments'),
        navigator: { onLine: true },
        fetch: (url: string) => {
          // The code is asked for before any read.
          expect(requested()).toContain('/assets/index-1.js');
          sent.push(...readsOf(url));
          return Promise.resolve(startUpReply(url));
        },
      });
    page('<div class="skeleton"></div>');
    const shot = fakeWindow();
    expect(startPage(document, withFetch(shot.win), () => localStorage, NOW + 1000)).toBe('snapshot');
    expect(sent).toEqual([]);
    shot.frame();
    shot.frame();
    shot.tick();
    // The entry first, then the rest a task each (REQUESTS_PER_TASK, decisions 0334, 0387), the reads after the code.
    expect(requested()).toEqual(['/assets/index-1.js']);
    expect(sent).toEqual([]);
    shot.drain();
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    expect(sent).toEqual(['/api/me']);
    localStorage.removeItem(SNAPSHOT_PREFIX + '/appointments');
    sent.length = 0;
    page('');
    const plain = fakeWindow();
    expect(startPage(document, withFetch(plain.win), () => localStorage, NOW + 1000)).toBe('plain');
    plain.drain();
    expect(sent).toEqual(['/api/me']);
  });

  it('asks for the entry first when there is no snapshot, in a task of its own right after the page\'s parsing, and the rest a task each (decisions 0387, 0392)', () => {
    page('');
    const { win, tick, drain, timers } = fakeWindow();
    expect(startPage(document, win, () => localStorage, NOW)).toBe('plain');
    // Not in the parsing task: Lighthouse's simulation starts a request made there only once that whole task has
    // ended, behind the modules requested from small tasks of their own (decision 0392).
    expect(requested()).toEqual([]);
    expect(timers).toHaveLength(1);
    tick();
    expect(requested()).toEqual(['/assets/index-1.js']);
    drain();
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    expect(document.head.querySelector('script[src]')?.getAttribute('type')).toBe('module');
  });

  it("asks for the first screen's catalogs behind the code and the reads, in the language the reads went in (decision 0345)", () => {
    const catalogs = { en: ['/assets/frame-en.js', '/assets/profile-en.js'], fil: ['/assets/frame-fil.js', '/assets/profile-fil.js'] };
    const keptIn = (language: string, key = `${EARLY_PREFIX}session`) =>
      localStorage.setItem(key, JSON.stringify({ owner: sessionOwner(localStorage), language, at: NOW, urls: ['/api/me'] }));
    const start = (path: string, list: object = catalogs, onLine = true) => {
      delete window.__earlyReads;
      page('', { entry: '/assets/index-1.js', css: CSS, preload: ['/assets/layout-2.js'], catalogs: list });
      const sent: string[] = [];
      const { win, drain } = fakeWindow();
      Object.assign(win, {
        location: at(path),
        navigator: { onLine },
        fetch: (url: string) => {
          for (const read of readsOf(url)) sent.push(`${read} after ${requested().length} files`);
          return Promise.resolve(startUpReply(url));
        },
      });
      startPage(document, win, () => localStorage, NOW + 1000);
      drain();
      return [...requested(), ...sent];
    };
    signedIn();
    // No start kept on this device yet: the app asks for its catalogs itself.
    expect(start('/profile')).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    keptIn('fil');
    expect(start('/profile')).toEqual(['/assets/index-1.js', '/assets/layout-2.js', '/assets/frame-fil.js', '/assets/profile-fil.js', '/api/me after 1 files']);
    // The address's own list speaks for its start.
    keptIn('en', `${EARLY_PREFIX}/reports`);
    expect(start('/reports')).toEqual(['/assets/index-1.js', '/assets/layout-2.js', '/assets/frame-en.js', '/assets/profile-en.js', '/api/me after 1 files']);
    // Only the list's addresses; nothing offline, on the sign-in page, or signed out.
    expect(start('/profile', { fil: [42, '/assets/frame-fil.js'] })).toEqual(['/assets/index-1.js', '/assets/layout-2.js', '/assets/frame-fil.js', '/api/me after 1 files']);
    expect(start('/profile', catalogs, false)).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    expect(start('/login')).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    localStorage.removeItem('token');
    expect(start('/profile')).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    delete window.__earlyReads;
  });

  it('draws the snapshot inert, asks for the code after it has been painted, and gives way to the app\'s first render', async () => {
    keptScreen();
    const root = page('<div class="skeleton"></div>');
    const { win, frame, tick, drain } = fakeWindow();
    expect(startPage(document, win, () => localStorage, NOW + 1000)).toBe('snapshot');
    const cover = document.getElementById('last-screen')!;
    expect(cover.hasAttribute('inert')).toBe(true);
    expect(cover.getAttribute('aria-hidden')).toBe('true');
    expect(cover.textContent).toContain('Guidance Office, Room 101');
    expect(root.style.visibility).toBe('hidden');
    expect(requested()).toEqual([]);
    frame();
    frame();
    tick();
    expect(requested()).toEqual(['/assets/index-1.js']);
    drain();
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
    // A change inside the page's own skeleton is not the app: the snapshot stays.
    root.firstElementChild!.classList.add('pulse');
    await Promise.resolve();
    expect(document.getElementById('last-screen')).not.toBeNull();
    // The app's first render replaces the page's skeleton, even with a part still loading: the snapshot goes.
    root.innerHTML = '<div><main><h1>Appointments</h1><div class="skeleton"></div></main></div>';
    await Promise.resolve();
    expect(document.getElementById('last-screen')).toBeNull();
    expect(root.getAttribute('style')).toBeNull();
  });

  it(`after the snapshot's paint, asks for the code and the reads ${REQUESTS_PER_TASK} a task, in order (decision 0334)`, () => {
    keptScreen();
    const urls = ['/api/me', '/api/appointments?page=1', '/api/appointments/counts', '/api/company/setup'];
    localStorage.setItem(`${EARLY_PREFIX}/appointments`, JSON.stringify({ owner: sessionOwner(localStorage), language: 'en', at: NOW, urls }));
    const sent: string[] = [];
    const requests: string[] = [];
    const preload = ['/assets/layout-2.js', '/assets/page-3.js', '/assets/rules-4.js', '/assets/api-5.js'];
    page('', { entry: '/assets/index-1.js', css: CSS, preload });
    const shot = fakeWindow();
    let filesBeforeReads = -1;
    Object.assign(shot.win, { location: at('/appointments'), navigator: { onLine: true }, fetch: (url: string) => ((filesBeforeReads = requested().length), requests.push(url), sent.push(...readsOf(url)), Promise.resolve(startUpReply(url))) });
    startPage(document, shot.win, () => localStorage, NOW + 1000);
    shot.frame();
    shot.frame();
    const perTask: number[] = [];
    for (let task = 0; task < 10 && shot.timers.length > 0; task++) {
      const before = requested().length + requests.length;
      shot.tick();
      perTask.push(requested().length + requests.length - before);
    }
    expect(requested()).toEqual(['/assets/index-1.js', ...preload]);
    expect(sent).toEqual(urls);
    // The reads leave right behind the entry, before the screen's modules (decision 0392).
    expect(filesBeforeReads).toBe(1);
    // Every task asks for REQUESTS_PER_TASK at most (the reads' own step asks for none itself).
    expect(Math.max(...perTask)).toBeLessThanOrEqual(REQUESTS_PER_TASK);
    // Five files and the reads' one request (decision 0381): a task each.
    expect(perTask.filter((n) => n > 0)).toHaveLength(6);
  });

  it("runs each next request in a task of the browser's scheduler where it has one (no timer's 4 ms wait)", () => {
    page('', { entry: '/assets/index-1.js', css: CSS, preload: ['/assets/layout-2.js', '/assets/page-3.js'] });
    const { win, timers } = fakeWindow();
    const posted: (() => void)[] = [];
    Object.assign(win, { scheduler: { postTask: (task: () => void) => (posted.push(task), Promise.resolve()) } });
    expect(startPage(document, win, () => localStorage, NOW)).toBe('plain');
    expect(requested()).toEqual([]);
    posted.shift()!();
    expect(requested()).toEqual(['/assets/index-1.js']);
    for (let i = 0; i < 10 && posted.length > 0; i++) posted.shift()!();
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/layout-2.js', '/assets/page-3.js']);
    expect(timers).toHaveLength(0);
  });

  it('says when it has asked for all it asks for: the entry, the reads, the modules and the catalogs (decision 0393)', async () => {
    signedIn();
    localStorage.setItem(`${EARLY_PREFIX}/appointments`, JSON.stringify({ owner: sessionOwner(localStorage), language: 'en', at: NOW, urls: ['/api/me'] }));
    const catalogs = { en: ['/assets/frame-en-6.js', '/assets/appointments-en-7.js'] };
    page('', { entry: '/assets/index-1.js', css: CSS, preload: ['/assets/layout-2.js', '/assets/page-3.js'], catalogs });
    const { win, tick } = fakeWindow();
    Object.assign(win, { location: at('/appointments'), navigator: { onLine: true }, fetch: (url: string) => Promise.resolve(startUpReply(url)) });
    let sent = false;
    startPage(document, win, () => localStorage, NOW);
    void win.__startUpSent!.then(() => (sent = true));
    let asked = -1;
    for (let task = 0; task < 20 && !sent; task++) {
      asked = requested().length;
      tick();
      await Promise.resolve();
    }
    expect(sent).toBe(true);
    // Not a task early (the app would ask for what is still to come itself), and in a task that asks for nothing:
    // Lighthouse holds a task that runs the entry's code, with its requests, until the entry has downloaded.
    expect(asked).toBe(5);
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/layout-2.js', '/assets/page-3.js', ...catalogs.en]);
  });

  it("where the browser reports paints, asks for the code once the first contentful paint is reported, not at the frames before it (decision 0393)", () => {
    keptScreen();
    page('');
    const { win, frame, drain } = fakeWindow();
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    let disconnected = false;
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true });
      }
      disconnect() {
        disconnected = true;
      }
    }
    Object.assign(win, { PerformanceObserver: FakeObserver });
    expect(startPage(document, win, () => localStorage, NOW)).toBe('snapshot');
    expect(document.getElementById('last-screen')).not.toBeNull();
    frame();
    frame();
    expect(requested()).toEqual([]);
    report!({ getEntriesByName: (name) => (name === 'first-paint' ? [{ startTime: 130 }] : []) });
    expect(requested()).toEqual([]);
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ startTime: 130 }] : []) });
    expect(disconnected).toBe(true);
    expect(requested()).toEqual(['/assets/index-1.js']);
    drain();
    expect(requested()).toEqual(['/assets/index-1.js', '/assets/layout-2.js']);
  });

  it("a first contentful paint from before the snapshot was drawn (the page's skeleton) is not the snapshot's: the frames are waited for", () => {
    keptScreen();
    page('');
    const { win, frame, tick, timers } = fakeWindow();
    let report: ((list: { getEntriesByName: (name: string) => { startTime: number }[] }) => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    Object.assign(win, { PerformanceObserver: FakeObserver, performance: { now: () => 200 } });
    startPage(document, win, () => localStorage, NOW);
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ startTime: 120 }] : []) });
    expect(requested()).toEqual([]);
    // Only the cap's timer until the two frames have come; then the task after them as well.
    expect(timers).toHaveLength(1);
    frame();
    expect(timers).toHaveLength(1);
    frame();
    expect(timers).toHaveLength(2);
    tick();
    expect(requested()).toEqual(['/assets/index-1.js']);
  });

  it(`asks for the code ${CODE_HOLD_MS} ms after start-up when no frame comes, and only once`, () => {
    keptScreen();
    page('');
    const { win, frame, drain } = fakeWindow();
    startPage(document, win, () => localStorage, NOW);
    drain();
    expect(requested()).toHaveLength(2);
    frame();
    frame();
    drain();
    expect(requested()).toHaveLength(2);
  });

  it(`takes the snapshot down after ${CAP_MS / 1000} s when the app has not drawn its screen`, () => {
    vi.useFakeTimers();
    keptScreen();
    const root = page('');
    startPage(document, fakeWindow().win, () => localStorage, NOW);
    expect(document.getElementById('last-screen')).not.toBeNull();
    vi.advanceTimersByTime(CAP_MS);
    expect(document.getElementById('last-screen')).toBeNull();
    expect(root.getAttribute('style')).toBeNull();
  });

  it('asks for the code in the next task when storage is refused or the page is in a background tab', () => {
    page('');
    const refused = fakeWindow();
    startPage(document, refused.win, () => {
      throw new DOMException('denied', 'SecurityError');
    }, NOW);
    expect(requested()).toHaveLength(0);
    refused.tick();
    expect(requested()).toHaveLength(1);
    refused.drain();
    expect(requested()).toHaveLength(2);
    keptScreen();
    page('');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const background = fakeWindow();
    expect(startPage(document, background.win, () => localStorage, NOW)).toBe('plain');
    expect(requested()).toEqual([]);
    background.tick();
    expect(requested()).toEqual(['/assets/index-1.js']);
    background.drain();
    expect(requested()).toHaveLength(2);
    hidden.mockRestore();
  });
});

describe('a kept screen is its session\'s own (decision 0122)', () => {
  const PAWNER = '<div><main><h1>Loans</h1><p>Juan Dela Cruz, 12 Mabini St., Quezon City</p></main></div>';
  const keys = () => Object.keys(localStorage).filter((k) => k.startsWith(SNAPSHOT_PREFIX));

  it('is drawn only for the user and session that kept it, never for the next user of the same company', () => {
    signedIn('7', '41', 'token-of-ana');
    page(PAWNER);
    expect(keepLastScreen(document, localStorage, NOW)).toBe(true);
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).not.toBeNull();
    // Ben signs in on the same device, same company: Ana's screen is not his.
    signedIn('7', '42', 'token-of-ben');
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
    // Nor is it Ana's next session's (a new sign-in is a new owner).
    signedIn('7', '41', 'token-of-ana-again');
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
    // A snapshot of the earlier format (no owner) is never drawn.
    localStorage.setItem(SNAPSHOT_PREFIX + '/appointments', JSON.stringify({ html: PAWNER, at: NOW, company: '7', css: '' }));
    expect(usableSnapshot(localStorage, at('/appointments'), CSS, NOW)).toBeNull();
    // Without a known user (the token alone), nothing is drawn or kept.
    localStorage.removeItem('book_user');
    expect(keepLastScreen(document, localStorage, NOW)).toBe(false);
  });

  it('a tab still open from the previous user keeps nothing under the next user\'s session', () => {
    signedIn('7', '41', 'token-of-ana');
    page(PAWNER);
    const stop = watchLastScreen(() => () => undefined);
    try {
      // In another tab Ana signs out (her screens go) and Ben signs in.
      forgetLastScreens();
      signedIn('7', '42', 'token-of-ben');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'token-of-ana', newValue: 'token-of-ben', storageArea: localStorage }));
      // Ana's tab is hidden or closed: it would keep her pawners' names under Ben's session.
      keepLastScreenNow();
      window.dispatchEvent(new Event('pagehide'));
      expect(keys()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('start-up deletes every kept screen when the token is gone (an offline start that dropped it), and others\' and expired ones', () => {
    signedIn('7', '41', 'token-of-ana');
    page(PAWNER);
    window.history.pushState(null, '', '/lending/loans');
    keepLastScreen(document, localStorage, NOW - MAX_AGE_MS + 1000);
    window.history.pushState(null, '', '/appointments');
    keepLastScreen(document, localStorage, NOW);
    expect(keys()).toHaveLength(2);
    localStorage.setItem('settings', 'kept');
    // Expired: the older one goes at start-up, the fresh one is drawn.
    expect(startPage(document, fakeWindow().win, () => localStorage, NOW + 2000)).toBe('snapshot');
    expect(keys()).toEqual([SNAPSHOT_PREFIX + '/appointments']);
    // Another session: nothing drawn, and Ana's screens are deleted.
    signedIn('7', '42', 'token-of-ben');
    page('');
    expect(startPage(document, fakeWindow().win, () => localStorage, NOW + 3000)).toBe('plain');
    expect(keys()).toEqual([]);
    // No token at all: every kept screen goes.
    signedIn('7', '41', 'token-of-ana');
    page(PAWNER);
    keepLastScreen(document, localStorage, NOW);
    localStorage.removeItem('token');
    page('');
    expect(startPage(document, fakeWindow().win, () => localStorage, NOW)).toBe('plain');
    expect(keys()).toEqual([]);
    expect(localStorage.getItem('settings')).toBe('kept');
  });

  it('keeping a screen deletes the kept screens of any other session', () => {
    signedIn('7', '41', 'token-of-ana');
    page(PAWNER);
    keepLastScreen(document, localStorage, NOW);
    signedIn('7', '42', 'token-of-ben');
    window.history.pushState(null, '', '/categories');
    keepLastScreen(document, localStorage, NOW);
    expect(keys()).toEqual([SNAPSHOT_PREFIX + '/categories']);
  });
});
