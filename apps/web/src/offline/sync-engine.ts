import { adoptLegacyBook } from './legacy-book';
import type { PushedDelta } from '@kalinga/contracts/live-changes';
import { applyPushedDelta, pullChanges } from './pull';
import { pauseQueue, resumeQueue, retryEntries, runQueue } from './queue-runner';
import { QUEUE_CHANGED_EVENT } from './sync-queue';

// The sync engine: when the queue runs and when the store pulls. Started after sign-in (and at start-up when
// signed in) by the auth module; stopped on logout (unsent entries stay).

export interface SyncHooks {
  /** Pull changes (initial sync when needed) by a request that leaves at `neededFrom` or later; pull.ts unless a test replaces it. */
  pull?: (neededFrom?: number) => Promise<void>;
  /** Apply a delta the live stream carried; pull.ts unless a test replaces it. */
  applyPushed?: (delta: PushedDelta) => Promise<boolean>;
}

/** The periodic pull: this long after the book was last made current, by a pull or by an applied carried delta. */
export const PULL_EVERY_MS = 3 * 60_000;

let started = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let pullTimer: ReturnType<typeof setTimeout> | null = null;
const hooks: SyncHooks = {};

export function setSyncHooks(next: SyncHooks): void {
  Object.assign(hooks, next);
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

function scheduleRetry(at: number | null): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (at === null || !started) return;
  retryTimer = setTimeout(() => void drain(), Math.max(0, at - Date.now()));
}

/** Sends what is due (no-op offline); schedules the next back-off retry. */
export async function drain(): Promise<void> {
  if (!started || !online()) return;
  try {
    const result = await runQueue();
    scheduleRetry(result.nextAttemptAt);
    // A refused change was taken back: the server's rows (another device's ticket, a redemption) come now.
    if (result.refused) void pull();
    // Items' photos go after the queue, which has sent their items by now (decision 0310).
    // Loaded when first needed: the photo queue is not part of the counter's first screens (bundle budgets).
    void import('./photo-queue')
      .then((m) => m.runPhotoQueue())
      .catch((error: unknown) => console.error('Photo queue run failed', error));
  } catch (error) {
    console.error('Sync queue run failed', error);
  }
}

/**
 * The periodic pull's wait starts again: a book a pull or a carried delta has just made current needs no pull for
 * PULL_EVERY_MS (docs/decisions/0360-deltas-carried-in-the-signal.md). A periodic pull that fails is tried again after
 * the same wait.
 */
function periodicPullFromNow(): void {
  if (pullTimer) clearTimeout(pullTimer);
  pullTimer = null;
  if (!started) return;
  pullTimer = setTimeout(() => {
    periodicPullFromNow();
    void pull();
  }, PULL_EVERY_MS);
}

const pullNow = async (neededFrom?: number) => {
  await (hooks.pull ?? pullChanges)(neededFrom);
  periodicPullFromNow();
};

/** Pulls (no-op offline; errors logged); a pull already under way whose request left at `neededFrom` or later is shared. */
async function pull(neededFrom?: number): Promise<void> {
  if (!started || !online()) return;
  try {
    await pullNow(neededFrom);
  } catch (error) {
    console.error('Sync pull failed', error);
  }
}

/** A delta the live stream carried (decision 0360): applied when it starts at the book's cursor, else false and a pull. */
async function applyPushed(delta: PushedDelta): Promise<boolean> {
  if (!started || !online()) return false;
  const applied = await (hooks.applyPushed ?? applyPushedDelta)(delta);
  if (applied) periodicPullFromNow();
  return applied;
}

/**
 * The book's key comes first (decision 0375): its ID numbers are sealed, and an unsent change is opened only with
 * it. Without it (offline, none kept for this session) the rest still runs; a change holding a sealed number waits.
 */
function bookOpened(): Promise<unknown> {
  // Its own chunk: no screen's first chunks carry it (bundle budgets).
  return import('./book-key')
    .then((m) => m.openBook())
    .catch((error: unknown) => console.error('Could not open this book’s key', error));
}

const onQueued = () => void drain();
const onOnline = () => {
  const at = Date.now();
  // Coming back online: entries waiting on back-off are retried now too (through the same locked runner).
  void bookOpened().then(() => retryEntries('retry')).then(drain).then(() => pull(at));
};
const onFocus = () => void pull();
// Changes pushed by the server (decision 0325): its own chunk, loaded once the engine runs.
const liveChanges = () => import('./live-changes');

/** Starts queue runs and pulls (idempotent). Call after sign-in and at start-up when signed in. */
export function startSync(): void {
  // The start's pull is any whose request leaves from now on: the stream's first pull, when it opens first, is it
  // (decision 0374).
  const startedAt = Date.now();
  resumeQueue();
  void liveChanges().then((m) => started && m.startLiveChanges({ pull: () => pull(), applyPushed }));
  if (started) {
    // Started again after a sign-in or a company switch: another book may be in use, with its own queue and cursor.
    void bookOpened().then(drain).then(() => pull(startedAt));
    return;
  }
  started = true;
  window.addEventListener(QUEUE_CHANGED_EVENT, onQueued);
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  periodicPullFromNow();
  // A book kept by an earlier version in the device's database becomes its user's own first (decision 0110).
  void bookOpened()
    .then(adoptLegacyBook)
    .catch((error: unknown) => console.error('Could not move the earlier book into this user’s', error))
    .then(drain)
    .then(() => pull(startedAt));
}

/** Stops runs and pulls (logout). Queue entries stay on the device. */
export function stopSync(): void {
  started = false;
  void liveChanges().then((m) => m.stopLiveChanges());
  pauseQueue();
  window.removeEventListener(QUEUE_CHANGED_EVENT, onQueued);
  window.removeEventListener('online', onOnline);
  window.removeEventListener('focus', onFocus);
  periodicPullFromNow();
  scheduleRetry(null);
}

/** The panel's "Sync now": entries waiting on back-off go now, then a pull. Errors reach the caller. */
export async function syncNow(): Promise<void> {
  if (!online()) return;
  await retryEntries('retry');
  const result = await runQueue();
  scheduleRetry(result.nextAttemptAt);
  await pullNow();
}

export function isSyncStarted(): boolean {
  return started;
}
