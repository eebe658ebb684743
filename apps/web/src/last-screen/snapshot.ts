// The last screen kept on this device (decision 0101): what a signed-in path last showed, as markup,
// drawn by the page's start-up script before any of the app's code has run, inert, until the app draws the
// screen itself. This module is shared by that start-up script (boot.ts, inlined in index.html) and the app's
// side that keeps the screens (keep.ts): it imports only the session's storage keys and its owner (lib/early-reads.ts).

import { COMPANY_KEY } from '../lib/storage-keys';
import { sessionOwner } from '../lib/early-reads';

/** localStorage key of one address's snapshot: the prefix, the path and the query (a screen's tab or view lives there). */
export const SNAPSHOT_PREFIX = 'last_screen:';
/** Older than this (the stored session's own expiry), a snapshot is not drawn. */
export const MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** The longest a snapshot stays up when the app has not drawn the screen (its code did not arrive, say). */
export const CAP_MS = 8000;
/** Larger screens are not kept (localStorage is small and shared with the session). */
export const MAX_CHARS = 120_000;
/** At most this many paths are kept; the oldest goes first. */
export const MAX_KEPT = 8;
/** Guest screens: never a snapshot. */
export const GUEST_PATHS = ['/login', '/register'];
/** Screens never kept: one list, shared with the start-up's reads (lib/never-kept.ts). */
import { NEVER_KEPT } from '../lib/never-kept';

export { NEVER_KEPT };

export interface Snapshot {
  /** The markup inside #root, without ids, dialogs or toasts. */
  html: string;
  /** When it was taken (ms since the epoch). */
  at: number;
  /** The company it was taken in (COMPANY_KEY's value then). */
  company: string | null;
  /** The stylesheet it was drawn with: markup from another build may use classes this one does not have. */
  css: string;
  /** Whose it is: the signed-in user and their session (sessionOwner); drawn only for that same session. */
  owner: string;
}

/**
 * Who is signed in on this device now, as a snapshot's owner: the user's id and their session's token (a new sign-in,
 * even of the same user, is another owner); null when signed out or the user is not known (decision 0122). The same
 * owner as the kept first reads' (lib/early-reads.ts), one function for both: the page's start-up script carries it once.
 */
export { sessionOwner };

/**
 * A kept snapshot's facts (when, whose, which company and stylesheet) without reading its markup: the app writes
 * the markup last (keep.ts), and in JSON text `,"html":` can only be that key (a quote inside a string is escaped),
 * so the text before it is the rest. Start-up reads every kept snapshot's facts before it draws anything
 * (decision 0387): read whole, that was every screen's markup. One written otherwise is read whole.
 */
export function keptFacts(raw: string | null): Partial<Snapshot> | null {
  if (!raw) return null;
  try {
    const cut = raw.startsWith('{"html"') ? -1 : raw.indexOf(',"html":');
    return JSON.parse(cut > 0 ? `${raw.slice(0, cut)}}` : raw) as Partial<Snapshot>;
  } catch {
    return null;
  }
}

/** The keys of every kept snapshot. */
export function keptKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(SNAPSHOT_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Deletes every snapshot that is not the current session's, or is too old, or unreadable: all of them when nobody is
 * signed in (an offline start that lost the token, a session that ended in another tab or changed).
 */
export function forgetStaleScreens(storage: Storage, now: number): void {
  const owner = sessionOwner(storage);
  for (const key of keptKeys(storage)) {
    // Unreadable: goes below.
    const shot = keptFacts(storage.getItem(key));
    const fresh = typeof shot?.at === 'number' && now - shot.at <= MAX_AGE_MS && shot.at <= now + 60_000;
    // A screen never kept now may have been kept by an earlier build: it goes too.
    const never = NEVER_KEPT.test(key.slice(SNAPSHOT_PREFIX.length).split('?')[0] ?? '');
    if (owner === null || shot?.owner !== owner || !fresh || never) storage.removeItem(key);
  }
}

/** What the page tells its start-up script: written by the build (vite.config.ts) and, per path, the server. */
export interface BootData {
  /** The app's entry script (absent in development, where the page loads it itself). */
  entry?: string;
  /** The build's stylesheet: markup taken with another build's may use classes this one lacks. */
  css: string;
  /** Modules fetched beside the entry: the entry's own and the path's frame and screen (route-pages.ts). */
  preload: string[];
  /**
   * The message catalogs the path's first screen draws with, per language (route-pages.ts): the start-up script
   * fetches those of the language the app will start in beside the entry (decision 0345).
   */
  catalogs?: Record<string, unknown> | undefined;
}

/** The id of the page's `<script type="application/json">` that holds the BootData. */
export const BOOT_DATA_ID = 'boot-data';

/** The page's BootData, or null without a well-formed one. */
export function readBootData(doc: Document): BootData | null {
  try {
    const data = JSON.parse(doc.getElementById(BOOT_DATA_ID)?.textContent ?? '') as Partial<BootData>;
    if (typeof data.css !== 'string' || !Array.isArray(data.preload)) return null;
    // The catalogs' lists are checked where they are used (boot.ts).
    return { css: data.css, preload: data.preload.filter((p): p is string => typeof p === 'string'), ...(typeof data.entry === 'string' ? { entry: data.entry } : {}), catalogs: data.catalogs };
  } catch {
    return null;
  }
}

/** Where a page is: its path and query (`Location` has both). */
export interface Address {
  pathname: string;
  search: string;
}

/** The key of `address`'s snapshot, or null for a guest screen, which never has one. */
export function snapshotKey(address: Address): string | null {
  if (GUEST_PATHS.includes(address.pathname) || NEVER_KEPT.test(address.pathname)) return null;
  return SNAPSHOT_PREFIX + address.pathname + address.search;
}

/** The snapshot to draw at `address`, or null: the same user's same session, company and stylesheet, recent, well-formed. */
export function usableSnapshot(storage: Storage, address: Address, css: string, now: number): Snapshot | null {
  const key = snapshotKey(address);
  const owner = sessionOwner(storage);
  if (key === null || owner === null) return null;
  const raw = storage.getItem(key);
  if (!raw) return null;
  let shot: Partial<Snapshot>;
  try {
    shot = JSON.parse(raw) as Partial<Snapshot>;
  } catch {
    return null;
  }
  if (typeof shot.html !== 'string' || typeof shot.at !== 'number' || shot.css !== css || shot.owner !== owner) return null;
  if (shot.company !== storage.getItem(COMPANY_KEY) || now - shot.at > MAX_AGE_MS || shot.at > now + 60_000) return null;
  return shot as Snapshot;
}

/**
 * Whether the app has drawn a whole screen in `root`: something is there and nothing in its page area (or in it,
 * for a page without the frame) is a loading skeleton. Only such a screen is kept.
 */
export function screenComplete(root: Element): boolean {
  if (!root.firstElementChild) return false;
  const area = root.querySelector('main') ?? root;
  return area.querySelector('.skeleton') === null;
}
