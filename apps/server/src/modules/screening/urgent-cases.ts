import type { Kysely } from 'kysely';
import { lockCompany } from '../../db/locks';
import type { Database } from '../../db/tables';
import { onCallCounselors, readSafety } from './safety-settings';
import { activeCounselorIds } from '../users/users.repository';
import { claimEscalation, dueCases, insertOpenCase, openCaseOf, tellCounselors } from './urgent-cases.repository';

// Urgent cases (decision 0163). Raising one and telling the counselors on call is one transaction; the partial
// unique index keeps one open case per client, so a second press (or a screening after the button) adds nothing
// and tells nobody twice. Escalation is one conditional update per case: whichever process's update takes the row
// writes the notifications, in the same transaction, so they go out exactly once however many processes sweep.

type Conn = Kysely<Database>;
const MINUTE = 60_000;

/**
 * Raises an urgent case for the client, unless one is open already. Call inside a transaction (a screening's own,
 * or the route's). Returns the open case's id and whether this call made it.
 */
export async function raiseUrgentCase(db: Conn, companyId: number, clientId: number, source: 'button' | 'screening', nowMs: number): Promise<{ id: number; created: boolean }> {
  const now = new Date(nowMs).toISOString();
  // The company's row first, as a screening's transaction takes it: on PostgreSQL a press that inserted its case
  // (the index entry taken) and then waited on the company row for its foreign-key check, while a screening held
  // that row and waited on the press's index entry, deadlocked (a 500). Taken first, they wait in line.
  await lockCompany(db, companyId);
  const safety = await readSafety(db, companyId);
  const inserted = await insertOpenCase(db, companyId, clientId, source, now, new Date(nowMs + safety.escalation_minutes * MINUTE).toISOString());
  if (!inserted) {
    const open = await openCaseOf(db, companyId, clientId);
    return { id: open.id, created: false };
  }
  await tellCounselors(db, companyId, await onCallCounselors(db, companyId, safety.on_call_ids), now);
  return { id: inserted.id, created: true };
}

/**
 * Escalates every case left unacknowledged past its time: each one's escalation is claimed by a conditional
 * update, and the process that claims it tells every counselor, in the claim's transaction. Returns how many
 * this call escalated.
 */
export async function escalateDueCases(db: Kysely<Database>, nowMs: number): Promise<number> {
  const now = new Date(nowMs).toISOString();
  const due = await dueCases(db, now);
  let escalated = 0;
  for (const c of due) {
    const took = await db.transaction().execute(async (trx) => {
      if (!(await claimEscalation(trx, c.id, now))) return false;
      await tellCounselors(trx, c.company_id, await activeCounselorIds(trx, c.company_id), now);
      return true;
    });
    if (took) escalated++;
  }
  return escalated;
}
