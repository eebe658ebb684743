import { cursorOf, type SyncDeltaReply } from '@kalinga/contracts/sync';
import type { DB } from '../../db/database';
import { currentVersion } from '../../db/sync-version';
import { unprocessable } from '../../lib/http-errors';
import { CURSOR_AHEAD, emptyDeleted, lowerBound } from './sync.service';

// A delta pull sized up before its snapshot (docs/decisions/0333-pulls-answered-early.md): the company's counter alone
// says whether anything changed after the cursor. Every pulled row, a clerk's cash days included, and every entry an
// open day's position counts, is stamped with the counter when written, so a cursor equal to the counter means the
// device already holds what a full delta would send; its reply is the empty one, sent without a snapshot, a branch
// lookup or a pull turn.

/** How many versions behind a delta may be and still skip the pull turns (decision 0333): a few writes' rows. */
export const SMALL_DELTA_VERSIONS = 20;

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

/** The reply to a delta with nothing after its cursor: what pullDelta sends then, read from the counter alone. */
export function emptyDelta(counter: number): SyncDeltaReply {
  return {
    data: { customers: [], loans: [], items: [], transactions: [], categories: [], cash_days: [], deleted: emptyDeleted() },
    meta: { cursor: cursorOf(counter), server_time: new Date().toISOString(), total_changes: 0, recommendation: null },
  };
}
