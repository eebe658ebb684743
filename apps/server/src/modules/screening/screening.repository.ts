import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { ScreeningsTable } from '../../db/tables';

// Screenings and repeat requests (screening.service.ts, decisions 0160, 0162), within one company.

export async function hasScreening(db: DB, companyId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('screenings').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId).limit(1).executeTakeFirst();
  return !!row;
}

/** The client's open repeat request, if any. */
export async function openRequest(db: DB, companyId: number, clientId: number) {
  return db.selectFrom('screening_requests').select(['id', 'requested_at']).where('company_id', '=', companyId).where('client_id', '=', clientId).where('answered_at', 'is', null).executeTakeFirst();
}

/** The screening stored under a submission key, if any. */
export async function screeningByKey(db: DB, companyId: number, uuid: string) {
  return db.selectFrom('screenings').select(['id', 'company_id', 'uuid', 'client_id', 'answers']).where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

export async function insertScreening(db: DB, values: Insertable<ScreeningsTable>): Promise<void> {
  await db.insertInto('screenings').values(values).execute();
}

/** Closes the client's open repeat request (answered now). */
export async function answerRequests(db: DB, companyId: number, clientId: number, now: string): Promise<void> {
  await db.updateTable('screening_requests').set({ answered_at: now }).where('company_id', '=', companyId).where('client_id', '=', clientId).where('answered_at', 'is', null).execute();
}

/** The client's screenings, oldest first. */
export async function screeningsOfClient(db: DB, companyId: number, clientId: number) {
  return db.selectFrom('screenings').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('id').execute();
}

/** Opens a repeat request unless one is open (the partial unique index keeps one). */
export async function insertRequestOnce(db: DB, companyId: number, clientId: number, requestedBy: number, now: string): Promise<void> {
  await db
    .insertInto('screening_requests')
    .values({ company_id: companyId, client_id: clientId, requested_by: requestedBy, requested_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).where('answered_at', 'is', null).doNothing())
    .execute();
}
