import { afterFirstScreen, whenIdle } from '../lib/first-screen';
import { BOOK_USER_KEY, COMPANY_KEY, TOKEN_KEY } from '../lib/storage-keys';
import { forgetEarlyReads } from '../lib/early-reads';
import { firstScreensCopy } from './first-screens-copy';
import { forgetStaleScreens, keptFacts, keptKeys, MAX_CHARS, MAX_KEPT, readBootData, screenComplete, sessionOwner, type Snapshot, snapshotKey } from './snapshot';

// The app's side of the last screen (decision 0101): what a signed-in screen shows is kept when the page is
// hidden or left (a reload, another app on a phone, the tab closed) and once a screen has drawn its content;
// every snapshot goes when the session ends (auth-store's clearSession).

/** What a snapshot leaves out: whatever is open over the screen, and the toasts. */
const TRANSIENT = 'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="tooltip"], [data-sonner-toaster], [data-no-snapshot]';

/**
 * What names an element or points at one: ids, test ids, a label's target, a field's name (a radio group's spans
 * the document), and the references by id. The app's own screen has them while the copy is still up (decision
 * 0101): a copy's would be a second element of the same id or test id, a second control of one name, or point
 * into the app's screen (decision 0353).
 */
const NAMING = [
  'id',
  'data-testid',
  'for',
  'name',
  'form',
  'list',
  'headers',
  'popovertarget',
  'commandfor',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-activedescendant',
  'aria-errormessage',
  'aria-details',
  'aria-flowto',
];

/**
 * The markup of `root` as a snapshot, down to the first screens' end (first-screens-copy.ts): each list's chosen
 * option and each box's tick (React sets them as properties, which markup does not carry); no typed password (React mirrors an input's value into its
 * attribute), no open dialogs, menus or toasts; nothing that names a control or points at an element: no ids,
 * test ids, labels, field names or ARIA names and references (the app's own copy keeps them).
 */
export function snapshotMarkup(root: Element): string {
  // Only as far down as a returning start can show (decision 0387), each list's choice and box's tick marked.
  const copy = firstScreensCopy(root);
  copy.querySelectorAll('input[type="password"]').forEach((e) => e.removeAttribute('value'));
  copy.querySelectorAll(TRANSIENT).forEach((e) => e.remove());
  copy.querySelectorAll(NAMING.map((name) => `[${name}]`).join(',')).forEach((e) => NAMING.forEach((name) => e.removeAttribute(name)));
  // A box's or a radio's name is drawn as its text by the stylesheet (daisyUI's `.btn` box): it stays, unnamed to
  // assistive technology with the rest of the copy (aria-hidden).
  copy.querySelectorAll('[aria-label]:not(input[type="checkbox"], input[type="radio"])').forEach((e) => e.removeAttribute('aria-label'));
  // A label names the control inside it: the copy's is the same text in a span (a tab made of a label keeps its
  // tag, which the stylesheet draws it by, and loses its control's name instead).
  copy.querySelectorAll('label:not(.tab)').forEach((label) => {
    const span = label.ownerDocument.createElement('span');
    for (const { name, value } of label.attributes) span.setAttribute(name, value);
    span.append(...label.childNodes);
    label.replaceWith(span);
  });
  copy.querySelectorAll('details[open]').forEach((e) => e.removeAttribute('open'));
  return copy.innerHTML;
}

function takenAt(storage: Storage, key: string): number {
  return keptFacts(storage.getItem(key))?.at ?? 0;
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
  const owner = sessionOwner(storage);
  if (!root || key === null || owner === null) return false;
  // The router still drawing another path's screen (a navigation waiting for its screen's code keeps the old one
  // up, React's transition): that screen, maybe a client file, must not be kept under the new address.
  const drawn = doc.documentElement.dataset.drawnPath;
  if (drawn !== undefined && drawn !== doc.location.pathname) return false;
  if (!root.querySelector('main') || !screenComplete(root)) return false;
  const html = snapshotMarkup(root);
  if (html.length > MAX_CHARS) {
    storage.removeItem(key);
    return false;
  }
  // The markup last: the rest can then be read without it (keptFacts).
  const shot: Snapshot = { at: now, company: storage.getItem(COMPANY_KEY), css: readBootData(doc)?.css ?? '', owner, html };
  try {
    storage.setItem(key, JSON.stringify(shot));
  } catch {
    // Storage full: the session and settings matter more than a snapshot.
    storage.removeItem(key);
    return false;
  }
  forgetStaleScreens(storage, now);
  prune(storage);
  return true;
}

/** Every snapshot goes (the session ended: sign-out, a refused token). */
export function forgetLastScreens(storage: Storage = localStorage): void {
  for (const key of keptKeys(storage)) storage.removeItem(key);
  // And the reads each start-up sent early (decision 0252).
  forgetEarlyReads(storage);
}

/** The storage keys whose change in another tab means this tab's screen is no longer the session's (decision 0122). */
const SESSION_KEYS = [TOKEN_KEY, BOOK_USER_KEY, COMPANY_KEY];
/** Set once another tab changed the session: this tab then shows another session's screen and keeps nothing more. */
let sessionChangedElsewhere = false;

/** Keeps the screen now if it can; a failure is logged, never thrown (it must not disturb the app). */
export function keepLastScreenNow(): void {
  if (sessionChangedElsewhere) return;
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
      // Taking a snapshot copies and writes out the whole screen (tens of milliseconds on a phone): it waits until
      // the start-up's own work is done (the sync engine has started, lib/first-screen.ts) and the browser is idle
      // (decision 0253). A page left before then keeps its screen on the way out (pagehide, below).
      if (root?.querySelector('main') && screenComplete(root)) void afterFirstScreen(2).then(() => whenIdle(keepLastScreenNow));
      else if (Date.now() < until) timer = setTimeout(check, DRAWN_CHECK_MS);
    };
    timer = setTimeout(check, DRAWN_CHECK_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') keepLastScreenNow();
  };
  // Another tab signed out, signed in (maybe as someone else) or switched company: what this tab shows belongs to a
  // session that is no longer the device's. It keeps nothing more, and the kept screens not of the new session go.
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || (event.key !== null && !SESSION_KEYS.includes(event.key))) return;
    sessionChangedElsewhere = true;
    clearTimeout(timer);
    try {
      forgetStaleScreens(localStorage, Date.now());
    } catch (error) {
      console.error('Failed to forget the kept screens', error);
    }
  };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', keepLastScreenNow);
  const unsubscribe = onNavigate(keepWhenDrawn);
  keepWhenDrawn();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', keepLastScreenNow);
    window.removeEventListener('storage', onStorage);
  };
}
