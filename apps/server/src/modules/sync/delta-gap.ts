import { cursorOf, type SyncDeltaReply } from '@kalinga/contracts/sync';
import type { DB } from '../../db/database';
import { currentVersion } from '../../db/sync-version';
import { unprocessable } from '../../lib/http-errors';
import { countChanges } from './sync.repository';
import { CURSOR_AHEAD, emptyDeleted, lowerBound } from './sync.service';

// A delta pull sized up before its snapshot (docs/decisions/0333-pulls-answered-early.md): the company's counter alone
// says whether anything changed after the cursor. Every pulled row, a clerk's cash days included, and every entry an
// open day's position counts, is stamped with the counter when written, so a cursor equal to the counter means the
// device already holds what a full delta would send; its reply is the empty one, sent without a snapshot, a branch
// lookup or a pull turn.

/** How many versions behind a delta may be and still skip the pull turns (decision 0333): a few writes' rows. */
export const SMALL_DELTA_VERSIONS = 20;

/**
 * A delta further behind still skips the turns when it holds at most this many changed rows (decision 0348): a
 * device that fell behind a steady trickle of writes (a customer a write) is as cheap to answer as one just behind.
 */
export const SMALL_DELTA_ROWS = 100;

/** Beyond this many versions behind a delta is not counted before its turn: it takes one (decision 0348). */
export const COUNTED_VERSIONS = 500;

export interface DeltaGap {
  counter: number;
  /** Versions between the cursor and the counter; the epoch counts every version and one more. */
  behind: number;
}

/** The company's counter against a delta's `since` (422 when the cursor is ahead of it, as the full pull says). */
export async function deltaGap(db: DB, companyId: number, since: string): Promise<DeltaGap> {
  const after = lowerBound(since);
  const counter = await currentVersion(db, companyId);
  if (after > counter) throw unprocessable({ since: [CURSOR_AHEAD] });
  return { counter, behind: counter - after };
}

/**
 * Whether a delta goes without a pull turn: at most SMALL_DELTA_VERSIONS behind, or at most COUNTED_VERSIONS behind
 * with at most SMALL_DELTA_ROWS changed rows of the company (its every branch: the device's share is no larger),
 * counted outside any snapshot on the (company_id, version) indexes. Rows written after the count wait for the next pull.
 */
export async function skipsTurn(db: DB, companyId: number, since: string, gap: DeltaGap): Promise<boolean> {
  if (gap.behind <= SMALL_DELTA_VERSIONS) return true;
  if (gap.behind > COUNTED_VERSIONS) return false;
  const counts = await countChanges(db, { companyId, after: lowerBound(since), until: gap.counter, branchIds: null });
  const rows = counts.customers + counts.loans + counts.items + counts.transactions + counts.categories + counts.tombstones;
  return rows <= SMALL_DELTA_ROWS;
}

/** The reply to a delta with nothing after its cursor: what pullDelta sends then, read from the counter alone. */
export function emptyDelta(counter: number): SyncDeltaReply {
  return {
    data: { customers: [], loans: [], items: [], transactions: [], categories: [], cash_days: [], deleted: emptyDeleted() },
    meta: { cursor: cursorOf(counter), server_time: new Date().toISOString(), total_changes: 0, recommendation: null },
  };
}
