import { whenIdle } from '../lib/first-screen';
import { COMPANY_KEY, TOKEN_KEY } from '../lib/storage-keys';
import { MAX_CHARS, MAX_KEPT, SNAPSHOT_PREFIX, readBootData, screenComplete, type Snapshot, snapshotKey } from './snapshot';

// The app's side of the last screen (decision 0101): what a signed-in screen shows is kept when the page is
// hidden or left (a reload, another app on a phone, the tab closed) and once a screen has drawn its content;
// every snapshot goes when the session ends (auth-store's clearSession).

/** What a snapshot leaves out: whatever is open over the screen, and the toasts. */
const TRANSIENT = 'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="tooltip"], [data-sonner-toaster], [data-no-snapshot]';

/**
 * The markup of `root` as a snapshot: each list's chosen option and each box's tick (React sets them as
 * properties, which markup does not carry); no typed password (React mirrors an input's value into its
 * attribute), no open dialogs, menus or toasts, no ids (the app's own copy keeps them).
 */
export function snapshotMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  const lists = root.querySelectorAll('select');
  copy.querySelectorAll('select').forEach((select, i) => {
    const chosen = lists[i]?.selectedIndex ?? -1;
    select.querySelectorAll('option').forEach((option, j) => option.toggleAttribute('selected', j === chosen));
  });
  const boxes = root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]');
  copy.querySelectorAll('input[type="checkbox"], input[type="radio"]').forEach((box, i) => box.toggleAttribute('checked', boxes[i]?.checked ?? false));
  copy.querySelectorAll('input[type="password"]').forEach((e) => e.removeAttribute('value'));
  copy.querySelectorAll(TRANSIENT).forEach((e) => e.remove());
  copy.querySelectorAll('[id]').forEach((e) => e.removeAttribute('id'));
  copy.querySelectorAll('details[open]').forEach((e) => e.removeAttribute('open'));
  return copy.innerHTML;
}

function keptKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(SNAPSHOT_PREFIX)) keys.push(key);
  }
  return keys;
}

function takenAt(storage: Storage, key: string): number {
  try {
    return (JSON.parse(storage.getItem(key) ?? '') as Snapshot).at ?? 0;
  } catch {
    return 0;
  }
}

/** Keeps the newest MAX_KEPT snapshots. */
function prune(storage: Storage): void {
  const byAge = keptKeys(storage).sort((a, b) => takenAt(storage, b) - takenAt(storage, a));
  for (const key of byAge.slice(MAX_KEPT)) storage.removeItem(key);
}

/**
 * Keeps what the page's address shows now, when it is a signed-in screen with its content drawn (the frame's page
 * area holds no skeleton); a screen too large to keep drops that address's older snapshot. True when kept.
 */
export function keepLastScreen(doc: Document = document, storage: Storage = localStorage, now: number = Date.now()): boolean {
  const key = snapshotKey(doc.location);
  const root = doc.getElementById('root');
  if (!root || key === null || storage.getItem(TOKEN_KEY) === null) return false;
  if (!root.querySelector('main') || !screenComplete(root)) return false;
  const html = snapshotMarkup(root);
  if (html.length > MAX_CHARS) {
    storage.removeItem(key);
    return false;
  }
  const shot: Snapshot = { html, at: now, company: storage.getItem(COMPANY_KEY), css: readBootData(doc)?.css ?? '' };
  try {
    storage.setItem(key, JSON.stringify(shot));
  } catch {
    // Storage full: the session and settings matter more than a snapshot.
    storage.removeItem(key);
    return false;
  }
  prune(storage);
  return true;
}

/** Every snapshot goes (the session ended: sign-out, a refused token). */
export function forgetLastScreens(storage: Storage = localStorage): void {
  for (const key of keptKeys(storage)) storage.removeItem(key);
}

/** Keeps the screen now if it can; a failure is logged, never thrown (it must not disturb the app). */
export function keepLastScreenNow(): void {
  try {
    keepLastScreen();
  } catch (error) {
    console.error('Failed to keep the last screen', error);
  }
}

/** How often, and how long, a newly opened screen is looked at until it has drawn its content. */
const DRAWN_CHECK_MS = 250;
const DRAWN_WAIT_MS = 6000;

/**
 * Keeps the screen whenever the page is hidden or left, and each screen once it has drawn its content after the
 * page opened or the app moved to it (`onNavigate` is the router's subscribe). Returns a function that stops.
 */
export function watchLastScreen(onNavigate: (listener: () => void) => () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keepWhenDrawn = () => {
    clearTimeout(timer);
    const until = Date.now() + DRAWN_WAIT_MS;
    const check = () => {
      const root = document.getElementById('root');
      if (root?.querySelector('main') && screenComplete(root)) whenIdle(keepLastScreenNow);
      else if (Date.now() < until) timer = setTimeout(check, DRAWN_CHECK_MS);
    };
    timer = setTimeout(check, DRAWN_CHECK_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') keepLastScreenNow();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', keepLastScreenNow);
  const unsubscribe = onNavigate(keepWhenDrawn);
  keepWhenDrawn();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', keepLastScreenNow);
  };
}
