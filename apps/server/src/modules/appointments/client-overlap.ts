import { CLIENT_BUSY_MESSAGE, OWN_BUSY_MESSAGE } from '@kalinga/contracts/appointment-constants';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/tables';
import { conflict, type HttpError } from '../../lib/http-errors';
import type { BusyInterval } from '../schedule/slots';
import { clientBusyIntervals } from './client-overlap.repository';

type Conn = DB | Kysely<Database>;
const MINUTE = 60_000;

// A client is in one session at a time (decision 0221): a booking that overlaps one of the client's own live
// appointments, with any counselor, is refused. The live-slot index guards the counselor's side only, and an overlap
// cannot be a unique index, so the check runs inside the booking's transaction after the client's row is locked
// (`lockClient`): two bookings of one client take turns, and the second sees the first.

/** Whether [start, end) overlaps one of `busy`. */
export function overlapsAny(busy: readonly BusyInterval[], start: number, end: number): boolean {
  return busy.some((b) => b.start < end && start < b.end);
}

/** The 409 for a booking that overlaps the client's own appointment, in the words of who is booking. */
export function clientBusyError(forThemselves: boolean): HttpError {
  return conflict(forThemselves ? OWN_BUSY_MESSAGE : CLIENT_BUSY_MESSAGE);
}

/** 409 when [startMs, startMs + minutes) overlaps one of the client's live appointments (other than `ignoreIds`). */
export async function assertClientFree(db: Conn, companyId: number, clientId: number, startMs: number, minutes: number, forThemselves: boolean, ignoreIds: readonly number[] = []): Promise<void> {
  const end = startMs + minutes * MINUTE;
  const busy = await clientBusyIntervals(db, companyId, clientId, startMs, end, ignoreIds);
  if (overlapsAny(busy, startMs, end)) throw clientBusyError(forThemselves);
}
