import type { Insertable, Kysely } from 'kysely';
import { lockCompany } from '../../db/locks';
import type { Database, NotificationsTable, OutboxTable } from '../../db/tables';
import { newMessageId } from '../notifications/notification-events';
import { allCounselors, onCallCounselors, readSafety } from './safety-settings';

// Urgent cases (decision 0163). Raising one and telling the counselors on call is one transaction; the partial
// unique index keeps one open case per client, so a second press (or a screening after the button) adds nothing
// and tells nobody twice. Escalation is one conditional update per case: whichever process's update takes the row
// writes the notifications, in the same transaction, so they go out exactly once however many processes sweep.

type Conn = Kysely<Database>;
const MINUTE = 60_000;

/**
 * Tells `userIds` of an urgent case: an in-app row and an email each, whatever their preferences (safety comes
 * first). Neither says anything about the client or why: the in-app text and the email link to the Triage list.
 */
async function tellCounselors(db: Conn, companyId: number, userIds: readonly number[], now: string): Promise<void> {
  if (userIds.length === 0) return;
  const fields = { company_id: companyId, kind: 'urgent' as const, appointment_id: null, actor_id: null, appointment_date: null, previous_date: null, reason: null };
  const inApp: Insertable<NotificationsTable>[] = userIds.map((id) => ({ ...fields, user_id: id, created_at: now }));
  const emails: Insertable<OutboxTable>[] = userIds.map((id) => ({ ...fields, channel: 'email', recipient_id: id, due_at: now, message_id: newMessageId(), created_at: now }));
  await db.insertInto('notifications').values(inApp).execute();
  await db.insertInto('outbox').values(emails).execute();
}

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
  const inserted = await db
    .insertInto('urgent_cases')
    .values({ company_id: companyId, client_id: clientId, source, created_at: now, escalate_at: new Date(nowMs + safety.escalation_minutes * MINUTE).toISOString() })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).where('acknowledged_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const open = await db
      .selectFrom('urgent_cases')
      .select('id')
      .where('company_id', '=', companyId)
      .where('client_id', '=', clientId)
      .where('acknowledged_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { id: open.id, created: false };
  }
  await tellCounselors(db, companyId, await onCallCounselors(db, companyId, safety.on_call_ids), now);
  return { id: inserted.id, created: true };
}

/** Acknowledges an open case of the company: true when this call did (one conditional update). */
export async function acknowledgeCase(db: Conn, companyId: number, caseId: number, userId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('urgent_cases')
    .set({ acknowledged_by: userId, acknowledged_at: now })
    .where('id', '=', caseId)
    .where('company_id', '=', companyId)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Escalates every case left unacknowledged past its time: each one's escalation is claimed by a conditional
 * update, and the process that claims it tells every counselor, in the claim's transaction. Returns how many
 * this call escalated.
 */
export async function escalateDueCases(db: Kysely<Database>, nowMs: number): Promise<number> {
  const now = new Date(nowMs).toISOString();
  const due = await db
    .selectFrom('urgent_cases')
    .select(['id', 'company_id'])
    .where('acknowledged_at', 'is', null)
    .where('escalated_at', 'is', null)
    .where('escalate_at', '<=', now)
    .orderBy('escalate_at')
    .limit(50)
    .execute();
  let escalated = 0;
  for (const c of due) {
    const took = await db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('urgent_cases')
        .set({ escalated_at: now })
        .where('id', '=', c.id)
        .where('acknowledged_at', 'is', null)
        .where('escalated_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await tellCounselors(trx, c.company_id, await allCounselors(trx, c.company_id), now);
      return true;
    });
    if (took) escalated++;
  }
  return escalated;
}
