import type { DB } from '../../db/database';
import { hasScreening, intakeModeOf } from './intake-gate.repository';

// The intake required at first booking (decision 0160), asked by booking and by joining the waitlist. It reads the
// site's intake mode and the client's screenings directly, so booking needs nothing of the screening area (which
// sits above it: same-day booking books through appointments).

/** Whether a client's own booking may go ahead: not when the site requires an intake and none was answered. */
export async function intakeMissing(db: DB, companyId: number, clientId: number): Promise<boolean> {
  const site = await intakeModeOf(db, companyId);
  // No row: the site never chose, and the default mode is off.
  if (site?.intake_mode !== 'required') return false;
  return !(await hasScreening(db, companyId, clientId));
}
