import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { UUID_UNUSABLE } from '@kalinga/contracts/common';
import type { Correction, CorrectionAnswerBody, CorrectionBody } from '@kalinga/contracts/client-file';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { isUniqueViolation } from '../../lib/db-errors';
import { ENCRYPTED_COLUMNS, openColumn, sealColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { assertClientOf, mayAct, openClientContent } from './client-access';
import { answerOnce, correctionByUuid, correctionOfClient, correctionRowsOf, type CorrectionRow, insertCorrection } from './corrections.repository';

// Correction requests (docs/decisions/0235-client-file-and-disclosure.md): a client asks their care team to correct
// their record; a care-team counselor answers once (corrected or declined, with words), and the answer is kept and
// shown to the client. Bodies and answers are encrypted at rest. A closed file still takes an answer.

export const ANSWERED_ALREADY = 'This request was answered already.';

type Row = CorrectionRow;

function toCorrection(keys: ContentKeys, r: Row): Correction {
  return {
    id: r.id,
    uuid: r.uuid,
    body: openColumn(keys, ENCRYPTED_COLUMNS.correctionBody, r, r.body),
    created_at: r.created_at,
    outcome: r.outcome,
    answer: r.answer === null ? null : openColumn(keys, ENCRYPTED_COLUMNS.correctionAnswer, r, r.answer),
    answered_by_name: r.answered_by_name,
    answered_at: r.answered_at,
  };
}

/** A client's requests, newest first (the caller has opened the content already). */
export async function correctionsOf(db: DB, keys: ContentKeys, companyId: number, clientId: number): Promise<Correction[]> {
  const rows = await correctionRowsOf(db, companyId, clientId);
  return rows.map((r) => toCorrection(keys, r));
}

/** The client's own requests; the read is recorded (via 'self'). */
export async function myCorrections(db: DB, keys: ContentKeys, auth: AuthContext): Promise<Correction[]> {
  return db.transaction().execute(async (trx) => {
    await openClientContent(trx, auth, auth.user.id, 'client_file');
    return correctionsOf(trx, keys, auth.companyId, auth.user.id);
  });
}

/** A client asks for a correction; the same uuid again gives the first request back (created: false). */
export async function askCorrection(db: DB, keys: ContentKeys, auth: AuthContext, body: CorrectionBody): Promise<{ correction: Correction; created: boolean }> {
  await assertClientOf(db, auth.companyId, auth.user.id);
  const row = { company_id: auth.companyId, uuid: body.uuid };
  try {
    const inserted = await insertCorrection(db, { ...row, client_id: auth.user.id, body: sealColumn(keys, ENCRYPTED_COLUMNS.correctionBody, row, body.body), created_at: new Date().toISOString(), outcome: null, answer: null, answered_by: null, answered_by_name: null, answered_at: null });
    return { correction: toCorrection(keys, inserted), created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const same = await correctionByUuid(db, auth.companyId, body.uuid);
    if (!same || same.client_id !== auth.user.id) throw unprocessable({ uuid: [UUID_UNUSABLE] }, UUID_UNUSABLE);
    return { correction: toCorrection(keys, same), created: false };
  }
}

/** A care-team counselor answers a request once (one conditional statement: a second answer is 409). */
export async function answerCorrection(db: DB, keys: ContentKeys, auth: AuthContext, clientId: number, correctionId: number, body: CorrectionAnswerBody): Promise<Correction> {
  return db.transaction().execute(async (trx) => {
    const right = await mayAct(trx, auth, clientId, 'client_file');
    if (right.via !== 'care_team') throw forbidden(CARE_TEAM_ONLY);
    const found = await correctionOfClient(trx, auth.companyId, clientId, correctionId);
    if (!found) throw notFound('Correction request');
    await openClientContent(trx, auth, clientId, 'client_file');
    const updated = await answerOnce(trx, auth.companyId, correctionId, { outcome: body.outcome, answer: sealColumn(keys, ENCRYPTED_COLUMNS.correctionAnswer, found, body.answer), answered_by: auth.user.id, answered_by_name: auth.user.name, answered_at: new Date().toISOString() });
    if (!updated) throw conflict(ANSWERED_ALREADY);
    return toCorrection(keys, updated);
  });
}
