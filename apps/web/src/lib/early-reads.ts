// The first screen's reads leave with the page (decision 0252). Without this a signed-in start waited for the
// entry script to arrive and run before asking for /api/me, and for the screen's code before asking for its list:
// on a phone's network three round trips one after the other. The page's start-up script (last-screen/boot.ts, inlined in
// index.html) asks for the GETs this path's last start-up asked for, with the session's token, before any of the
// app's code has arrived; the app's API client takes each reply instead of asking again (`takeEarlyReply`). What
// the app asked for at this start is kept for the next one (`keepStartUpReads`). This module is shared by that
// start-up script and the API client: it imports only the session's storage keys.

import { MAX_START_UP_READS, START_UP_READS_PATH, type StartUpReply } from '@kalinga/contracts/start-up-reads-constants';
import { NEVER_KEPT } from './never-kept';
import { BOOK_USER_KEY, COMPANY_KEY, TOKEN_KEY } from './storage-keys';

/** localStorage key of one address's start-up reads: the prefix, the path and the query. */
export const EARLY_PREFIX = 'early_reads:';
/** At most this many reads leave early for one address (a screen's first lists; anything more waits for the app). */
export const MAX_EARLY = MAX_START_UP_READS;
/** Older than this (the stored session's expiry), a list is not used. */
const MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Guest screens and the crisis screen read nothing signed in at start-up. */
const NO_SESSION_PATHS = /^\/(login|register|crisis)(\/|$)/;

/** What is kept for one address: whose session asked, in which language, and the GETs (path and query). */
interface Kept {
  owner: string;
  language: string;
  at: number;
  urls: string[];
}

/** The requests the start-up script sent, on the page's window, until the app takes them. */
interface EarlyBatch {
  token: string;
  company: string | null;
  language: string;
  replies: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    /** Set by the page's start-up script (lib/early-reads.ts). */
    __earlyReads?: EarlyBatch;
  }
}

/** FNV-1a, 32 bits, in base 36: tells one session's token from another's without keeping the token twice. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Whose the kept reads are: the signed-in user and their session's token (a new sign-in is another owner); null signed out. */
export function sessionOwner(storage: Storage): string | null {
  const token = storage.getItem(TOKEN_KEY);
  const user = storage.getItem(BOOK_USER_KEY);
  return token && user ? `${user}:${fingerprint(token)}` : null;
}

function keyOf(address: { pathname: string; search: string }): string | null {
  // A confidential screen's reads name the client in their addresses: they are never kept (lib/never-kept.ts).
  return NO_SESSION_PATHS.test(address.pathname) || NEVER_KEPT.test(address.pathname) ? null : EARLY_PREFIX + address.pathname + address.search;
}

/**
 * The reads every signed-in start makes whatever the screen (the session check, session/auth-store.ts): they name
 * no client. Kept for the session as well, and sent at a start whose address has no list of its own (a screen
 * opened for the first time on this device, or one never kept, such as My Profile), so that start does not wait for
 * the entry script to arrive and run before asking for them (decision 0345).
 */
export const SESSION_READS: readonly string[] = ['/api/me', '/api/user/companies'];
/** Where the session's reads are kept (an address's key always has a `/` after the prefix). */
const SESSION_KEY = `${EARLY_PREFIX}session`;

/** The kept list of `address` for the session signed in now (else the session's own), or null. */
export function keptReads(storage: Storage, address: { pathname: string; search: string }, now: number): Kept | null {
  if (NO_SESSION_PATHS.test(address.pathname)) return null;
  const key = keyOf(address);
  return (key === null ? null : keptList(storage, key, now)) ?? keptList(storage, SESSION_KEY, now);
}

/** The list kept under `key` for the session signed in now, or null. */
function keptList(storage: Storage, key: string, now: number): Kept | null {
  const owner = sessionOwner(storage);
  if (owner === null) return null;
  try {
    const kept = JSON.parse(storage.getItem(key) ?? '') as Partial<Kept>;
    if (kept.owner !== owner || typeof kept.language !== 'string' || typeof kept.at !== 'number' || !Array.isArray(kept.urls)) return null;
    if (now - kept.at > MAX_AGE_MS) return null;
    const urls = kept.urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/api/')).slice(0, MAX_EARLY);
    return { owner, language: kept.language, at: kept.at, urls };
  } catch {
    return null;
  }
}

/** A read's answer from the start-up's one request, as the Response the app's own fetch would have had. */
function answerOf(answer: StartUpReply): Response {
  const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers: { 'content-type': answer.type } });
}

/**
 * Sends the kept reads of this address with the session's token and company, when there is a session and a network.
 * Called by the page's start-up script before anything else; returns how many are sent. They go in one request
 * (decision 0381): sent one each, seven reads held the browser's six connections to the server and shares of a
 * phone's line while the app's code downloaded. A refusal of the whole (the session ended: 401; the company is no
 * longer the user's: 403) is each read's answer, as it would have been alone; any other failure of the whole (a
 * server without the route, a busy one) sends each read on its own. The request is handed to `send`, which may run
 * it in a later task (the start-up script spreads its requests after the first paint, decision 0334); the app takes
 * only a reply already asked for.
 */
export function sendEarlyReads(win: Window, storage: Storage, now: number, send: (request: () => void) => void = (request) => request()): number {
  const kept = keptReads(storage, win.location, now);
  const token = storage.getItem(TOKEN_KEY);
  if (!kept || !token || !win.navigator.onLine || typeof win.fetch !== 'function') return 0;
  const company = storage.getItem(COMPANY_KEY);
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}`, 'Accept-Language': kept.language };
  if (company) headers['X-Company-Id'] = company;
  const replies: EarlyBatch['replies'] = {};
  win.__earlyReads = { token, company, language: kept.language, replies };
  send(() => {
    // The app asked first (it found no reply yet, and asked itself): not sent twice.
    const urls = kept.urls.filter((url) => !(url in replies));
    if (urls.length === 0) return;
    const together = win.fetch(`${START_UP_READS_PATH}?${urls.map((url) => `url=${encodeURIComponent(url)}`).join('&')}`, { headers }).then(async (res) => {
      if (res.ok) {
        // A body that is not the list (a proxy's page in its place): each read on its own.
        const replies = ((await res.json().catch(() => null)) as { replies?: unknown } | null)?.replies;
        return Array.isArray(replies) ? { replies: replies as StartUpReply[] } : null;
      }
      if (res.status === 401 || res.status === 403) return { refusal: { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() } };
      return null;
    });
    for (const url of urls) {
      const reply = together.then((answers) => {
        const answer = answers?.replies?.find((r) => r.url === url) ?? (answers?.refusal && { url, ...answers.refusal });
        return answer ? answerOf(answer) : win.fetch(url, { headers });
      });
      // One nobody takes (the app asked for something else this time) must not be an unhandled rejection.
      reply.catch(() => undefined);
      replies[url] = reply;
    }
  });
  return kept.urls.length;
}

/**
 * The reply the start-up script asked for `url`, once: only for the same token, company and language as the
 * app's own call would send; otherwise undefined and the app asks itself.
 */
export function takeEarlyReply(url: string, token: string | null, company: string | null, language: string): Promise<Response> | undefined {
  const batch = typeof window === 'undefined' ? undefined : window.__earlyReads;
  const reply = batch?.replies[url];
  if (!batch) return undefined;
  // Taken, or asked for by the app before the start-up script sent it: the start-up script no longer sends it.
  batch.replies[url] = undefined;
  if (!reply) return undefined;
  if (batch.token !== token || batch.company !== company || batch.language !== language) return undefined;
  return reply;
}

/** The GETs the app asks for while its first screen starts (until keepStartUpReads), in order, once each. */
const asked: string[] = [];
let listening = true;

/** The API client tells of each GET; only those of the start-up are kept. */
export function noteRead(url: string, language: string): void {
  if (!listening || !url.startsWith('/api/')) return;
  startLanguage ??= language;
  if (!asked.includes(url) && asked.length < MAX_EARLY) asked.push(url);
}
let startLanguage: string | undefined;

/**
 * The first screen is up: what it asked for is kept for this address's next start (in the language it was
 * asked in), and nothing asked later counts. Nothing is kept without a signed-in session. A reply the start-up
 * script asked for that the start did not take is dropped: a read asked later (a refresh, the screen opened again
 * minutes after) goes to the server, never gets an answer as old as the page (decision 0371).
 */
export function keepStartUpReads(storage: Storage, address: { pathname: string; search: string }, now: number): void {
  delete window.__earlyReads;
  if (!listening) return;
  listening = false;
  const key = keyOf(address);
  const owner = sessionOwner(storage);
  if (NO_SESSION_PATHS.test(address.pathname) || owner === null || asked.length === 0 || startLanguage === undefined) return;
  const session = asked.filter((url) => SESSION_READS.includes(url));
  try {
    if (key !== null) storage.setItem(key, JSON.stringify({ owner, language: startLanguage, at: now, urls: asked } satisfies Kept));
    if (session.length > 0) storage.setItem(SESSION_KEY, JSON.stringify({ owner, language: startLanguage, at: now, urls: session } satisfies Kept));
  } catch {
    // Storage full: the session and settings matter more.
  }
}

/** Every kept list goes (the session ended). */
export function forgetEarlyReads(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(EARLY_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}
