import type { SyncPushReply, SyncPushResult } from '@kalinga/contracts/sync';
import { SYNC_PUSH_LIMIT } from '@kalinga/contracts/sync-constants';
import { ApiError, type RawReply } from '../lib/api-client';
import { bookKey, bookOwner, db } from './database';
import type { SyncQueueEntry } from './db';
import { coalesced, withLock } from './locks';
import { OpenRecords } from './open-records';
import { callFor, type OperationCall } from './operations';
import { post, sendOne, type Batched, type Posted } from './push-request';
import { applyReply, REPLY_TABLES, settle, type ApplyContext } from './queue-apply';
import { isFinalRefusal, isRetryable, markRows, reject, retryLater, sentenceOf } from './queue-failures';
import { dropEntry } from './refusals';
import { isSealed } from './sealed';
import { clientId, idempotencyKey, mustWait, openEntries, ownKeys } from './sync-queue';

// Sends the queue: one run at a time across every tab (Web Locks), entries in queue order, an entry waiting
// while an earlier open entry writes the same record or creates one it refers to. The entries free to go are sent
// in batches (POST /api/sync/push, one result each). Every entry carries Idempotency-Key = `${clientId}-${entry.id}`,
// so a resend after a lost reply is answered, not applied again.
// Why: docs/decisions/0080-sync-queue-locks-cursor.md, 0130 (the batches). The requests are push-request.ts, what a
// failed send leaves is queue-failures.ts, applying a reply to the book is queue-apply.ts.

export const QUEUE_LOCK = 'kalinga-sync-queue';

export interface RunResult {
  sent: number;
  /** Paused by a 401 until the user signs in again. */
  paused: boolean;
  /** When the earliest failed entry may be retried (ms since epoch), if any. */
  nextAttemptAt: number | null;
  /** Entries the server refused in this run: the device should pull the server's rows now. */
  refused?: number;
}

let paused = false;
const pauseListeners = new Set<() => void>();

function setPaused(value: boolean): void {
  if (value === paused) return;
  paused = value;
  pauseListeners.forEach((l) => l());
}

export function isQueuePaused(): boolean {
  return paused;
}

export function subscribePaused(listener: () => void): () => void {
  pauseListeners.add(listener);
  return () => pauseListeners.delete(listener);
}

/** Logout (stopSync): a run in progress stops before its next entry. */
export function pauseQueue(): void {
  setPaused(true);
}

/** After a sign-in: the queue may send again. */
export function resumeQueue(): void {
  setPaused(false);
}

type Outcome = 'sent' | 'failed' | 'refused' | 'offline' | 'paused';

function announce(entry: SyncQueueEntry, payload: unknown): void {
  const timestamp = new Date().toISOString();
  window.dispatchEvent(new CustomEvent('sync-operation-completed', { detail: { operation: entry.operation, timestamp, uuid: entry.data.uuid } }));
  const data = (payload as { data?: unknown } | null)?.data;
  if (entry.operation === 'MARK_ITEM_SOLD') window.dispatchEvent(new CustomEvent('item-sold', { detail: data }));
  if (entry.operation === 'PROCESS_FORFEITED_ITEM') window.dispatchEvent(new CustomEvent('item-processed', { detail: data }));
}

/** The server's reply, applied with the entry's completion in one transaction. */
async function complete(entry: SyncQueueEntry, call: OperationCall, reply: RawReply, open: OpenRecords): Promise<void> {
  await completeAll([{ entry, call, payload: reply.payload }], open);
}

interface Applied {
  entry: SyncQueueEntry;
  call: OperationCall;
  payload: unknown;
}

/**
 * Successful replies applied in order, each with its entry's completion, in one transaction: as if completed one
 * after another (each sees the records the later ones still write), with one commit for a whole batch.
 */
async function completeAll(done: Applied[], open: OpenRecords): Promise<void> {
  const counted: SyncQueueEntry[] = [];
  try {
    await db.transaction('rw', REPLY_TABLES(), async () => {
      const changes = { status: 'completed' as const, completed_at: new Date().toISOString(), error: undefined, error_kind: undefined, next_attempt_at: undefined };
      const newer = await open.newer();
      for (const { entry, call, payload } of done) {
        const ctx: ApplyContext = { open: open.besides(entry, newer) };
        await applyReply(call.reply, payload, ctx);
        await settle(ownKeys(entry), ctx.open);
        open.completed(entry);
        counted.push(entry);
      }
      await db.syncQueue.bulkUpdate(done.map(({ entry }) => ({ key: entry.id!, changes })));
    });
  } catch (error) {
    for (const entry of counted) open.reopened(entry);
    throw error;
  }
  for (const { entry, payload } of done) announce(entry, payload);
}

/** The entry's call, or null after rejecting an entry that cannot be called (an unknown operation). */
async function callOrReject(entry: SyncQueueEntry): Promise<OperationCall | null> {
  try {
    return callFor(entry);
  } catch (error) {
    await reject(entry, (error as Error).message);
    return null;
  }
}

/** What a reply (a single route's, or one result of a batch) means for its entry, applied. */
async function settleReply(entry: SyncQueueEntry, call: OperationCall, reply: RawReply, open: OpenRecords): Promise<Outcome> {
  if (reply.status >= 200 && reply.status < 300) {
    try {
      await complete(entry, call, reply, open);
      return 'sent';
    } catch (error) {
      console.error('Could not apply the server reply', error);
      await retryLater(entry, 'The reply could not be stored on this device.');
      return 'failed';
    }
  }
  if (reply.status === 401) {
    setPaused(true);
    return 'paused';
  }
  const sentence = sentenceOf(reply.payload, reply.status);
  if (isRetryable(reply.status)) {
    const after = Number(reply.headers.get('retry-after'));
    await retryLater(entry, sentence, Number.isFinite(after) ? after : undefined);
    return 'failed';
  }
  if (isFinalRefusal(reply.status)) {
    await dropEntry(entry.id!, 'refused', sentence);
    return 'refused';
  }
  await reject(entry, sentence);
  return 'failed';
}

/** One entry through its own route (an entry too large for a batch, or a batch the server would not take). */
async function send(entry: SyncQueueEntry, call: OperationCall, client: string, open: OpenRecords): Promise<Outcome> {
  let reply: RawReply;
  try {
    reply = await sendOne(entry, call, client);
  } catch (error) {
    await retryLater(entry, error instanceof ApiError ? error.message : 'The request failed.');
    return 'offline';
  }
  return settleReply(entry, call, reply, open);
}

/** At most this much JSON per batch (entries may carry images; the server takes about 2.9 MB a request). */
export const PUSH_BYTES = 1_000_000;

const NO_HEADERS = new Headers();

/**
 * A batch's results in order: each run of successes applied in one transaction, any other result as its single
 * reply. If a run cannot be stored, its entries are settled one by one (a failing one retries later).
 */
async function settleResults(batch: Batched[], results: SyncPushResult[], client: string, open: OpenRecords): Promise<Outcome[]> {
  const byKey = new Map(results.map((r) => [r.key, r]));
  // A result the server left out (it never should) is sent again next time, with its key.
  const replies: RawReply[] = batch.map(({ entry }) => {
    const result = byKey.get(idempotencyKey(client, entry));
    return result ? { status: result.status, payload: result.body, headers: NO_HEADERS } : { status: 503, payload: { message: 'The server sent no result.' }, headers: NO_HEADERS };
  });
  const ok = (n: number) => replies[n].status >= 200 && replies[n].status < 300;
  const outcomes: Outcome[] = [];
  for (let n = 0; n < batch.length; ) {
    if (!ok(n)) {
      outcomes.push(await settleReply(batch[n].entry, batch[n].call, replies[n], open));
      n++;
      continue;
    }
    let end = n;
    while (end < batch.length && ok(end)) end++;
    const run = batch.slice(n, end);
    try {
      await completeAll(run.map(({ entry, call }, i) => ({ entry, call, payload: replies[n + i].payload })), open);
      outcomes.push(...run.map((): Outcome => 'sent'));
    } catch {
      for (let i = n; i < end; i++) outcomes.push(await settleReply(batch[i].entry, batch[i].call, replies[i], open));
    }
    n = end;
  }
  return outcomes;
}

/**
 * Applies a batch's reply (docs/decisions/0130): each result in order exactly as its single route's reply. The whole
 * request failing: no reply → every entry retries later (the run ends); 401 pauses; 408/429/5xx → every entry
 * retries with back-off; any other refusal of the whole batch (an older server, a body it will not take) → each
 * entry goes through its own route.
 */
async function settleBatch(batch: Batched[], posted: Posted, client: string, open: OpenRecords, book: string | null): Promise<Outcome[]> {
  if ('failed' in posted) {
    for (const { entry } of batch) await retryLater(entry, posted.failed);
    return batch.map(() => 'offline');
  }
  // Another book took this one's place while the batch was out: its results are applied when it is back (each key replays).
  if (bookKey() !== book) return batch.map(() => 'paused');
  const { reply } = posted;
  if (batch.length === 1) return [await settleReply(batch[0].entry, batch[0].call, reply, open)];
  if (reply.status === 200) return settleResults(batch, (reply.payload as SyncPushReply).results, client, open);
  const outcomes: Outcome[] = [];
  const whole = reply.status === 401 || isRetryable(reply.status);
  for (const { entry, call } of batch) outcomes.push(whole ? await settleReply(entry, call, reply, open) : await send(entry, call, client, open));
  return outcomes;
}

function isDue(entry: SyncQueueEntry, now: number): boolean {
  if (entry.status === 'pending') return true;
  if (entry.error_kind === 'rejected') return false;
  return !entry.next_attempt_at || Date.parse(entry.next_attempt_at) <= now;
}

/** Sent entries are kept a week for the panel's count, then dropped. */
export const KEEP_COMPLETED_MS = 7 * 86_400_000;

async function pruneCompleted(): Promise<void> {
  const cutoff = new Date(Date.now() - KEEP_COMPLETED_MS).toISOString();
  await db.syncQueue.where('completed_at').below(cutoff).filter((e) => e.status === 'completed' || e.status === 'refused' || e.status === 'discarded').delete();
}

/** An entry is sent only with the session of the user who made it, in the company it was made in. */
function ownedByThisSession(entry: SyncQueueEntry): boolean {
  const owner = bookOwner();
  return (entry.user_id ?? null) === (owner?.userId ?? null) && (entry.company_id ?? null) === (owner?.companyId ?? null);
}

/**
 * The next batch of a pass: entries in queue order that are due and wait for no earlier open entry (held ones, ones
 * of the batch still under way, or ones already in this batch: an entry that must wait stays out), up to
 * SYNC_PUSH_LIMIT entries and PUSH_BYTES.
 */
async function nextBatch(entries: SyncQueueEntry[], from: number, held: SyncQueueEntry[], underWay: SyncQueueEntry[]): Promise<{ batch: Batched[]; next: number }> {
  const batch: Batched[] = [];
  let bytes = 0;
  let i = from;
  for (; i < entries.length && batch.length < SYNC_PUSH_LIMIT; i++) {
    const entry = entries[i];
    // Every earlier open entry of the same record (whatever its operation or state) goes first.
    if (!isDue(entry, Date.now()) || mustWait(entry, held) || mustWait(entry, underWay) || mustWait(entry, batch.map((b) => b.entry))) {
      held.push(entry);
      continue;
    }
    const call = await callOrReject(entry);
    if (!call) {
      held.push(entry);
      continue;
    }
    const size = JSON.stringify(call.body).length;
    if (batch.length > 0 && bytes + size > PUSH_BYTES) break;
    bytes += size;
    batch.push({ entry, call });
  }
  return { batch, next: i };
}

/** An ID number still sealed (its book not open yet: decision 0375) is never sent; the change waits for the key. */
function holdsSealedIdNumber(entry: SyncQueueEntry): boolean {
  return isSealed(entry.data.id_number) || isSealed((entry.data.was as Record<string, unknown> | undefined)?.id_number);
}

interface UnderWay {
  batch: Batched[];
  posted: Promise<Posted>;
}

/**
 * One pass after another (under the lock), each over the open entries in queue order, until a pass sends nothing.
 * The next batch goes out while the results of the one before are stored (it holds no entry that waits for those),
 * so the device's work overlaps the network's; results are still applied in queue order.
 */
async function runLocked(): Promise<RunResult> {
  const book = bookKey();
  const client = await clientId();
  await pruneCompleted();
  let sent = 0;
  let refused = 0;
  for (;;) {
    let progressed = false;
    let restart = false;
    let stop: 'paused' | 'offline' | null = null;
    const held: SyncQueueEntry[] = [];
    const entries = (await openEntries()).filter((e) => ownedByThisSession(e) && !holdsSealedIdNumber(e));
    const open = new OpenRecords(entries);
    let underWay: UnderWay | null = null;
    for (let i = 0; ; ) {
      let upcoming: UnderWay | null = null;
      // Signed out, or another user's or company's book took this one's place: nothing more goes out.
      if (!stop && (paused || bookKey() !== book)) stop = 'paused';
      if (!stop && !restart && i < entries.length) {
        const picked = await nextBatch(entries, i, held, underWay?.batch.map((b) => b.entry) ?? []);
        i = picked.next;
        if (picked.batch.length > 0) upcoming = { batch: picked.batch, posted: post(picked.batch, client) };
      }
      if (underWay) {
        const { batch } = underWay;
        const outcomes = await settleBatch(batch, await underWay.posted, client, open, book);
        outcomes.forEach((outcome, n) => {
          if (outcome === 'sent') sent++;
          if (outcome === 'refused') refused++;
          if (outcome === 'failed') held.push(batch[n].entry);
        });
        if (outcomes.includes('paused')) stop = 'paused';
        else if (outcomes.includes('offline')) stop ??= 'offline';
        if (outcomes.some((o) => o === 'sent' || o === 'refused')) progressed = true;
        // A refusal closed its dependants with it: the pass starts again from the queue as it now is.
        if (outcomes.includes('refused')) restart = true;
      }
      underWay = upcoming;
      if (!underWay && (stop || restart || i >= entries.length)) break;
    }
    if (stop === 'paused') return { sent, refused, paused: true, nextAttemptAt: null };
    if (stop === 'offline' || !progressed) return { sent, refused, paused: false, nextAttemptAt: await earliestRetry() };
  }
}

async function earliestRetry(): Promise<number | null> {
  const times = (await openEntries())
    .filter((e) => e.status === 'failed' && e.error_kind === 'retry' && e.next_attempt_at)
    .map((e) => Date.parse(e.next_attempt_at!));
  return times.length ? Math.min(...times) : null;
}

/**
 * Runs the queue. A call while this tab's run is going (or waiting for another tab's) asks for one more pass
 * after it instead of a second run; the lock makes tabs take turns.
 */
export const runQueue: () => Promise<RunResult> = coalesced(() => withLock(QUEUE_LOCK, runLocked), (result) => result.paused);

/** Puts failed entries back to pending (the panel's Retry; coming online retries those waiting on back-off). */
export async function retryEntries(which: 'retry' | 'all' | number): Promise<void> {
  await db.transaction('rw', [db.syncQueue, db.customers, db.loans, db.items, db.categories, db.cashDays], async () => {
    const failed = await db.syncQueue.where('status').equals('failed').toArray();
    for (const entry of failed) {
      if (typeof which === 'number' ? entry.id !== which : which === 'retry' && entry.error_kind !== 'retry') continue;
      await db.syncQueue.update(entry.id!, { status: 'pending', error: undefined, error_kind: undefined, next_attempt_at: undefined });
      await markRows(entry, { sync_status: 'pending', sync_error: undefined }, (row) => row.sync_status === 'failed');
    }
  });
}
