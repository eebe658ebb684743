import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { CorrectionRequestsTable } from '../../db/tables';

// Correction requests' SQL (docs/decisions/0235-client-file-and-disclosure.md). The answer is one conditional update.

export type CorrectionRow = Selectable<CorrectionRequestsTable>;

export async function correctionRowsOf(db: DB, companyId: number, clientId: number): Promise<CorrectionRow[]> {
  return db.selectFrom('correction_requests').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function insertCorrection(db: DB, row: Insertable<CorrectionRequestsTable>): Promise<CorrectionRow> {
  return db.insertInto('correction_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function correctionByUuid(db: DB, companyId: number, uuid: string): Promise<CorrectionRow | undefined> {
  return db.selectFrom('correction_requests').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

export async function correctionOfClient(db: DB, companyId: number, clientId: number, id: number): Promise<CorrectionRow | undefined> {
  return db.selectFrom('correction_requests').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

/** Stores the answer when the request has none yet; undefined when it was answered already. */
export async function answerOnce(db: DB, companyId: number, id: number, answer: Pick<CorrectionRow, 'outcome' | 'answer' | 'answered_by' | 'answered_by_name' | 'answered_at'>): Promise<CorrectionRow | undefined> {
  return db.updateTable('correction_requests').set(answer).where('company_id', '=', companyId).where('id', '=', id).where('answered_at', 'is', null).returningAll().executeTakeFirst();
}
