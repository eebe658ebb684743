import { sendEarlyReads } from '../lib/early-reads';
import { type BootData, CAP_MS, forgetStaleScreens, readBootData, type Snapshot, usableSnapshot } from './snapshot';

// The page's start-up script, first in <head> (the build inlines it, vite.config.ts; the server allows it by its
// hash, decision 0101). It asks for the app's code, and when this device kept a snapshot of the path it draws
// that first: inert (no focus, no clicks) and `aria-hidden` (as inert content is to assistive technology), with
// the app's root laid out invisibly behind it. The code is asked for once the snapshot is on screen, so the
// page's stylesheet, the one thing the snapshot needs, has the network to itself. The snapshot goes in the same
// frame as the app's first render (never two screens at once), or CAP_MS after start-up if the app draws nothing.

/** With a snapshot, the code is asked for once it has been painted, or this long after start-up at the latest (a tab opened in the background paints nothing). */
export const CODE_HOLD_MS = 500;

/**
 * The start-up script's requests go at most this many to a task: each costs the main thread a few milliseconds on
 * a phone, and the fifteen or so of a signed-in start in one task were one long task after the first paint
 * (decision 0334). Three a task were still 28-33 ms each on a phone (decision 0387).
 */
export const REQUESTS_PER_TASK = 1;

declare global {
  interface Window {
    /** Set by the page's start-up script: settles once it has asked for all it asks for (main.tsx waits for it). */
    __startUpSent?: Promise<void>;
  }
}

/** The browser's task scheduler, where it has one: a task it posts is not held back like a timer set from a timer. */
interface TaskScheduler {
  postTask(task: () => void): Promise<unknown>;
}

/** A step that asks for one module ahead (the browser's module map then holds it when the app imports it). */
function preloadStep(doc: Document, href: string): () => void {
  return () => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  };
}

/**
 * The requests for the app's code, one step each: the entry first, then the modules to preload. The entry is the
 * largest file and everything else waits for it to run; asked for last, it waited for one of the browser's six
 * connections to the server behind the screen's small chunks (decision 0381).
 */
function codeRequests(doc: Document, data: BootData): (() => void)[] {
  const steps = data.preload.map((href) => preloadStep(doc, href));
  const entry = data.entry;
  if (!entry) return steps;
  steps.unshift(() => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    doc.head.append(script);
  });
  return steps;
}

/**
 * The first screen's catalogs in `language`, the one the early reads were sent in (the session's last start's:
 * the language the app starts in, unless this device's choice changed since), one step each. Without them here
 * the app asked for them only once the entry had run, one round trip more before the first screen (decision 0345).
 */
function catalogRequests(doc: Document, data: BootData, language: string | undefined): (() => void)[] {
  const catalogs: unknown = language === undefined ? undefined : data.catalogs?.[language];
  return Array.isArray(catalogs) ? catalogs.filter((href): href is string => typeof href === 'string').map((href) => preloadStep(doc, href)) : [];
}

/** Runs one step; one that fails stops none of the others (no storage, or no fetch: the app asks itself). */
function run(step: () => void): void {
  try {
    step();
  } catch {
    // the app asks for what this step would have
  }
}

/** Runs `task` in a task of its own: the scheduler's where there is one (nested timers wait 4 ms each), else a timer's. */
function nextTask(win: Window, task: () => void): void {
  const scheduler = (win as Window & { scheduler?: TaskScheduler }).scheduler;
  try {
    if (typeof scheduler?.postTask === 'function') {
      scheduler.postTask(task).catch(() => undefined);
      return;
    }
  } catch {
    // a scheduler that refuses the task: a timer runs it
  }
  win.setTimeout(task, 0);
}

/**
 * Runs `steps` (which may add more) REQUESTS_PER_TASK at a time, the first now, each next few in a task of its own;
 * calls `done` in the task after the last. Not in the last one's: what `done` sets off (the app's start, main.tsx)
 * is the entry's code, and Lighthouse's simulation holds a task that ran any of the entry's code, with the
 * requests it sent, until the entry has downloaded (decision 0393).
 */
function inTasks(win: Window, steps: (() => void)[], done: () => void): void {
  for (let i = 0; i < REQUESTS_PER_TASK && steps.length > 0; i++) run(steps.shift()!);
  if (steps.length > 0) nextTask(win, () => inTasks(win, steps, done));
  else nextTask(win, done);
}

/**
 * Calls `then` once the page's first content is on screen: when the browser reports its first contentful paint, which
 * it does once the frame has been presented. Two animation frames came before that: in Lighthouse's unthrottled
 * load the entry then sometimes arrived before the snapshot's paint, and the simulation put the entry in front of
 * it (decision 0393). Where the browser reports no paints, after two animation frames and a task.
 */
function afterFirstPaint(win: Window, then: () => void): void {
  const afterFrames = () => win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(then, 0)));
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (typeof Observer !== 'function' || !Observer.supportedEntryTypes?.includes('paint')) {
    afterFrames();
    return;
  }
  const drawnAt = typeof win.performance?.now === 'function' ? win.performance.now() : 0;
  const observer = new Observer((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return;
    observer.disconnect();
    // A first paint from before the snapshot was drawn (the page's own skeleton) is not the snapshot's.
    if (paint.startTime >= drawnAt) then();
    else afterFrames();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Draws `shot` in front of #root until the app has drawn its screen there. False without a #root. */
export function showSnapshot(doc: Document, shot: Snapshot): boolean {
  const root = doc.getElementById('root');
  if (!root) return false;
  const cover = doc.createElement('div');
  cover.id = 'last-screen';
  cover.setAttribute('inert', '');
  cover.setAttribute('aria-hidden', 'true');
  cover.innerHTML = shot.html;
  root.before(cover);
  root.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden';
  // What the page itself put in the root (the frame's skeleton on a signed-in path, nothing in the service
  // worker's copy): React's first render replaces it.
  const pageSkeleton = root.firstElementChild;
  const reveal = () => {
    observer.disconnect();
    clearTimeout(timer);
    cover.remove();
    root.removeAttribute('style');
  };
  // The app's first render: from then on the screen is the app's own, loading or not, and it answers at once.
  const observer = new MutationObserver(() => {
    if (root.firstElementChild !== null && (pageSkeleton === null || !root.contains(pageSkeleton))) reveal();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(reveal, CAP_MS);
  return true;
}

/**
 * Starts the page: the code in the next task, or, with a usable snapshot of the path (the signed-in session's own), the snapshot when the document has
 * been read and the code after the snapshot's first paint. Whatever fails, the code is asked for exactly once.
 */
export function startPage(doc: Document, win: Window, storage: () => Storage, now: number): 'snapshot' | 'plain' {
  const data = readBootData(doc);
  if (!data) return 'plain';
  let loaded = false;
  // The app starts once every request below has left (main.tsx): a fast line (or Lighthouse's unthrottled page)
  // had the entry run before the last few steps, and the app then asked for the screen's catalog or a module
  // itself, a request that could only start once the entry had run (decision 0393).
  let sent: () => void = () => undefined;
  win.__startUpSent = new Promise<void>((resolve) => (sent = resolve));
  /**
   * Asks for the code, then the screen's first reads: the entry in this task, the rest one a task. Without a
   * snapshot this runs in the task after the page's parsing, not in it: Lighthouse's simulation starts a request
   * made in the parsing task only when that whole task has ended, and the entry then waited behind the modules
   * requested from the small tasks after it for the six connections (decisions 0387, 0392). A Chromium throttled
   * like a phone sent it as early either way (measured there).
   */
  const load = () => {
    if (loaded) return;
    loaded = true;
    const steps = codeRequests(doc, data);
    // The screen's first reads leave right behind the entry, not before the stylesheet and the entry: the browser
    // has six connections to the server, and reads sent first would hold them (decision 0252). Not behind the
    // screen's modules either: where the entry arrives fast (a quick network, a cached copy) the app asked for
    // its reads itself before the start-up script had got to them, one request each, later (decision 0392).
    steps.splice(Math.min(1, steps.length), 0, () => sendEarlyReads(win, storage(), now));
    // Then the first screen's catalogs, in the language those reads went in (none when none were sent).
    steps.push(() => steps.push(...catalogRequests(doc, data, win.__earlyReads?.language)));
    inTasks(win, steps, sent);
  };
  let shot: Snapshot | null = null;
  try {
    // Another session's, expired ones, and all of them when nobody is signed in go before anything is drawn.
    forgetStaleScreens(storage(), now);
    shot = usableSnapshot(storage(), doc.location, data.css, now);
  } catch {
    // No storage (a private window that refuses it): no snapshot.
  }
  if (!shot || doc.visibilityState === 'hidden') {
    nextTask(win, load);
    return 'plain';
  }
  const kept = shot;
  const draw = () => {
    try {
      if (showSnapshot(doc, kept)) afterFirstPaint(win, load);
      else load();
    } catch {
      load();
    }
  };
  win.setTimeout(load, CODE_HOLD_MS);
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', draw, { once: true });
  else draw();
  return 'snapshot';
}
