import type { Kysely } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/tables';
import type { BusyInterval } from '../schedule/slots';

// The client's own live appointments near a time, for the one-session-at-a-time check (decision 0221).

type Conn = DB | Kysely<Database>;

const MINUTE = 60_000;
/** Longer than any appointment (the slot length is at most 240 minutes): how far back a start can still overlap. */
const LONGEST = 24 * 60 * MINUTE;

/** The client's live (pending or confirmed) appointments that may overlap [fromMs, toMs), less the ones in `ignoreIds`. */
export async function clientBusyIntervals(db: Conn, companyId: number, clientId: number, fromMs: number, toMs: number, ignoreIds: readonly number[] = []): Promise<BusyInterval[]> {
  let query = db
    .selectFrom('appointments')
    .select(['appointment_date', 'duration_minutes'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('appointment_date', '>', new Date(fromMs - LONGEST).toISOString())
    .where('appointment_date', '<', new Date(toMs).toISOString());
  if (ignoreIds.length > 0) query = query.where('id', 'not in', ignoreIds);
  const rows = await query.execute();
  return rows
    .map((r) => ({ start: Date.parse(r.appointment_date), end: Date.parse(r.appointment_date) + r.duration_minutes * MINUTE }))
    .filter((b) => b.end > fromMs);
}
