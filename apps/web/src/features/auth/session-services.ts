import type { AuthUser } from '@kalinga/contracts/auth';
import type { AuthRecord } from '../../offline/db';
import { maySessionBeStored } from '../../offline/session-hint';

// What runs while someone is signed in, and the session kept on this device. Both live in the local database
// code (Dexie, the sync engine), which the sign-in page does not load (issue 16, decision 0097): each is
// imported on first use. The sync queue runner and pulls start after sign-in and at start-up when signed in
// (also in offline mode: they wait for the network); they stop on logout and on a 401, leaving unsent queue
// entries on the device.

type SyncEngine = typeof import('../../offline/sync-engine');
let engine: Promise<SyncEngine> | null = null;
let loadedEngine: SyncEngine | null = null;
let running = false;

const deviceSession = () => import('../../offline/auth-local');
const persistence = () => import('../../offline/storage-persistence');

/** How long the engine waits for the signed-in frame to draw before it starts anyway (a screen that never came). */
const FIRST_SCREEN_WAIT_MS = 3000;
let drawn: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => (drawn = resolve));

/** Called by the signed-in frame once it has drawn: the sync engine's code and first pull may start. */
export function markFirstScreenDrawn(): void {
  drawn();
}

/** The first screen comes first (its code and requests): the engine waits for it, or 3 s at most. */
function afterFirstScreen(): Promise<void> {
  return Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}

/** Starts the sync engine (loading it first, once the first screen is up) and asks the browser to keep the local store. */
export function startSessionServices(): Promise<void> {
  running = true;
  engine ??= afterFirstScreen()
    .then(() => import('../../offline/sync-engine'))
    .then((m) => (loadedEngine = m));
  const persist = persistence().then((m) => {
    m.watchForFullStorage();
    void m.requestPersistence();
  });
  return Promise.all([engine.then((m) => running && m.startSync()), persist]).then(() => undefined);
}

/** Stops at once when the engine is loaded; a start still loading it does not start it. */
export function stopSessionServices(): void {
  running = false;
  loadedEngine?.stopSync();
}

/** The stored session, if one can be on this device (without opening the database when none can). */
export async function readDeviceSession(): Promise<AuthRecord | null> {
  if (!maySessionBeStored()) return null;
  return (await deviceSession()).readStoredSession();
}

export async function keepSignIn(token: string, user: AuthUser): Promise<void> {
  await (await deviceSession()).storeSignIn(token, user);
}

export async function keepVerifiedSession(token: string, user: AuthUser): Promise<void> {
  await (await deviceSession()).saveVerifiedSession(token, user);
}

export async function forgetDeviceSession(): Promise<void> {
  await (await deviceSession()).clearStoredSession();
}

export async function updateDeviceUser(user: AuthUser): Promise<void> {
  await (await deviceSession()).updateStoredUser(user);
}
