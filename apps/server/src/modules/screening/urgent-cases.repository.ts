import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { notify } from '../notifications/notify.repository';

// Urgent cases' rows and the notices they write (urgent-cases.ts, decision 0163): each change is one statement the
// partial unique index or a condition on the row keeps to once.

type Conn = Kysely<Database>;

/**
 * Tells `userIds` of an urgent case: an in-app row and an email each, whatever their preferences (safety comes
 * first). Neither says anything about the client or why: the in-app text and the email link to the Triage list.
 */
export async function tellCounselors(db: Conn, companyId: number, userIds: readonly number[], now: string): Promise<void> {
  // The kind alone: no client, no reason, nothing of what was said (decision 0200).
  await notify(db, companyId, { kind: 'urgent' }, { inApp: userIds, email: userIds }, now);
}

/** Opens a case unless the client has one open (the partial unique index); undefined when one was open. */
export async function insertOpenCase(db: Conn, companyId: number, clientId: number, source: 'button' | 'screening', now: string, escalateAt: string) {
  return db
    .insertInto('urgent_cases')
    .values({ company_id: companyId, client_id: clientId, source, created_at: now, escalate_at: escalateAt })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).where('acknowledged_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function openCaseOf(db: Conn, companyId: number, clientId: number) {
  return db
    .selectFrom('urgent_cases')
    .select('id')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
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

/** Cases left unacknowledged past their time, oldest first (50 a sweep). */
export async function dueCases(db: Conn, now: string) {
  return db
    .selectFrom('urgent_cases')
    .select(['id', 'company_id'])
    .where('acknowledged_at', 'is', null)
    .where('escalated_at', 'is', null)
    .where('escalate_at', '<=', now)
    .orderBy('escalate_at')
    .limit(50)
    .execute();
}

/** Claims a case's escalation: true when this call did (one conditional update). */
export async function claimEscalation(db: Conn, caseId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('urgent_cases')
    .set({ escalated_at: now })
    .where('id', '=', caseId)
    .where('acknowledged_at', 'is', null)
    .where('escalated_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
