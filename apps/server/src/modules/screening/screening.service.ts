import {
  type ClientScreenings,
  gad7Band,
  type GAD7_BANDS,
  needsCrisisPath,
  phq9Band,
  type PHQ9_BANDS,
  type Screening,
  type ScreeningBody,
  type ScreeningReply,
  type ScreeningStatus,
  totalScore,
} from '@kalinga/contracts/screening/schemas';
import type { DB } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { findClient } from '../appointments/appointment.repository';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import type { ContentKeys } from '../../lib/field-crypto';
import { readAnswers, sealAnswers } from './screening-answers';
import { mayAct, openClientContent } from '../client-record/client-access';
import { readSafety } from './safety-settings';
import { raiseUrgentCase } from './urgent-cases';
import { answerRequests, hasScreening, insertRequestOnce, insertScreening, openRequest, screeningByKey, screeningsOfClient } from './screening.repository';

// Intake screening (decisions 0160, 0162): the client answers, the server scores; only the client's care team reads
// answers and scores (decision 0200), and each read is recorded in the access log.

/** What the signed-in client is asked for: the site's mode, whether they answered before, an open repeat request. */
export async function screeningStatus(db: DB, auth: AuthContext): Promise<ScreeningStatus> {
  const safety = await readSafety(db, auth.companyId);
  if (isCounselor(auth)) return { mode: safety.intake_mode, done: true, requested: false };
  const done = await hasScreening(db, auth.companyId, auth.user.id);
  const open = await openRequest(db, auth.companyId, auth.user.id);
  return { mode: safety.intake_mode, done, requested: !!open };
}

/**
 * Stores the client's own answers with their scores and bands. The first is the intake; later ones are follow-ups
 * (and close an open repeat request). PHQ-9 item 9 above "Not at all" raises an urgent case in the same transaction.
 */
export async function submitScreening(db: DB, keys: ContentKeys, auth: AuthContext, body: ScreeningBody, nowMs = Date.now()): Promise<ScreeningReply> {
  if (isCounselor(auth)) throw forbidden('Only clients answer the intake questionnaires.');
  const now = new Date(nowMs).toISOString();
  const crisis = needsCrisisPath(body.phq9);
  return db.transaction().execute(async (trx) => {
    await lockCompany(trx, auth.companyId);
    // The same submission again (its key, under the company's lock): the first reply, nothing stored or raised twice.
    const same = await screeningByKey(trx, auth.companyId, body.uuid);
    if (same) {
      if (same.client_id !== auth.user.id) throw unprocessable({ uuid: ['This submission key is already used.'] }, 'This submission key is already used.');
      return { crisis: needsCrisisPath(readAnswers(keys, same).phq9) };
    }
    const earlier = await hasScreening(trx, auth.companyId, auth.user.id);
    const phq9 = totalScore(body.phq9);
    const gad7 = totalScore(body.gad7);
    await insertScreening(trx, {
      company_id: auth.companyId,
      client_id: auth.user.id,
      uuid: body.uuid,
      kind: earlier ? 'follow-up' : 'intake',
      answers: sealAnswers(keys, { company_id: auth.companyId, uuid: body.uuid }, { phq9: body.phq9, gad7: body.gad7, difficulty: body.difficulty ?? null }),
      phq9_score: phq9,
      phq9_band: phq9Band(phq9),
      gad7_score: gad7,
      gad7_band: gad7Band(gad7),
      created_at: now,
    });
    await answerRequests(trx, auth.companyId, auth.user.id, now);
    if (crisis) await raiseUrgentCase(trx, auth.companyId, auth.user.id, 'screening', nowMs);
    return { crisis };
  });
}

/** A client of the company (a student or personnel), or 404: another company's user is invisible. */
async function clientOf(db: DB, companyId: number, clientId: number) {
  const row = await findClient(db, companyId, clientId);
  if (!row) throw notFound('Client');
  return row;
}

/** A client's screenings for their care team (decision 0200), oldest first; the read is recorded in the same transaction. */
export async function clientScreenings(db: DB, keys: ContentKeys, auth: AuthContext, clientId: number): Promise<ClientScreenings> {
  const client = await clientOf(db, auth.companyId, clientId);
  return db.transaction().execute(async (trx) => {
    await openClientContent(trx, auth, clientId, 'screenings');
    const rows = await screeningsOfClient(trx, auth.companyId, clientId);
    const open = await openRequest(trx, auth.companyId, clientId);
    const screenings: Screening[] = rows.map((r) => {
      const answers = readAnswers(keys, r);
      return {
        id: r.id,
        kind: r.kind,
        phq9: answers.phq9,
        gad7: answers.gad7,
        difficulty: answers.difficulty,
        phq9_score: r.phq9_score,
        phq9_band: r.phq9_band as (typeof PHQ9_BANDS)[number],
        gad7_score: r.gad7_score,
        gad7_band: r.gad7_band as (typeof GAD7_BANDS)[number],
        created_at: r.created_at,
      };
    });
    return { client: { id: client.id, name: client.name }, screenings, requested_at: open?.requested_at ?? null };
  });
}

/** A counselor asks the client to answer again at a follow-up; asking while a request is open keeps that one. */
export async function requestRepeat(db: DB, auth: AuthContext, clientId: number): Promise<{ requested_at: string }> {
  // The care team's action (decision 0200): it shows no content, so it is not recorded as a view.
  await mayAct(db, auth, clientId, 'screenings');
  const now = new Date().toISOString();
  await insertRequestOnce(db, auth.companyId, clientId, auth.user.id, now);
  const open = await openRequest(db, auth.companyId, clientId);
  if (!open) throw new Error('The repeat request just written is not found.');
  return { requested_at: open.requested_at };
}

