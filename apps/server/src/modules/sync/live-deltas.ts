import { cursorOf, taggedCursor, type SyncDeltaReply } from '@kalinga/contracts/sync';
import type { CashDay } from '@kalinga/contracts/cash-days';
import type { DB } from '../../db/database';
import { currentVersion } from '../../db/sync-version';
import type { SyncWindow } from '../../db/sync-window';
import { restoreTag, withTag } from '../../lib/restore-tag';
import { SMALL_DELTA_ROWS } from './delta-gap';
import { branchAssignmentsOfUsers } from './live-deltas.repository';
import { firstBranch } from '../lending/branches.repository';
import { inSnapshot } from './sync.repository';
import { clerksCashDays, deltaReply, deltaRowsIn, type DeltaRows } from './sync.service';
import type { ContentKeys } from '../../lib/field-crypto';
import { openPulledCustomers } from '../lending/customer-id-number';

// Small deltas carried in the live signal (docs/decisions/0360-deltas-carried-in-the-signal.md). When a company's
// lending rows change, the instance builds the delta from the version it last built to (`from`) up to the counter,
// once per kind of reader among its open streams, with the functions the pull uses (sync.service.ts), on one
// snapshot: a reader's delta is the reply its own pull `since=<from>` gives. A reader kind is the branches whose
// book the device keeps (decision 0304) and, for a clerk who may open a cash day, the clerk's own days (decision
// 0193: each pull brings the clerk's open days, so a clerk with any gets a delta of their own). A delta with more
// than PUSHED_DELTA_ROWS changed rows, or longer than PUSHED_DELTA_BYTES, is not carried: the plain signal makes the
// device pull.

/** At most this many changed rows in a carried delta (the company's, which bound any branch's share). */
export const PUSHED_DELTA_ROWS = SMALL_DELTA_ROWS;
/** At most this long (the event's JSON, in UTF-16 code units: near enough to bytes for the bound's purpose). */
export const PUSHED_DELTA_BYTES = 64 * 1024;

/** Who an open stream's device reads as, taken when the stream opened with its session's permissions. */
export interface DeltaReader {
  userId: number;
  /** The branches whose book the device keeps (ownBranchIds), or null for a manager's: every branch. */
  branchIds: readonly number[] | null;
  /** The user may open a cash day ('manage lending'): their pull carries their own days. */
  clerk: boolean;
}

export interface PushedDeltas {
  /** The counter read on the snapshot: the next build starts from it. */
  to: number;
  /** The event's `delta` as JSON for this reader, or null: the plain signal (the device pulls). */
  forReader(reader: DeltaReader): string | null;
}

const branchKey = (ids: readonly number[] | null) => (ids === null ? '*' : [...ids].sort((a, b) => a - b).join(','));

/**
 * The open branches each user works at now, by the rule of ownBranchIds for one user (branch-context.ts): those
 * assigned; none when every one assigned is closed; the company's first when none is assigned.
 */
async function branchesNow(trx: DB, companyId: number, userIds: number[]): Promise<Map<number, number[]>> {
  const unique = [...new Set(userIds)];
  const assigned = new Map<number, { open: number[]; any: boolean }>();
  for (const r of await branchAssignmentsOfUsers(trx, companyId, unique)) {
    const entry = assigned.get(r.user_id) ?? { open: [], any: true };
    if (!r.deleted) entry.open.push(r.branch_id);
    assigned.set(r.user_id, entry);
  }
  const unassigned = unique.filter((id) => !assigned.has(id));
  const first = unassigned.length > 0 ? (await firstBranch(trx, companyId)).id : null;
  const now = new Map<number, number[]>();
  for (const id of unique) now.set(id, assigned.get(id)?.open ?? (first === null ? [] : [first]));
  return now;
}

/** Nothing to carry: every reader gets the plain signal. */
const plain = (to: number): PushedDeltas => ({ to, forReader: () => null });

/**
 * The deltas after version `from` of the company for `readers`. With the counter at `from` nothing changed since the
 * last build (`to` equals `from`); with it behind `from` (a database restored under a running instance) none is built.
 */
export async function buildPushedDeltas(db: DB, companyId: number, from: number, readers: Iterable<DeltaReader>, keys: ContentKeys): Promise<PushedDeltas> {
  const tag = await restoreTag(db);
  return inSnapshot(db, async (trx) => {
    const counter = await currentVersion(trx, companyId);
    if (counter <= from) return plain(counter);
    const all = [...readers];
    // A reader whose branches changed since its stream opened is not the reader it was: it pulls.
    const current = await branchesNow(trx, companyId, all.filter((r) => r.branchIds !== null).map((r) => r.userId));
    const stillTheSame = (r: DeltaReader) => r.branchIds === null || branchKey(current.get(r.userId) ?? []) === branchKey(r.branchIds);
    const window = (branchIds: readonly number[] | null): SyncWindow => ({ companyId, after: from, until: counter, branchIds });
    const rowsByBranches = new Map<string, { total: number; rows: DeltaRows } | null>();
    const clerks = new Set<number>();
    for (const r of all) {
      if (!stillTheSame(r)) continue;
      if (r.clerk) clerks.add(r.userId);
      const key = branchKey(r.branchIds);
      if (rowsByBranches.has(key)) continue;
      const { total, rows } = await deltaRowsIn(trx, window(r.branchIds), PUSHED_DELTA_ROWS);
      rowsByBranches.set(key, rows === null ? null : { total, rows });
    }
    const cashDays = await clerksCashDays(trx, window(null), [...clerks]);
    const serverTime = new Date().toISOString();
    const fromCursor = taggedCursor(cursorOf(from), tag);
    const none = () => Promise.reject(new Error('a carried delta never recommends the download'));
    const json = new Map<string, string | null>();
    const encode = async (key: string, days: CashDay[]): Promise<void> => {
      const built = rowsByBranches.get(key.split('|')[0]);
      if (!built) return void json.set(key, null);
      // Pawners' ID numbers opened as the pull opens them (decision 0367).
      const reply: SyncDeltaReply = withTag(openPulledCustomers(keys, companyId, await deltaReply(counter, built.total, built.rows, days, none, serverTime)), tag);
      const text = JSON.stringify({ from: fromCursor, to: reply.meta.cursor, ...reply });
      json.set(key, text.length > PUSHED_DELTA_BYTES ? null : text);
    };
    const keyOf = (r: DeltaReader) => `${branchKey(r.branchIds)}|${r.clerk && cashDays.has(r.userId) ? r.userId : ''}`;
    for (const r of all) {
      const key = keyOf(r);
      if (stillTheSame(r) && !json.has(key)) await encode(key, (r.clerk && cashDays.get(r.userId)) || []);
    }
    return { to: counter, forReader: (r) => (stillTheSame(r) ? (json.get(keyOf(r)) ?? null) : null) };
  });
}
