import type { AuthUser } from '@kalinga/contracts/auth';
import type { AuthRecord } from '../offline/db';
import { quickRead, USE_DEXIE } from '../offline/quick-read';
import { isExpired, maySessionBeStored, SESSION_ID } from '../offline/session-hint';
import { getToken } from '../lib/api-client';
import { afterFirstScreen, loadedInStage } from '../lib/first-screen';

// What runs while someone is signed in, and the session kept on this device. Both live in the local database
// code (Dexie, the sync engine), which the sign-in page does not load (decision 0097): each is
// imported on first use. The sync queue runner and pulls start after sign-in and at start-up when signed in
// (also in offline mode: they wait for the network); they stop on logout and on a 401, leaving unsent queue
// entries on the device.

type SyncEngine = typeof import('../offline/sync-engine');
let engine: Promise<SyncEngine> | null = null;
let loadedEngine: SyncEngine | null = null;
let running = false;

const deviceSession = () => import('../offline/auth-local');
const persistence = () => import('../offline/storage-persistence');

/** The engine's code; loaded offline without the worker's precache it fails, and is tried again when online. */
function loadEngine(): Promise<SyncEngine> {
  return loadedInStage(2, import('../offline/sync-engine')).then(
    (m) => (loadedEngine = m),
    () =>
      new Promise<SyncEngine>((resolve) => {
        window.addEventListener('online', () => resolve(loadEngine()), { once: true });
      }),
  );
}

/**
 * Starts the sync engine and asks the browser to keep the local store once the first screen has painted its
 * content and the browser is idle (lib/first-screen.ts: 4 s at most, then one idle moment per stage): the local
 * database's code first (stage 0), the storage request (1), then the engine (2), so that their code (Dexie, the
 * queue, zod, the lending contracts) and the first pull neither hold up the first screen nor run as one long
 * task (decision 0098). Changes queued offline are sent when the engine starts, and at once on each
 * return of the network after that.
 */
export function startSessionServices(): Promise<void> {
  running = true;
  // The centre's crisis contacts, kept for the crisis screen offline (decision 0161).
  void afterFirstScreen(1).then(() => import('../lib/crisis-info')).then((m) => m.refreshCrisisInfo()).catch(() => undefined);
  // The reads of the list screens not started at yet, for the page to send at their first open (decision 0371).
  void afterFirstScreen(1).then(() => import('./predicted-reads')).then((m) => m.watchPredictedReads()).catch(() => undefined);
  void afterFirstScreen(0).then(() => loadedInStage(0, import('../offline/database'))).catch(() => undefined);
  engine ??= afterFirstScreen(2).then(loadEngine);
  const persist = persistence().then(async (m) => {
    m.watchForFullStorage();
    await afterFirstScreen(1);
    if (running) void m.requestPersistence();
  });
  return Promise.all([engine.then((m) => running && m.startSync()), persist]).then(() => undefined);
}

/** Stops at once when the engine is loaded; a start still loading it does not start it. */
export function stopSessionServices(): void {
  running = false;
  loadedEngine?.stopSync();
}

/**
 * The stored session, if one can be on this device (without opening the database when none can). Read without
 * Dexie when it can be (offline/quick-read.ts); an expired one is cleared through auth-local as before.
 */
export async function readDeviceSession(): Promise<AuthRecord | null> {
  if (!maySessionBeStored()) return null;
  const quick = await quickRead<AuthRecord>('auth', SESSION_ID);
  if (quick === undefined) return null;
  if (quick !== USE_DEXIE && !isExpired(quick)) return quick;
  return (await deviceSession()).readStoredSession();
}

export async function keepSignIn(token: string, user: AuthUser): Promise<void> {
  await (await deviceSession()).storeSignIn(token, user);
}

/**
 * After the server confirmed the session: saved with the check's expiry once the first screen shows its content
 * (the database code is not needed before it; the copy read at start-up stays valid meanwhile).
 */
export async function keepVerifiedSession(token: string, user: AuthUser): Promise<void> {
  await afterFirstScreen(1);
  // Signed out (or in as someone else) meanwhile: the session is not written back.
  if (getToken() !== token) return;
  await (await deviceSession()).saveVerifiedSession(token, user);
}

export async function forgetDeviceSession(): Promise<void> {
  await (await deviceSession()).clearStoredSession();
}

/** In order after a save still waiting for the first screen (keepVerifiedSession). */
export async function updateDeviceUser(user: AuthUser): Promise<void> {
  await afterFirstScreen(1);
  await (await deviceSession()).updateStoredUser(user);
}
